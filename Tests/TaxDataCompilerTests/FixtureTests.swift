import Foundation
import Testing
import TaxDataCompiler
import TaxDataCore
import TaxDataTestSupport

/// Every rule has a broken source tree in Fixtures/check/<rule>/ and the diagnostics it must
/// produce in expected.txt (`severity rule-id file:line`, written by scripts/make-fixtures.py
/// from markers in the text, not from this tool's output).
@Suite("Fixtures: one broken tree per rule")
struct FixtureTests {
    static let fixturesDirectory = packageRoot.appendingPathComponent("Fixtures/check")

    static var names: [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: fixturesDirectory.path)) ?? []
        return all.filter { !$0.hasPrefix("_") && !$0.hasPrefix(".") }.sorted()
    }

    @Test("the base tree is clean")
    func base() throws {
        let result = TreeCompiler.compile(try readTree(Self.fixturesDirectory.appendingPathComponent("_base")))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.years.count == 1)
    }

    @Test("each fixture produces exactly its expected diagnostics", arguments: names)
    func fixture(name: String) throws {
        let directory = Self.fixturesDirectory.appendingPathComponent(name)
        let expected = try String(contentsOf: directory.appendingPathComponent("expected.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init).sorted()
        let result = TreeCompiler.compile(try readTree(directory))
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
}
