import Foundation
import Testing
import TaxDataCore

@Suite("taxdata calc")
struct CalcCommandTests {
    let sources = packageRoot.appendingPathComponent("TaxData").path

    @Test("--batch: one JSON line per case, in order; a bad case is an error line, the others still run")
    func batch() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("calc-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cases.jsonl")
        let lines = [
            #"{"id":"tx","year":2026,"status":"single","state":"TX","gross":"100000"}"#,
            #"{"id":"bad-state","year":2026,"status":"single","state":"ZZ","gross":"1"}"#,
            #"{"id":"number","year":2026,"status":"single","state":"TX","gross":100000}"#,
            "not json",
            "",
            #"{"id":"ca","year":2026,"status":"married_filing_jointly","state":"CA","gross":"150000","dependents":2,"children":1}"#,
            "{\"id\":\"" + String(repeating: "x", count: 5000) + "\"}",
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let result = try taxdata("calc", "--batch", file.path, "--sources", sources)
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(out.count == 6)
        #expect(out.map { $0["id"] as? String } == ["tx", "bad-state", nil, nil, "ca", nil])
        // The same figures as a single calculation.
        let tx = out[0]["result"] as! [String: Any]
        #expect(tx["federalIncomeTax"] as? Int == 13170 && tx["netPay"] as? Int == 79180)
        #expect((out[1]["error"] as? String)?.contains("'ZZ' is not a USPS code") == true)
        #expect((out[2]["error"] as? String)?.contains("gross") == true) // a number would go through a Double
        #expect((out[3]["error"] as? String)?.hasPrefix("line 4:") == true)
        #expect((out[4]["result"] as? [String: Any])?["dependents"] as? Int == 2)
        #expect((out[5]["error"] as? String)?.contains("longer than 4096 bytes") == true)
        // Cases come from the file: the single-case options are refused with it.
        #expect(try taxdata("calc", "--batch", file.path, "--year", "2026").status == 2)
    }

    @Test("prints a breakdown, JSON, and clear errors for bad input")
    func calc() throws {
        let text = try taxdata("calc", "--year", "2026", "--status", "single", "--state", "TX", "--gross", "100000", "--sources", sources)
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains("federal income tax") && $0.hasSuffix(" 13,170.00") })
        #expect(lines.contains { $0.contains("net pay") && $0.hasSuffix(" 79,180.00") })
        let json = try taxdata("calc", "--year", "2026", "--status", "single", "--state", "TX", "--gross", "100000",
                               "--pre-tax", "401k=10000", "--format", "json", "--sources", sources)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(object["federalTaxableIncome"] as? Int == 73900)
        for bad in [["--gross=-5"], ["--state", "ZZ"], ["--status", "married"], ["--year", "1999"], ["--pre-tax", "ira=5"], ["--gross", "1e5"]] {
            var arguments = ["calc", "--year", "2026", "--status", "single", "--state", "TX", "--gross", "1000", "--sources", sources]
            for pair in stride(from: 0, to: bad.count, by: 1) where bad[pair].hasPrefix("--") {
                let flag = bad[pair].split(separator: "=").first.map(String.init)!
                if let i = arguments.firstIndex(of: flag) { arguments.removeSubrange(i...(i + 1)) }
            }
            arguments += bad
            let result = try run(taxdataBinary, arguments)
            #expect(result.status == 2, "\(bad): \(result.stderr)")
            #expect(!result.stderr.isEmpty)
        }
    }

    @Test("--dependents applies the state's dependent credit, says so, and is in the JSON")
    func dependents() throws {
        let json = try taxdata("calc", "--year", "2025", "--status", "single", "--state", "CA", "--gross", "100000",
                               "--dependents", "2", "--format", "json", "--sources", sources)
        #expect(json.status == 0, "\(json.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(object["dependents"] as? Int == 2)
        #expect(json.stdout.contains("\"stateIncomeTax\" : 4104.98,"), "\(json.stdout)") // exact text: JSONSerialization would read a Double
        #expect((object["notes"] as? [String])?.contains { $0.contains("dependent credit 2 × 475") } == true)
        #expect(try taxdata("calc", "--year", "2025", "--status", "single", "--state", "CA", "--gross", "1", "--dependents", "21",
                            "--sources", sources).status == 2)
    }

    @Test("--children applies the federal child tax credit to that many of the dependents")
    func children() throws {
        // 2025 MFJ, 150,000: federal tax 15,898 less 2 × 2,200 (P.L. 119-21) = 11,498.
        let json = try taxdata("calc", "--year", "2025", "--status", "married_filing_jointly", "--state", "TX", "--gross", "150000",
                               "--dependents", "2", "--children", "2", "--format", "json", "--sources", sources)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains("\"federalIncomeTax\" : 11498,"), "\(json.stdout)")
        #expect(json.stdout.contains("\"children\" : 2,"))
        let tooMany = try taxdata("calc", "--year", "2025", "--status", "single", "--state", "TX", "--gross", "1",
                                  "--dependents", "1", "--children", "2", "--sources", sources)
        #expect(tooMany.status == 2 && tooMany.stderr.contains("--children"))
    }
}
