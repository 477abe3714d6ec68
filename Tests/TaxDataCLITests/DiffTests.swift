import Foundation
import TaxDataCore
import Testing

/// Golden files for each format on real years; set UPDATE_GOLDEN=1 to rewrite them after a
/// reviewed data change.
@Suite("taxdata diff")
struct DiffTests {
    let golden = packageRoot.appendingPathComponent("Tests/TaxDataCLITests/Golden")
    let sources = packageRoot.appendingPathComponent("TaxData").path

    func compare(_ name: String, _ arguments: [String]) async throws {
        let result = try await taxdata(["diff"] + arguments + ["--sources", sources])
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

    @Test("text, markdown and json of 2025 → 2026 match their golden files (json with --derived)")
    func goldenFormats() async throws {
        try await compare("diff-2025-2026.txt", ["2025", "2026", "--no-color"])
        try await compare("diff-2025-2026.md", ["2025", "2026", "--format", "markdown"])
        try await compare("diff-2025-2026.json", ["2025", "2026", "--format", "json", "--derived"])
        try await compare("diff-2024-2025-summary.txt", ["2024", "2025", "--summary", "--no-color"])
    }

    func json(_ arguments: [String]) async throws -> [String: Any] {
        let result = try await taxdata(["diff"] + arguments + ["--format", "json"])
        try #require(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test("derived values are counted and left out by default; --derived shows them, marked")
    func derivedHidden() async throws {
        let shown = try await json(["2025", "2026", "--sources", sources])
        let all = try await json(["2025", "2026", "--sources", sources, "--derived"])
        let shownChanges = try #require(shown["changes"] as? [[String: Any]])
        let allChanges = try #require(all["changes"] as? [[String: Any]])
        let hidden = try #require(shown["derivedNotShown"] as? Int)
        #expect(hidden > 0 && shownChanges.count + hidden == allChanges.count)
        #expect(all["derivedNotShown"] as? Int == 0)
        #expect(shownChanges.allSatisfy { $0["derived"] as? Bool == false })
        let derivedPaths = Set(allChanges.filter { $0["derived"] as? Bool == true }.map { "\($0["area"]!)/\($0["path"]!)" })
        for path in ["federal/brackets.single[1].floor", "federal/brackets.single[2].baseTax", "federal/brackets.qualifying_widower[0].ceiling",
                     "federal/standardDeduction.qualifying_widower", "fica/socialSecurity.maxTax"] {
            #expect(derivedPaths.contains(path), "\(path)")
        }
        #expect(shownChanges.contains { "\($0["area"]!)/\($0["path"]!)" == "federal/brackets.single[0].ceiling" })

        let text = try await taxdata(["diff", "2025", "2026", "--sources", sources, "--only", "fica"])
        #expect(text.stdout.contains("~ socialSecurity.wageBase") && !text.stdout.contains("maxTax"), "\(text.stdout)")
        #expect(text.stdout.contains("1 change(s) in 1 area(s); 1 derived change(s) not shown (--derived shows them)"), "\(text.stdout)")
        let derived = try await taxdata(["diff", "2025", "2026", "--sources", sources, "--only", "fica", "--derived"])
        #expect(derived.stdout.contains("~ socialSecurity.maxTax    10918.2 → 11439  +520.8 (+4.77%)  [derived]"), "\(derived.stdout)")
    }

    @Test("json: delta and percent are exact decimal strings, and delta is new − old exactly")
    func exactNumbers() async throws {
        let document = try await json(["2025", "2026", "--sources", sources, "--derived"])
        #expect(document["schema"] as? String == "taxdata-diff/2")
        let changes = try #require(document["changes"] as? [[String: Any]])
        var numbers = 0
        for change in changes where change["kind"] as? String == "changed" {
            guard let delta = change["delta"] else { continue }
            let text = try #require(delta as? String, "delta is \(type(of: delta)), not a string: \(change)")
            let old = try #require(Money.parse(change["old"] as! String)), new = try #require(Money.parse(change["new"] as! String))
            #expect(Money.parse(text) == new - old, "\(change)")
            if let percent = change["percent"] { #expect(percent is String && Money.parse(percent as! String) != nil, "\(change)") }
            numbers += 1
        }
        #expect(numbers > 500)
    }

    @Test("--only: an unknown area or a path in neither year is a usage error with the valid choices, not 'no changes'")
    func onlyValidated() async throws {
        let typo = try await taxdata(["diff", "2025", "2026", "--sources", sources, "--only", "fedral"])
        #expect(typo.status == 2, "\(typo.stdout)")
        #expect(typo.stderr.contains("'fedral' is not an area. did you mean 'federal'?"), "\(typo.stderr)")
        #expect(typo.stderr.contains("Valid areas: federal, fica, retirement, states (every state), states/XX for one of AK AL"), "\(typo.stderr)")
        #expect(!typo.stdout.contains("no changes"))
        let state = try await taxdata(["diff", "2025", "2026", "--sources", sources, "--only", "federal,states/ca"])
        #expect(state.status == 2 && state.stderr.contains("did you mean 'states/CA'?"), "\(state.stderr)")
        let path = try await taxdata(["diff", "2025", "2026", "--sources", sources, "--only", "federal/brackets.singel"])
        #expect(path.status == 2 && path.stderr.contains("'federal/brackets.singel' names no value in either year. Did you mean 'federal/brackets.single'?"), "\(path.stderr)")
        // A path that exists but did not change is fine: it names a value.
        let unchanged = try await taxdata(["diff", "2025", "2026", "--sources", sources, "--only", "fica/medicare.rate,states/TX"])
        #expect(unchanged.status == 0 && unchanged.stdout.contains("no changes"), "\(unchanged.stdout)\(unchanged.stderr)")
        let bracket = try await taxdata(["diff", "2025", "2026", "--sources", sources, "--only", "federal/brackets.single[0].ceiling"])
        #expect(bracket.status == 0 && bracket.stdout.contains("11925 → 12400"), "\(bracket.stdout)\(bracket.stderr)")
    }

    @Test("a scaffolded year: provisional and estimated values are marked, an official figure written over one is not, and one that went down warns")
    func scaffolded() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let tree = try await scaffolded2027(in: tmp)
        let federal = tree.appendingPathComponent("2027/federal.yaml")
        let text = try String(contentsOf: federal, encoding: .utf8)
        // The author writes an official figure, lower than 2026's 16100, over the scaffolded one.
        let edited = text.replacingOccurrences(of: #"  single: \{ value: 16500, provisional: "[^"]*" \}"#, with: "  single: 16000", options: .regularExpression)
        #expect(edited != text)
        try edited.write(to: federal, atomically: true, encoding: .utf8)
        let line = edited.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == "  single: 16000" }! + 1

        let diff = try await taxdata(["diff", "2026", "2027", "--sources", tree.path, "--no-color"])
        #expect(diff.status == 0, "\(diff.stderr)")
        let lines = diff.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("~ standardDeduction.single") && $0.hasSuffix("16100 → 16000  -100 (-0.62%)  [estimated]") }, "\(diff.stdout)")
        #expect(lines.contains { $0.contains("~ standardDeduction.married_filing_jointly") && $0.hasSuffix("[provisional, estimated]") })
        #expect(diff.stdout.contains("2027/federal.yaml:\(line):11: warning: [sanity.indexed-decrease] federal standardDeduction.single went down from 16100 in 2026 to 16000"), "\(diff.stdout)")
        // new-year itself never lowers one: 5250 × 1.027 has an increase of 141.75, rounded down to 0 (not 5,000).
        #expect(!diff.stdout.contains("simpleIra.enhancedCatchUp.contribution went down"), "\(diff.stdout)")

        let document = try await json(["2026", "2027", "--sources", tree.path, "--only", "federal/standardDeduction"])
        let changes = try #require(document["changes"] as? [[String: Any]])
        let single = try #require(changes.first { $0["path"] as? String == "standardDeduction.single" })
        #expect(single["provisional"] == nil && single["provenance"] as? String == "estimated")
        let joint = try #require(changes.first { $0["path"] as? String == "standardDeduction.married_filing_jointly" })
        // Joint follows single (twice it, 26 U.S.C. §63(c)(2)), as new-year writes it.
        #expect((joint["provisional"] as? String)?.hasPrefix("twice single's ") == true, "\(joint)")

        let check = try await taxdata("check", tree.path)
        #expect(check.status == 0 && check.stdout.contains("warning: [sanity.indexed-decrease] federal standardDeduction.single went down"), "\(check.stdout)")
    }

    @Test("two bundles: a status equal to an earlier one counts as a copy")
    func bundles() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dist = tmp.appendingPathComponent("dist").path
        #expect(try await taxdata("build", sources, "--out", dist).status == 0)
        let shown = try await taxdata(["diff", dist + "/2025", dist + "/2026", "--only", "federal/standardDeduction"])
        #expect(shown.status == 0, "\(shown.stderr)")
        // Married filing separately equals single, qualifying widower equals joint, on both sides.
        #expect(shown.stdout.contains("standardDeduction.single") && shown.stdout.contains("standardDeduction.head_of_household"))
        #expect(!shown.stdout.contains("married_filing_separately") && !shown.stdout.contains("qualifying_widower"), "\(shown.stdout)")
        #expect(shown.stdout.contains("3 change(s) in 1 area(s); 2 derived change(s) not shown"), "\(shown.stdout)")
        let sources = try await taxdata(["diff", "2025", "2026", "--sources", self.sources, "--only", "federal/standardDeduction"])
        #expect(sources.stdout.contains("4 change(s) in 1 area(s); 1 derived change(s) not shown"), "in the sources separate is written: \(sources.stdout)")
    }

    @Test("a bundle compares equal to the sources it was built from; --exit-code follows git diff")
    func bundleVersusSource() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        #expect(try await taxdata("build", sources, "--out", tmp.appendingPathComponent("dist").path).status == 0)
        let same = try await taxdata(["diff", tmp.appendingPathComponent("dist/2026").path, sources + "/2026", "--exit-code"])
        #expect(same.status == 0)
        #expect(same.stdout.contains("no changes"))
        let different = try await taxdata(["diff", "2025", "2026", "--sources", sources, "--exit-code", "--only", "fica"])
        #expect(different.status == 1)
        #expect(different.stdout.contains("socialSecurity.wageBase"))
        #expect(!different.stdout.contains("federal"))
        #expect(try await taxdata("diff", "1999", "2026", "--sources", sources).status == 2)
    }

    @Test("renumbered brackets are matched: inserting one bracket is one added bracket")
    func renumbered() async throws {
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
        let result = try await taxdata(["diff", "2026", tree.appendingPathComponent("2026").path, "--sources", sources, "--format", "json", "--derived"])
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
        // The floor and the base taxes follow from the added bracket: derived, so by default the
        // insertion is the one change shown.
        #expect(changes.filter { $0["derived"] as? Bool == false }.compactMap { $0["path"] as? String } == ["brackets.single[1]"])
        let plain = try await taxdata(["diff", "2026", tree.appendingPathComponent("2026").path, "--sources", sources, "--only", "federal/brackets.single"])
        #expect(plain.stdout.contains("1 change(s) in 1 area(s); 7 derived change(s) not shown"), "\(plain.stdout)")
    }

    @Test("32.15: diff shows what it can of a year that parsed but does not compile yet, and says why it does not")
    func yearWithErrors() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let tree = try await scaffolded2027(in: tmp)
        let federal = tree.appendingPathComponent("2027/federal.yaml")
        let text = try String(contentsOf: federal, encoding: .utf8)
        // An author corrects one ceiling and has not yet moved the next floor: brackets.contiguous.
        let edited = text.replacingOccurrences(of: #"ceiling: \{ value: 12700, provisional: "[^"]*" \}"#, with: "ceiling: 12750",
                                               options: .regularExpression)
        #expect(edited != text)
        try edited.write(to: federal, atomically: true, encoding: .utf8)
        #expect(try await taxdata("check", tree.path).status == 1)
        let diff = try await taxdata(["diff", "2026", "2027", "--sources", tree.path, "--only", "federal/brackets.single"])
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stderr.contains("does not compile yet") && diff.stderr.contains("[brackets.contiguous]"), "\(diff.stderr)")
        #expect(diff.stdout.contains("12400 → 12750"), "\(diff.stdout)")
        // calc never computes from such a year.
        #expect(try await taxdata("calc", "--year", "2027", "--status", "single", "--gross", "50000", "--sources", tree.path).status != 0)
    }

    @Test("sanity warnings catch a planted copy-paste error and a planted mistyped threshold, with file and line")
    func plantedErrors() async throws {
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

        let check = try await taxdata("check", tree.path)
        #expect(check.status == 0) // warnings, not errors
        #expect(check.stdout.contains("2026/federal.yaml:\(copyLine):"))
        #expect(check.stdout.contains("[sanity.separate-half-joint]"))
        #expect(check.stdout.contains("2026/federal.yaml:\(typoLine):"))
        #expect(check.stdout.contains("[sanity.inflation-outlier] federal brackets.single[3].ceiling moved by 6.83%"))

        let diff = try await taxdata(["diff", "2025", "2026", "--sources", tree.path, "--only", "federal"])
        #expect(diff.stdout.contains("federal.yaml:\(copyLine):"))
        #expect(diff.stdout.contains("federal.yaml:\(typoLine):"))
    }
}
