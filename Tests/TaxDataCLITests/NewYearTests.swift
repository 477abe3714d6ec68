import Foundation
import Testing

@Suite("taxdata new-year and build --release")
struct NewYearTests {
    @Test("32.21, 32.12: the year.yaml example in docs/authoring.md checks clean, and its changes reach the manifest and the version endpoint")
    func yearExample() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let tree = tmp.appendingPathComponent("TaxData")
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("TaxData").path, toPath: tree.path)
        let doc = try String(contentsOf: packageRoot.appendingPathComponent("docs/authoring.md"), encoding: .utf8)
        let example = try #require(fencedBlocks(doc, language: "yaml").first { $0.hasPrefix("taxYear: 2026\nversion: ") })
        try Data(example.utf8).write(to: tree.appendingPathComponent("2026/year.yaml"))
        let check = try await taxdata("check", tree.path, "--year", "2026")
        #expect(check.status == 0, "\(check.stdout.prefix(1500))")
        let dist = tmp.appendingPathComponent("dist")
        #expect(try await taxdata("build", tree.path, "--out", dist.path).status == 0)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: dist.appendingPathComponent("2026/manifest.json"))) as! [String: Any]
        #expect((manifest["changes"] as? String)?.contains("Georgia") == true, "\(manifest)")
        // A year that declares an older schema cannot use it.
        try Data(example.replacingOccurrences(of: #"schemaVersion: "[0-9.]+""#, with: #"schemaVersion: "1.8""#, options: .regularExpression).utf8).write(to: tree.appendingPathComponent("2026/year.yaml"))
        let old = try await taxdata("check", tree.path, "--year", "2026")
        #expect(old.status == 1 && old.stdout.contains("changes needs schemaVersion \"1.9\""), "\(old.stdout.prefix(1500))")
    }

    @Test("32.16: check after new-year prints totals by rule and by file; --rule and --only show a part, the exit status counts all")
    func totalsAndFilters() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let tree = try await scaffolded2027(in: tmp)
        let all = try await taxdata("check", tree.path)
        #expect(all.status == 0)
        #expect(all.stderr.contains("findings by rule: "), "\(all.stderr)")
        #expect(all.stderr.contains("data.provisional"))
        #expect(all.stderr.contains("findings by file: "))
        let rule = try await taxdata("check", tree.path, "--rule", "sources.carried-over")
        let lines = rule.stdout.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") }
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("[sources.carried-over]") }, "\(rule.stdout.prefix(500))")
        #expect(rule.stderr.contains("not shown (--rule/--only)"))
        let federal = tree.appendingPathComponent("2027/federal.yaml").path
        let only = try await taxdata("check", tree.path, "--only", federal)
        let onlyLines = only.stdout.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") }
        #expect(!onlyLines.isEmpty && onlyLines.allSatisfy { $0.hasPrefix(federal + ":") }, "\(only.stdout.prefix(500))")
        // A hidden error still fails the run.
        try Data("taxYear: 2027\n".utf8).write(to: tree.appendingPathComponent("2027/states/TX.yaml"))
        let hidden = try await taxdata("check", tree.path, "--rule", "data.provisional")
        #expect(hidden.status == 1)
        #expect(!hidden.stdout.contains("TX.yaml"))
    }

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
        // (The localities carried into 2027 are estimated until someone reads the new year's figures,
        // each with its own citations: this release goes without them.)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("localities"))
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
