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
