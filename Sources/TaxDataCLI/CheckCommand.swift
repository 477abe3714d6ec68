import ArgumentParser
import Foundation
import TaxDataCompiler
import TaxDataCore

/// `taxdata check [DIR]`: validate the sources and print every finding.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the tax data sources and report every problem at its file, line and column.",
        discussion: """
        Reads every tax year under DIR (default: TaxData), or one year (DIR/2026 or --year 2026), \
        and checks the bracket ceilings, baseTax \
        continuity, filing statuses, FICA maxima, numbers, citations, and that a published year \
        covers all 50 states and DC. Every finding is printed as

          path:line:column: error|warning: [rule-id] message

        Exit status: 0 when there are no errors (warnings allowed), 1 when there are errors, 2 for a \
        usage error.
        """
    )

    @Argument(help: "The source tree (a directory of <year>/ directories), or one year directory of it, like TaxData/2026.")
    var directory: String = "TaxData"

    @Option(help: "Check one tax year of the tree (the year before it is read too, for the year-over-year checks).")
    var year: Int?

    @OptionGroup var output: FindingsFormatOption
    var format: OutputFormat { output.format }

    @Flag(help: "Also print the coverage table: jurisdictions by year, with grade, type, brackets, statuses and deductions.")
    var coverage = false

    @Flag(name: .customLong("show-reviewed"), help: "Also list the warnings marked reviewed in the sources, with each reason.")
    var showReviewed = false

    @Option(name: .customLong("rule"), help: "Show only the findings of this rule id (repeatable), e.g. --rule sanity.inflation-outlier. The exit status still counts every error.")
    var rules: [String] = []

    @Option(name: .customLong("only"), help: "Show only the findings in this file or directory (repeatable), e.g. --only TaxData/2027/federal.yaml. The exit status still counts every error.")
    var onlyPaths: [String] = []

    /// The tree to read and the year to keep: DIR itself, or the tree above a year directory.
    func target() throws -> (tree: String, year: Int?) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("\(directory): no such directory")
        }
        let url = URL(fileURLWithPath: directory).standardizedFileURL
        let name = url.lastPathComponent
        if name.count == 4, let named = Int(name), FileManager.default.fileExists(atPath: url.appendingPathComponent("year.yaml").path) {
            if let year, year != named { throw ValidationError("\(directory) is the \(named) directory; --year \(year) does not match it") }
            let trimmed = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
            // "TaxData/2026" → "TaxData"; "." inside a year directory → its absolute parent.
            let parent = (trimmed as NSString).lastPathComponent == name
                ? (trimmed as NSString).deletingLastPathComponent : url.deletingLastPathComponent().path
            return (parent.isEmpty ? "." : parent, named)
        }
        if let year {
            guard FileManager.default.fileExists(atPath: url.appendingPathComponent(String(year)).path) else {
                throw ValidationError("\(directory) has no \(year)/ directory")
            }
        }
        return (directory, year)
    }

    func validate() throws {
        _ = try target()
    }

    func run() async throws {
        let compiled: (result: CompileResult, fileCount: Int, years: [Int])
        let (tree, only) = try target()
        do {
            compiled = try only.map { try SourceTreeReader.compile(root: tree, year: $0) } ?? SourceTreeReader.compile(root: tree)
        } catch {
            throw CommandFailure("\(error)")
        }
        let result = compiled.result
        let printer = DiagnosticPrinter(format: format)
        let filter = FindingFilter(rules: rules, paths: onlyPaths)
        let shown = result.diagnostics.filter(filter.keeps)
        let items = shown.map { DiagnosticPrinter.Item(diagnostic: $0, file: nil) }
        let errors = result.diagnostics.errors.count
        let warnings = result.diagnostics.warnings.count
        let years = compiled.years
        let reviewedCount = result.reviewed.isEmpty ? "" : " (\(result.reviewed.count) reviewed)"
        let hidden = filter.isEmpty ? "" : "; \(result.diagnostics.count - shown.count) not shown (--rule/--only)"
        let summary = "checked \(years.count) year(s), \(compiled.fileCount) file(s): \(errors) error(s), \(warnings) warning(s)\(reviewedCount)\(hidden)"
        switch format {
        case .json:
            Console.out(printer.render(items, summary: ["result": summary]))
        case .text, .github:
            if !items.isEmpty { Console.out(printer.render(items)) }
            if showReviewed {
                for (diagnostic, reason) in result.reviewed {
                    var shown = diagnostic
                    shown.message += " — reviewed: \(reason)"
                    Console.out(printer.render([.init(diagnostic: shown, file: nil)]).replacingOccurrences(of: ": warning: ", with: ": reviewed: "))
                }
            }
            if coverage { Console.out(CoverageTable.render(result.years)) }
            for line in FindingFilter.totals(shown) { Console.error(line) }
            Console.error(summary)
        }
        if result.hasErrors { throw ExitCode(1) }
    }
}
