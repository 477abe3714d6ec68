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
        Reads every tax year under DIR (default: TaxData) and checks the bracket ceilings, baseTax \
        continuity, filing statuses, FICA maxima, numbers, citations, and that a published year \
        covers all 50 states and DC. Every finding is printed as

          path:line:column: error|warning: [rule-id] message

        Exit status: 0 when there are no errors (warnings allowed), 1 when there are errors, 2 for a \
        usage error.
        """
    )

    @Argument(help: "The source tree: a directory of <year>/ directories.")
    var directory: String = "TaxData"

    @Option(help: "Output format: text, json or github (annotations for GitHub Actions).")
    var format: OutputFormat = .text

    @Flag(help: "Also print the coverage table: jurisdictions by year, with grade, type, brackets, statuses and deductions.")
    var coverage = false

    @Flag(name: .customLong("show-reviewed"), help: "Also list the warnings marked reviewed in the sources, with each reason.")
    var showReviewed = false

    func run() async throws {
        let compiled: (result: CompileResult, fileCount: Int, years: [Int])
        do { compiled = try SourceTreeReader.compile(root: directory) } catch {
            throw ValidationError("\(error)")
        }
        let result = compiled.result
        let printer = DiagnosticPrinter(format: format)
        let items = result.diagnostics.map { DiagnosticPrinter.Item(diagnostic: $0, file: nil) }
        let errors = result.diagnostics.errors.count
        let warnings = result.diagnostics.warnings.count
        let years = compiled.years
        let reviewedCount = result.reviewed.isEmpty ? "" : " (\(result.reviewed.count) reviewed)"
        let summary = "checked \(years.count) year(s), \(compiled.fileCount) file(s): \(errors) error(s), \(warnings) warning(s)\(reviewedCount)"
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
            Console.error(summary)
        }
        if result.hasErrors { throw ExitCode(1) }
    }
}
