import Foundation
import Testing
import TaxDataCompiler
import TaxDataCore
import TaxDataTestSupport

/// Every rule has a broken source tree in Fixtures/check/<rule>/ (an overlay on _base, see
/// `CheckFixture`) and the diagnostics it must produce in expected.txt (`severity rule-id
/// file:line`, written by scripts/make-fixtures.py from markers in the text, not from this
/// tool's output).
@Suite("Fixtures: one broken tree per rule")
struct FixtureTests {
    static var names: [String] { CheckFixture.names }

    @Test("the base tree is clean")
    func base() throws {
        let result = TreeCompiler.compile(try readTree(CheckFixture.base))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.years.count == 1)
    }

    @Test("each fixture produces exactly its expected diagnostics", arguments: names)
    func fixture(name: String) throws {
        let expected = try CheckFixture.expected(name)
        let result = TreeCompiler.compile(try CheckFixture.files(name))
        let got = result.diagnostics.map { d in
            "\(d.severity.rawValue) \(d.rule) \(d.location?.file ?? "?"):\(d.location?.line ?? -1)"
        }.sorted()
        #expect(got == expected)
        #expect(result.diagnostics.allSatisfy { !$0.message.isEmpty })
    }

    @Test("every rule of the standard rule set has a fixture named after its id")
    func coverage() {
        let ids = Set(RuleSet.standard.rules.map(\.id.rawValue)).subtracting(["year.consistency"])
        let missing = ids.subtracting(Self.names)
        #expect(missing.isEmpty, "rules without a fixture: \(missing.sorted())")
    }

    @Test("a fixture is an overlay: only the files it changes, each different from _base, and what it removes is in _base")
    func overlays() throws {
        let base = Dictionary(uniqueKeysWithValues: try readTree(CheckFixture.base).map { ($0.relativePath, $0.contents) })
        for name in Self.names {
            let own = try readTree(CheckFixture.directory.appendingPathComponent(name)).filter { !["expected.txt", "removed.txt"].contains($0.relativePath) }
            for file in own {
                #expect(base[file.relativePath] != file.contents, "\(name)/\(file.relativePath) is a copy of _base's: leave it out")
            }
            for path in try CheckFixture.removed(name) { #expect(base[path] != nil, "\(name) removes \(path), which _base does not have") }
            let tree = Set(try CheckFixture.files(name).map(\.relativePath))
            #expect(!own.isEmpty || tree.count < base.count, "\(name) changes nothing")
        }
    }
}
