import Foundation
import Testing
@testable import TaxDataCompiler
import TaxDataCore
import TaxDataTestSupport

/// `TreeCompiler.compile` is its named stages, each with a typed boundary.
@Suite("The compiler's stages")
struct PipelineTests {
    @Test("layout sorts the real tree into years and parse jobs; the stages composed are compile")
    func stages() throws {
        var files = try readTree(packageRoot.appendingPathComponent("TaxData"))
        files.append(SourceFile(relativePath: "2026/notes.yaml", displayPath: "TaxData/2026/notes.yaml", contents: "x: 1\n"))
        let layout = TreeCompiler.layout(files)
        #expect(layout.years == [2024, 2025, 2026])
        let localities = files.filter { $0.relativePath.hasPrefix("2026/localities/") }.count
        #expect(localities >= 10)
        #expect(layout.jobs.filter { $0.year == 2026 }.count == 4 + 51 + localities)
        #expect(layout.yearDiagnostics[2026]?.map(\.rule) == [.fileUnexpected])
        let parsed = TreeCompiler.parse(layout)
        #expect(parsed.count == layout.jobs.count)
        let assembled = TreeCompiler.assemble(layout, parsed)
        #expect(assembled.map(\.data.meta.taxYear) == [2024, 2025, 2026])
        #expect(assembled.allSatisfy { $0.isComplete })
        let staged = TreeCompiler.finish(TreeCompiler.yearOverYear(
            TreeCompiler.validate(assembled, rules: .standard, layoutFindings: layout.diagnostics)))
        let whole = TreeCompiler.compile(files)
        #expect(staged.years == whole.years)
        #expect(staged.diagnostics.map { "\($0.location?.description ?? "") \($0.rule) \($0.message)" } == whole.diagnostics.map { "\($0.location?.description ?? "") \($0.rule) \($0.message)" })
        #expect(whole.diagnostics.map(\.rule) == [.fileUnexpected])
    }

    @Test("a document that fails to parse is left out of its year's rules, and the year out of the result")
    func failedDocument() throws {
        var files = try readTree(packageRoot.appendingPathComponent("TaxData")).filter { $0.relativePath.hasPrefix("2026/") }
        let index = try #require(files.firstIndex { $0.relativePath == "2026/fica.yaml" })
        files[index].contents = "socialSecurity: [\n"
        let layout = TreeCompiler.layout(files)
        let assembled = TreeCompiler.assemble(layout, TreeCompiler.parse(layout))
        #expect(assembled.first?.failed == [.fica])
        #expect(assembled.first?.isComplete == false)
        let validated = TreeCompiler.validate(assembled, rules: .standard, layoutFindings: [])
        #expect(validated.years.isEmpty)
        #expect(!validated.diagnostics.contains { $0.path?.document == .fica && $0.rule != .yamlSyntax })
    }
}

@Suite("Thousands separators inside { }")
struct ThousandsTests {
    @Test("the matchers are exactly \\d{1,3}(,\\d{3})* and \\d{3}(\\.\\d+)?")
    func matchers() {
        for yes in ["1", "12", "123", "1,234", "12,345,678"] { #expect(MappingReader.isGroupedNumber(yes), "\(yes)") }
        for no in ["", "1234", "1,23", "1,2345", ",123", "1,", "a,123", "1.5", "١٢٣"] { #expect(!MappingReader.isGroupedNumber(no), "\(no)") }
        for yes in ["400", "400.5", "000", "123.45"] { #expect(MappingReader.isThousandsGroup(yes), "\(yes)") }
        for no in ["", "40", "4000", "400.", ".400", "400.a", "40a", "400,0"] { #expect(!MappingReader.isThousandsGroup(no), "\(no)") }
    }
}
