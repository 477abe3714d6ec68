import ArgumentParser
import Foundation
import TaxDataCompiler
import TaxDataCore

/// `taxdata new-year 2027 --from 2026 [--index 2.7%]`: scaffold next year's sources.
struct NewYearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new-year",
        abstract: "Scaffold next year's sources from a year, with every indexed value marked provisional.",
        discussion: """
        Writes <sources>/<year>/ from <sources>/<from>/. Indexed amounts (federal brackets and standard \
        deductions, the Social Security wage base, retirement limits, and the brackets and standard \
        deductions of states marked `indexed: true`) are multiplied by (1 + --index) and rounded the way \
        their source rounds them (IRS: down to $50, or $500/$1,000/$100/$50 for the retirement limits; SSA: \
        to $300; states: to the dollar). Each is written as { value: X, provisional: "derivation" }. \
        Statutory amounts that are not indexed are copied unchanged. The new year is a draft.

        Then: replace each provisional value with the official figure, `taxdata diff <from> <year>`, \
        `taxdata check`, `taxdata build --release`, `taxdata verify`, publish. `check` warns about every \
        provisional value and `build --release` refuses a year that still has one.
        """
    )

    @Argument(help: "The year to create.")
    var year: Int

    @Option(help: "The year to start from.")
    var from: Int

    @Option(help: "The inflation factor to apply, e.g. 2.7% or 0.027.")
    var index: String = "0%"

    @OptionGroup var tree: SourceTreeOption
    var sources: String { tree.sources }

    func validate() throws {
        guard year == from + 1 else { throw ValidationError("new-year scaffolds the year after --from (\(from + 1)), not \(year)") }
        guard let value = Money.parseRate(index), value >= 0, value < 1 else {
            throw ValidationError("--index '\(index)' is not a rate like 2.7% or 0.027")
        }
        if FileManager.default.fileExists(atPath: "\(sources)/\(year)") {
            throw ValidationError("\(sources)/\(year) already exists; refusing to overwrite it")
        }
        guard FileManager.default.fileExists(atPath: "\(sources)/\(from)/year.yaml") else {
            throw ValidationError("\(sources)/\(from) is not a source year (no year.yaml)")
        }
    }

    func run() async throws {
        let loaded: YearLoader.Loaded
        do { loaded = try YearLoader(sourceRoot: sources).load(String(from)) } catch { throw CommandFailure("\(error)") }
        let files: [SourceFile]
        do {
            files = try NextYear.scaffold(from: loaded.data, sources: loaded.sourceFiles, to: year, index: Money.parseRate(index)!)
        } catch {
            throw CommandFailure("cannot scaffold \(year) from \(from): \(error)")
        }
        // Check what was written before it lands: a scaffold must compile.
        let check = TreeCompiler.compile(files)
        guard !check.hasErrors else {
            let first = check.diagnostics.errors.first.map { "\($0.location?.description ?? ""): \($0.message)" } ?? ""
            Console.error("error: the scaffold does not compile (a bug in new-year): \(first)")
            throw ExitCode(1)
        }
        let target = "\(sources)/\(year)"
        try AtomicDirectory.replace(target, with: files.map { OutputFile(path: String($0.relativePath.dropFirst(5)), contents: Data($0.contents.utf8)) })
        let count = check.years.first?.provisional.count ?? 0
        Console.out("wrote \(target)/ (\(files.count) files, \(count) provisional values)")
        Console.out("next: replace each provisional value with the official \(year) figure, then `taxdata diff \(from) \(year)` and `taxdata check`")
    }
}
