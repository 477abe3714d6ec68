import Foundation
import Testing
import TaxDataCompiler
import TaxDataCore
import TaxDataTestSupport

@Suite("Compiling sources")
struct CompilerTests {
    @Test("the real TaxData tree compiles without errors")
    func realTree() throws {
        let result = TreeCompiler.compile(try readTree(packageRoot.appendingPathComponent("TaxData")))
        let errors = result.diagnostics.errors.map { "\($0.location?.description ?? "?"): [\($0.rule)] \($0.message)" }
        #expect(errors.isEmpty, "\(errors.joined(separator: "\n"))")
        #expect(result.years.map(\.meta.taxYear) == [2024, 2025, 2026])
    }

    @Test("a federal.yaml that does not parse is reported once: no state finding made against it, no reviewed entry of that year called unused")
    func noCascade() throws {
        var files = try readTree(packageRoot.appendingPathComponent("TaxData"))
        let index = try #require(files.firstIndex { $0.relativePath == "2026/federal.yaml" })
        files[index].contents += "brackets: [\n"
        let result = TreeCompiler.compile(files)
        let shown = result.diagnostics.map { "\($0.location?.description ?? "?"): [\($0.rule)] \($0.message)" }
        #expect(result.diagnostics.map(\.rule) == [.yamlSyntax], "\(shown.joined(separator: "\n"))")
        #expect(result.diagnostics.first?.location?.file.hasSuffix("2026/federal.yaml") == true)

        // The same state finding stands when federal.yaml parsed and has no credit to share.
        files = try readTree(packageRoot.appendingPathComponent("TaxData"))
        let federal = try #require(files.firstIndex { $0.relativePath == "2026/federal.yaml" })
        let lines = files[federal].contents.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("earnedIncomeCredit:") })
        let end = lines[(start + 1)...].firstIndex { !$0.hasPrefix(" ") && !$0.isEmpty } ?? lines.endIndex
        files[federal].contents = (lines[..<start] + lines[end...]).joined(separator: "\n")
        let without = TreeCompiler.compile(files).diagnostics.filter { $0.rule == .stateEarnedIncomeCredit }
        #expect(!without.isEmpty && without.allSatisfy { $0.message.contains("federal.yaml does not have") })
    }

    @Test("output does not depend on the order files are read in")
    func orderIndependent() throws {
        let files = try readTree(packageRoot.appendingPathComponent("TaxData"))
        let a = try BundleBuilder.buildDist(TreeCompiler.compile(files).years)
        let b = try BundleBuilder.buildDist(TreeCompiler.compile(files.reversed()).years)
        #expect(a == b)
    }

    @Test("sameAs expands into the bundle; rules see the written schedule once")
    func sameAs() throws {
        let base = try readTree(packageRoot.appendingPathComponent("Fixtures/check/_base"))
        let result = TreeCompiler.compile(base)
        let year = try #require(result.years.first)
        #expect(year.federal.brackets[.qualifyingWidower] == year.federal.brackets[.marriedFilingJointly])
        #expect(year.federal.brackets.written[.qualifyingWidower] == nil)
        let json = String(decoding: try CanonicalJSON.encode(year.federal), as: UTF8.self)
        #expect(json.contains("\"qualifying_widower\""))
    }

    @Test("an omitted baseTax is derived; a written one is kept")
    func derivedBaseTax() throws {
        let base = try readTree(packageRoot.appendingPathComponent("Fixtures/check/_base"))
        let year = try #require(TreeCompiler.compile(base).years.first)
        let mfj = try #require(year.federal.brackets[.marriedFilingJointly])
        #expect(mfj[1].baseTax == Money.parse("2320"))
        #expect(year.states["CA"]?.brackets?[.single]?[1].baseTax == Money.parse("107.56"))
    }

    @Test("rates written as percentages are exact fractions")
    func percentages() throws {
        let base = try readTree(packageRoot.appendingPathComponent("Fixtures/check/_base"))
        let year = try #require(TreeCompiler.compile(base).years.first)
        #expect(year.states["CA"]?.brackets?[.single]?[0].rate == Money.parse("0.01"))
    }
}
