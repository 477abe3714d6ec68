import Foundation
import Testing

/// Issue 32, items 17 and 18: `calc` outside a checkout, and `calc --batch` as people write it.
@Suite("calc outside a checkout, and --batch as people write it")
struct CalcFirstHourTests {
    @Test("32.17: calc where there is no TaxData/ uses the data built into taxdata, and says so")
    func outsideACheckout() throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let result = try run(taxdataBinary, ["calc", "--year", "2026", "--status", "single", "--state", "TX", "--gross", "50000"], cwd: tmp)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: no TaxData/ here; using the tax data built into taxdata"), "\(result.stderr)")
        #expect(result.stdout.contains("net pay"))
        // An explicit tree that is not there is still an error, not a fallback.
        let explicit = try run(taxdataBinary, ["calc", "--year", "2026", "--status", "single", "--gross", "50000", "--sources", "Elsewhere"], cwd: tmp)
        #expect(explicit.status != 0)
        #expect(!explicit.stderr.contains("built into taxdata"))
    }

    func batch(_ lines: [String], _ extra: [String] = []) async throws -> [[String: Any]] {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let file = tmp.appendingPathComponent("cases.jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let result = try await taxdata(["calc", "--batch", file.path] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    @Test("32.18: gross as an exact JSON number; the id echoed on a line that is not a case; age and children checked")
    func batchInputs() async throws {
        let out = try await batch([
            #"{"id":"n","year":2026,"status":"single","state":"TX","gross":85000.5}"#,
            #"{"id":"s","year":2026,"status":"single","state":"TX","gross":"85000.50"}"#,
            #"{"id":"bad","year":"soon","status":"single","gross":"1"}"#,
            #"{"id":"old","year":2026,"status":"single","gross":"50000","age":-5}"#,
            #"{"id":"kids","year":2026,"status":"single","gross":"50000","children":1}"#,
        ])
        try #require(out.count == 5)
        let number = try #require(out[0]["result"] as? [String: Any]), text = try #require(out[1]["result"] as? [String: Any])
        #expect(number["netPay"] as? NSNumber == text["netPay"] as? NSNumber, "a number and its text give the same result")
        #expect(out[2]["id"] as? String == "bad" && out[2]["error"] != nil, "\(out[2])")
        #expect(out[3]["id"] as? String == "old" && (out[3]["error"] as? String)?.contains("age") == true, "\(out[3])")
        #expect(out[4]["result"] != nil, "children alone count as dependents: \(out[4])")
    }

    @Test("32.18: --batch takes --bundle; a case of another year is an error line")
    func batchBundle() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dist = tmp.appendingPathComponent("dist")
        #expect(try await taxdata("build", packageRoot.appendingPathComponent("TaxData").path, "--out", dist.path).status == 0)
        let out = try await batch([#"{"id":"a","year":2026,"status":"single","state":"CA","gross":"90000"}"#,
                                   #"{"id":"b","year":2025,"status":"single","gross":"90000"}"#],
                                  ["--bundle", dist.appendingPathComponent("2026").path])
        try #require(out.count == 2)
        #expect(out[0]["result"] != nil, "\(out[0])")
        #expect((out[1]["error"] as? String)?.contains("not 2025") == true, "\(out[1])")
    }

    @Test("32.18: --children alone is not a usage error: dependents default to the children")
    func childrenAlone() async throws {
        let result = try await taxdata("calc", "--year", "2026", "--status", "single", "--gross", "60000", "--children", "1")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await taxdata("calc", "--year", "2026", "--status", "single", "--gross", "60000", "--age", "-5").status == 2)
    }

    @Test("32.19: the marginal rate counts every payroll line: CA's uncapped SDI is in it, so the next $100 costs what it says")
    func marginalRateWithSDI() async throws {
        struct Figures: Decodable { var marginalRate: Decimal; var totalTax: Decimal } // exact, from the digits
        func calc(_ gross: String) async throws -> Figures {
            let result = try await taxdata("calc", "--year", "2025", "--status", "single", "--state", "CA", "--gross", gross, "--format", "json")
            #expect(result.status == 0, "\(result.stderr)")
            return try JSONDecoder().decode(Figures.self, from: Data(result.stdout.utf8))
        }
        let at = try await calc("100000"), next = try await calc("100100")
        let rate = at.marginalRate
        let cost = next.totalTax - at.totalTax
        #expect(rate == Decimal(string: "0.4015"), "\(rate)")
        #expect(abs(cost - rate * 100) < Decimal(string: "0.05")!, "the next $100 cost \(cost), the marginal rate says \(rate * 100)")
    }
}
