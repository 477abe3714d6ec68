import Foundation
import Testing

/// Golden files for each format on real years; set UPDATE_GOLDEN=1 to rewrite them after a
/// reviewed data change.
@Suite("taxdata diff", .serialized)
struct DiffTests {
    let golden = packageRoot.appendingPathComponent("Tests/TaxDataCLITests/Golden")
    let sources = packageRoot.appendingPathComponent("TaxData").path

    func compare(_ name: String, _ arguments: [String]) throws {
        let result = try run(taxdataBinary, ["diff"] + arguments + ["--sources", sources])
        #expect(result.status == 0, "\(result.stderr)")
        // Make paths independent of where the repository is checked out.
        let output = result.stdout.replacingOccurrences(of: packageRoot.path + "/", with: "")
        let file = golden.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try output.write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(output == expected, "\(name) differs from its golden file; review, then rerun with UPDATE_GOLDEN=1")
    }

    @Test("text, markdown and json of 2025 → 2026 match their golden files")
    func goldenFormats() throws {
        try compare("diff-2025-2026.txt", ["2025", "2026", "--no-color"])
        try compare("diff-2025-2026.md", ["2025", "2026", "--format", "markdown"])
        try compare("diff-2025-2026.json", ["2025", "2026", "--format", "json"])
        try compare("diff-2024-2025-summary.txt", ["2024", "2025", "--summary", "--no-color"])
    }

    @Test("a bundle compares equal to the sources it was built from; --exit-code follows git diff")
    func bundleVersusSource() throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        #expect(try taxdata("build", sources, "--out", tmp.appendingPathComponent("dist").path).status == 0)
        let same = try run(taxdataBinary, ["diff", tmp.appendingPathComponent("dist/2026").path, sources + "/2026", "--exit-code"])
        #expect(same.status == 0)
        #expect(same.stdout.contains("no changes"))
        let different = try run(taxdataBinary, ["diff", "2025", "2026", "--sources", sources, "--exit-code", "--only", "fica"])
        #expect(different.status == 1)
        #expect(different.stdout.contains("socialSecurity.wageBase"))
        #expect(!different.stdout.contains("federal"))
        #expect(try taxdata("diff", "1999", "2026", "--sources", sources).status == 2)
    }

    @Test("renumbered brackets are matched: inserting one bracket is one added bracket")
    func renumbered() throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let tree = tmp.appendingPathComponent("TaxData")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        for year in ["2025", "2026"] {
            try FileManager.default.copyItem(atPath: sources + "/" + year, toPath: tree.appendingPathComponent(year).path)
        }
        // 2026: split the single 12% bracket in two (a new 11% bracket in the middle).
        let federal = tree.appendingPathComponent("2026/federal.yaml")
        // Written base taxes would no longer match once a bracket is inserted: let them be derived.
        let text = try String(contentsOf: federal, encoding: .utf8)
            .replacingOccurrences(of: #", baseTax: [0-9.]+"#, with: "", options: .regularExpression)
        let edited = text.replacingOccurrences(of: "    - { floor: 0, ceiling: 12400, rate: 0.10 }\n    - { floor: 12400, ceiling: 50400, rate: 0.12 }",
                                               with: "    - { floor: 0, ceiling: 12400, rate: 0.10 }\n    - { floor: 12400, ceiling: 20000, rate: 0.11 }\n    - { floor: 20000, ceiling: 50400, rate: 0.12 }")
        #expect(edited != text)
        try edited.write(to: federal, atomically: true, encoding: .utf8)
        let result = try run(taxdataBinary, ["diff", "2026", tree.appendingPathComponent("2026").path, "--sources", sources, "--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let changes = (document["changes"] as! [[String: Any]]).filter { ($0["path"] as! String).hasPrefix("brackets.single") }
        let added = changes.filter { $0["kind"] as? String == "added" }
        #expect(added.count == 1)
        #expect(added.first?["path"] as? String == "brackets.single[1]")
        // The brackets above the insertion are matched to their renumbered selves: nothing is
        // removed, no ceiling or rate "changed"; only the split bracket's floor and the base taxes
        // above it (now computed over an 11% slice) move.
        #expect(!changes.contains { $0["kind"] as? String == "removed" })
        let paths = changes.compactMap { $0["path"] as? String }
        #expect(!paths.contains { $0.hasSuffix(".ceiling") || $0.hasSuffix(".rate") }, "\(paths)")
        #expect(paths.contains("brackets.single[2].floor"))
        #expect(paths.filter { $0.hasSuffix(".baseTax") }.count == 6)
    }

    @Test("sanity warnings catch a planted copy-paste error and a planted mistyped threshold, with file and line")
    func plantedErrors() throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let tree = tmp.appendingPathComponent("TaxData")
        try FileManager.default.copyItem(atPath: sources, toPath: tree.path)
        let federal = tree.appendingPathComponent("2026/federal.yaml")
        var text = try String(contentsOf: federal, encoding: .utf8)
            .replacingOccurrences(of: #", baseTax: [0-9.]+"#, with: "", options: .regularExpression)
        // Copy-paste: married-separate deduction copied from joint.
        text = text.replacingOccurrences(of: "  married_filing_separately: 16100", with: "  married_filing_separately: 32200")
        // Typo: one threshold among values that all moved by the same factor (201775 → 210775).
        text = text.replacingOccurrences(of: "{ floor: 105700, ceiling: 201775, rate: 0.24 }", with: "{ floor: 105700, ceiling: 210775, rate: 0.24 }")
        text = text.replacingOccurrences(of: "{ floor: 201775, ceiling: 256225, rate: 0.32 }", with: "{ floor: 210775, ceiling: 256225, rate: 0.32 }")
        try text.write(to: federal, atomically: true, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let copyLine = lines.firstIndex { $0.contains("married_filing_separately: 32200") }! + 1
        let typoLine = lines.firstIndex { $0.contains("ceiling: 210775") }! + 1

        let check = try taxdata("check", tree.path)
        #expect(check.status == 0) // warnings, not errors
        #expect(check.stdout.contains("2026/federal.yaml:\(copyLine):"))
        #expect(check.stdout.contains("[sanity.separate-half-joint]"))
        #expect(check.stdout.contains("2026/federal.yaml:\(typoLine):"))
        #expect(check.stdout.contains("[sanity.inflation-outlier] federal brackets.single[3].ceiling moved by 6.83%"))

        let diff = try run(taxdataBinary, ["diff", "2025", "2026", "--sources", tree.path, "--only", "federal"])
        #expect(diff.stdout.contains("federal.yaml:\(copyLine):"))
        #expect(diff.stdout.contains("federal.yaml:\(typoLine):"))
    }
}
