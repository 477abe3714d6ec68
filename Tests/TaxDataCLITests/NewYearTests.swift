import Foundation
import Testing

@Suite("taxdata new-year and build --release")
struct NewYearTests {
    @Test("new-year scaffolds a draft that checks clean; build --release refuses it until every provisional value is replaced")
    func scaffoldThenRelease() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let tree = tmp.appendingPathComponent("TaxData")
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("TaxData").path, toPath: tree.path)
        let made = try await taxdata("new-year", "2027", "--from", "2026", "--index", "2.7%", "--sources", tree.path)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try await taxdata("new-year", "2027", "--from", "2026", "--sources", tree.path).status == 2) // exists
        #expect(try await taxdata("new-year", "2029", "--from", "2026", "--sources", tree.path).status == 2)

        // The scaffold compiles, and check warns about each provisional value.
        let check = try await taxdata("check", tree.path, "--format", "json")
        #expect(check.status == 0)
        let report = try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as! [String: Any]
        let provisional = (report["diagnostics"] as! [[String: Any]]).filter { $0["rule"] as? String == "data.provisional" }
        #expect(provisional.count > 50)
        let carried = (report["diagnostics"] as! [[String: Any]]).filter { $0["rule"] as? String == "sources.carried-over" }
        #expect(carried.count >= 54) // every document cites at least one source

        #expect(provisional.allSatisfy { ($0["file"] as? String)?.contains("/2027/") == true && ($0["line"] as? Int ?? 0) > 0 })
        let federal = try String(contentsOf: tree.appendingPathComponent("2027/federal.yaml"), encoding: .utf8)
        #expect(federal.contains("single: { value: 16500, provisional: \"2026 16100 × 1.027 = 16534.7, rounded down to a multiple of 50\" }"))
        let fica = try String(contentsOf: tree.appendingPathComponent("2027/fica.yaml"), encoding: .utf8)
        #expect(fica.contains("married_filing_jointly: 250000")) // statutory: copied, not provisional

        // A release refuses it, and leaves no output.
        let dist = tmp.appendingPathComponent("dist")
        let refused = try await taxdata("build", tree.path, "--out", dist.path, "--release")
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("[publish.provisional]"))
        #expect(!FileManager.default.fileExists(atPath: dist.path))
        #expect(try await taxdata("build", tree.path, "--out", dist.path).status == 0) // a draft build is allowed

        // An author replaces every provisional value (here: accepts the scaffolded figure)...
        let directory = tree.appendingPathComponent("2027")
        func edit(_ change: (String) -> String) async throws {
            let enumerator = FileManager.default.enumerator(atPath: directory.path)!
            while let relative = enumerator.nextObject() as? String {
                guard relative.hasSuffix(".yaml") else { continue }
                let url = directory.appendingPathComponent(relative)
                try change(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
            }
        }
        try await edit { text in
            text.replacingOccurrences(of: #"\{ value: ([0-9.]+), provisional: "[^"]*" \}"#, with: "$1", options: .regularExpression)
                .replacingOccurrences(of: #", provisional: "[^"]*""#, with: "", options: .regularExpression)
        }
        // ...but the scaffold is still graded estimated: a release refuses it until it is graded.
        let ungraded = try await taxdata("build", tree.path, "--out", tmp.appendingPathComponent("ungraded").path, "--release")
        #expect(ungraded.status == 1)
        #expect(ungraded.stdout.contains("[publish.estimated]"))
        try await edit { $0.replacingOccurrences(of: "provenance: estimated", with: "provenance: official") }
        // ...and every citation still carried over from 2026 is refused, naming the file and line.
        let stale = try await taxdata("build", tree.path, "--out", tmp.appendingPathComponent("stale").path, "--release")
        #expect(stale.status == 1)
        #expect(stale.stdout.contains("2027/federal.yaml:") && stale.stdout.contains("[publish.carried-over]"), "\(stale.stdout)")
        #expect(!FileManager.default.fileExists(atPath: tmp.appendingPathComponent("stale").path))
        try await edit { $0.replacingOccurrences(of: "[2026 publication: replace with the 2027 one] ", with: "") }
        let released = try await taxdata("build", tree.path, "--out", tmp.appendingPathComponent("released").path, "--release")
        #expect(released.status == 0, "\(released.stdout)\(released.stderr)")
        #expect(try await taxdata("verify", tmp.appendingPathComponent("released").path).status == 0)
    }
}
