import Foundation
import Testing
import TaxDataCompiler
import TaxDataCore

@Suite("taxdata calc")
struct CalcCommandTests {
    let sources = packageRoot.appendingPathComponent("TaxData").path

    @Test("--batch: one JSON line per case, in order; a bad case is an error line, the others still run")
    func batch() async throws {
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
        let result = try await taxdata("calc", "--batch", file.path, "--sources", sources)
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(out.count == 6)
        #expect(out.map { $0["id"] as? String } == ["tx", "bad-state", "number", nil, "ca", nil])
        // The same figures as a single calculation.
        let tx = out[0]["result"] as! [String: Any]
        #expect(tx["federalIncomeTax"] as? Int == 13170 && tx["netPay"] as? Int == 79180)
        #expect((out[1]["error"] as? String)?.contains("'ZZ' is not a USPS code") == true)
        // A JSON number is read from its digits (never through a Double): the same result as the text.
        #expect((out[2]["result"] as? [String: Any])?["netPay"] as? Int == 79180, "\(out[2])")
        #expect((out[3]["error"] as? String)?.hasPrefix("line 4:") == true)
        #expect((out[4]["result"] as? [String: Any])?["dependents"] as? Int == 2)
        #expect((out[5]["error"] as? String)?.contains("longer than 4096 bytes") == true)
        // Cases come from the file: the single-case options are refused with it.
        #expect(try await taxdata("calc", "--batch", file.path, "--year", "2026").status == 2)
    }

    @Test("prints a breakdown, JSON, and clear errors for bad input")
    func calc() async throws {
        let text = try await taxdata("calc", "--year", "2026", "--status", "single", "--state", "TX", "--gross", "100000", "--sources", sources)
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains("federal income tax") && $0.hasSuffix(" 13,170.00") })
        #expect(lines.contains { $0.contains("net pay") && $0.hasSuffix(" 79,180.00") })
        let json = try await taxdata("calc", "--year", "2026", "--status", "single", "--state", "TX", "--gross", "100000",
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
            let result = try await taxdata(arguments)
            #expect(result.status == 2, "\(bad): \(result.stderr)")
            #expect(!result.stderr.isEmpty)
        }
    }

    @Test("--dependents applies the state's dependent credit, says so, and is in the JSON")
    func dependents() async throws {
        let json = try await taxdata("calc", "--year", "2025", "--status", "single", "--state", "CA", "--gross", "100000",
                               "--dependents", "2", "--format", "json", "--sources", sources)
        #expect(json.status == 0, "\(json.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(object["dependents"] as? Int == 2)
        #expect(json.stdout.contains("\"stateIncomeTax\" : 4104.98,"), "\(json.stdout)") // exact text: JSONSerialization would read a Double
        #expect((object["notes"] as? [String])?.contains { $0.contains("dependent credit 2 × 475") } == true)
        #expect(try await taxdata("calc", "--year", "2025", "--status", "single", "--state", "CA", "--gross", "1", "--dependents", "21",
                            "--sources", sources).status == 2)
    }

    @Test("--children applies the federal child tax credit to that many of the dependents")
    func children() async throws {
        // 2025 MFJ, 150,000: federal tax 15,898 less 2 × 2,200 (P.L. 119-21) = 11,498.
        let json = try await taxdata("calc", "--year", "2025", "--status", "married_filing_jointly", "--state", "TX", "--gross", "150000",
                               "--dependents", "2", "--children", "2", "--format", "json", "--sources", sources)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains("\"federalIncomeTax\" : 11498,"), "\(json.stdout)")
        #expect(json.stdout.contains("\"children\" : 2,"))
        let tooMany = try await taxdata("calc", "--year", "2025", "--status", "single", "--state", "TX", "--gross", "1",
                                  "--dependents", "1", "--children", "2", "--sources", sources)
        #expect(tooMany.status == 2 && tooMany.stderr.contains("--children"))
    }

    /// The amount on the text line labelled `label` ("  net pay   65,776.02").
    func amount(_ output: String, _ label: String) -> Decimal? {
        output.split(separator: "\n").first { $0.hasPrefix("  \(label) ") }
            .flatMap { $0.split(separator: " ").last }.flatMap { Money.parse($0.replacingOccurrences(of: ",", with: "")) }
    }

    @Test("without --state, or with --state none: federal and FICA only, the same figures as a state without income tax")
    func withoutState() async throws {
        let plain = try await taxdata("calc", "--year", "2026", "--status", "single", "--gross", "100000", "--sources", sources)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains(", single, no state (federal and FICA only)"))
        let none = try await taxdata("calc", "--year", "2026", "--status", "single", "--state", "none", "--gross", "100000", "--sources", sources)
        #expect(none.status == 0 && none.stdout == plain.stdout)
        #expect(!plain.stdout.contains("taxable income\n") && plain.stdout.split(separator: "\n").filter { $0.contains("income tax") }.count == 1)
        let texas = try await taxdata("calc", "--year", "2026", "--status", "single", "--state", "TX", "--gross", "100000", "--sources", sources)
        for label in ["federal income tax", "social security", "medicare", "total tax", "net pay"] {
            #expect(amount(plain.stdout, label) != nil && amount(plain.stdout, label) == amount(texas.stdout, label), "\(label)")
        }
        let json = try await taxdata("calc", "--year", "2026", "--status", "single", "--gross", "100000", "--format", "json", "--sources", sources)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(object["state"] == nil && object["stateIncomeTax"] as? Int == 0)
        let city = try await taxdata("calc", "--year", "2026", "--status", "single", "--gross", "1", "--city", "NYC", "--sources", sources)
        #expect(city.status == 2 && city.stderr.contains("--city NYC needs --state NY"), "\(city.stderr)")
        // --city takes NYC only: another city is a --locality, and the error says so.
        let detroit = try await taxdata("calc", "--year", "2026", "--status", "single", "--gross", "1", "--state", "MI", "--city", "Detroit", "--sources", sources)
        #expect(detroit.status == 2 && detroit.stderr.contains("--city takes NYC only")
            && detroit.stderr.contains("--locality ID"), "\(detroit.stderr)")
        // A batch case without a state is federal and FICA only too.
        let file = try temporaryDirectory().appendingPathComponent("cases.jsonl")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try Data(#"{"id":"none","year":2026,"status":"single","gross":"100000"}"#.utf8).write(to: file)
        let batch = try await taxdata("calc", "--batch", file.path, "--sources", sources)
        #expect(batch.status == 0 && batch.stdout.contains(#""netPay":\#(amount(plain.stdout, "net pay").map { Money.text($0) } ?? "?")"#), "\(batch.stdout)")
    }

    @Test("a state without data for the year exits 1 and names the coverage command, which shows it missing")
    func stateWithoutData() async throws {
        let tree = packageRoot.appendingPathComponent("Fixtures/check/_base").path
        let result = try await taxdata("calc", "--year", "2024", "--status", "single", "--state", "NY", "--gross", "1000", "--sources", tree)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("NY has no 2024 data"), "\(result.stderr)")
        #expect(result.stderr.contains("`taxdata check \(tree) --coverage`"), "\(result.stderr)")
        #expect(!result.stderr.contains("Usage:"))
        let coverage = try await taxdata("check", tree, "--coverage")
        #expect(coverage.stdout.split(separator: "\n").contains { $0.hasPrefix("NY ") && $0.hasSuffix("MISSING") }, "\(coverage.stdout)")
    }

    @Test("notes: a draft year and its provisional values, pre-tax deductions above gross, negative net pay")
    func notes() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let fixture = try CheckFixture.materialize("data.provisional", in: tmp)
        let year = try #require(TreeCompiler.compile(try readTree(fixture)).years.first)
        let used = year.provisional.keys.filter { path in
            switch path.document { case .federal, .fica, .retirement: true; case .state(let code): code == "TX"; case .year: false }
        }.count
        #expect(year.meta.status == .draft && used > 0)
        let draft = try await taxdata("calc", "--year", "2024", "--status", "single", "--state", "TX", "--gross", "50000", "--sources", fixture.path)
        #expect(draft.status == 0, "\(draft.stderr)")
        #expect(draft.stdout.contains("note: 2024 is a draft year, not published: its figures may change; \(used) of the values used here are provisional"),
                "\(draft.stdout)")
        let published = try await taxdata("calc", "--year", "2026", "--status", "single", "--state", "TX", "--gross", "50000", "--sources", sources)
        #expect(!published.stdout.contains("draft"))

        let negative = try await taxdata("calc", "--year", "2026", "--status", "single", "--state", "TX", "--gross", "2000",
                                   "--pre-tax", "401k=2000", "--pre-tax", "section125=500", "--sources", sources)
        #expect(negative.status == 0, "\(negative.stderr)")
        #expect(negative.stdout.contains("note: pre-tax deductions of 2500 exceed gross wages of 2000: 2000 applied"), "\(negative.stdout)")
        let net = try #require(amount(negative.stdout, "net pay"))
        #expect(net < 0)
        #expect(negative.stdout.contains("note: net pay is negative (\(Money.text(net)))"), "\(negative.stdout)")
        #expect(!published.stdout.contains("net pay is negative"))
    }

    @Test("the per-period table has a pre-tax column, and every row adds up: gross - pre-tax - tax = net")
    func periods() async throws {
        let result = try await taxdata("calc", "--year", "2025", "--status", "single", "--state", "CA", "--gross", "100000",
                                 "--pre-tax", "401k=10000", "--pre-tax", "hsa=1234.56", "--sources", sources)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("  per period") })
        #expect(lines[header].split(separator: " ") == ["per", "period", "gross", "pre-tax", "tax", "net"])
        let annualPreTax = try #require(amount(result.stdout, "pre-tax deductions"))
        for (row, perYear) in zip(lines[(header + 1)...(header + 4)], [52, 26, 24, 12]) {
            let cells = row.split(separator: " ").dropFirst().compactMap { Money.parse($0.replacingOccurrences(of: ",", with: "")) }
            try #require(cells.count == 4, "\(row)")
            #expect(cells[0] - cells[1] - cells[2] == cells[3], "\(row)")
            #expect(abs(cells[1] * Decimal(perYear) - annualPreTax) <= Decimal(perYear) / 200, "\(row): pre-tax is the annual amount per period")
        }
        let json = try await taxdata("calc", "--year", "2025", "--status", "single", "--state", "CA", "--gross", "100000",
                               "--pre-tax", "401k=10000", "--pre-tax", "hsa=1234.56", "--format", "json", "--sources", sources)
        struct Period: Decodable { var gross: Decimal, preTax: Decimal, tax: Decimal, net: Decimal }
        struct Report: Decodable { var periods: [String: Period] }
        let periods = try JSONDecoder().decode(Report.self, from: Data(json.stdout.utf8)).periods
        #expect(periods.count == 4)
        for (name, period) in periods {
            #expect(period.gross - period.preTax - period.tax == period.net, "\(name): \(period)")
            #expect(period.preTax > 0)
        }
    }

    @Test("calc and fetch offer text and json only; check still offers github")
    func formats() async throws {
        for command in ["calc", "fetch"] {
            let help = try await taxdata(command, "--help")
            #expect(help.status == 0 && help.stdout.contains("--format") && !help.stdout.contains("github"), "\(command): \(help.stdout)")
        }
        let refused = try await taxdata("calc", "--year", "2026", "--status", "single", "--gross", "1", "--format", "github", "--sources", sources)
        #expect(refused.status == 2 && refused.stderr.contains("'text' and 'json'"), "\(refused.stderr)")
        #expect(try await taxdata("check", "--help").stdout.contains("github"))
    }
}
