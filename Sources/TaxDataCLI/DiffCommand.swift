import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TaxDataCompiler
import TaxDataCore

/// `taxdata diff A B`: what changed between two tax years or bundles.
struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two tax years or bundles, field by field, with sanity warnings.",
        discussion: """
        A and B are each a year of the source tree (2025), a source year directory (TaxData/2025) or a \
        compiled bundle directory (dist/2025), so a published bundle can be compared with a fresh build.

        Changes are addressed by jurisdiction, filing status, bracket and field (federal/brackets.single[2].ceiling), \
        with the old and new value, the absolute and the percent change. Brackets are matched by rate, so a \
        bracket inserted in the middle is one added bracket, not a change to every bracket after it.

        By default only values an author writes are shown. Derived values, fixed by the others, are \
        counted and left out unless --derived is given: bracket floors (the previous ceiling), base taxes \
        (from the brackets below; a statutory one is shown), maximum taxes (rate × wage base) and filing \
        statuses that copy another (sameAs; in a bundle, a status equal to an earlier one).

        Marks: [provisional] a value new-year scaffolded that still awaits its official figure; \
        [corroborated] or [estimated] a value not read in the authority's own publication.

        Sanity warnings: a value whose change differs from its peers' common inflation factor, a value left \
        unchanged while its peers moved, an inflation-indexed amount that went down, married-filing-separately \
        not half of joint, and an indexed state whose brackets did not change.

        Formats: text (coloured on a terminal), json (schema taxdata-diff/2, docs/diff-json.md), markdown \
        (for a pull-request comment). --exit-code exits 1 when something changed, like `git diff`.

        Examples (the values written that changed; with --derived, the values they fix too):
          taxdata diff 2025 2026
          taxdata diff 2025 2026 --derived --only fica
          taxdata diff 2025 2026 --only federal,states/CA --format markdown
        """
    )

    @Argument(help: "The old side: a year (2025), a source year directory or a bundle directory.")
    var old: String

    @Argument(help: "The new side.")
    var new: String

    @OptionGroup var tree: SourceTreeOption
    var sources: String { tree.sources }

    @Option(help: "Output format: text, json or markdown.")
    var format: DiffFormat = .text

    @Flag(help: "Print only the number of changes per area.")
    var summary = false

    @Option(help: ArgumentHelp("Limit to areas or paths, comma-separated: federal,fica,retirement,states/CA,federal/brackets.single", valueName: "list"))
    var only: String?

    @Flag(help: "Also show derived values: bracket floors, computed base taxes, maximum taxes and sameAs copies.")
    var derived = false

    @Flag(help: "Exit 1 when there are changes (derived ones included), 0 when there are none.")
    var exitCode = false

    @Flag(help: "Never colour the text output.")
    var noColor = false

    enum DiffFormat: String, ExpressibleByArgument, CaseIterable { case text, json, markdown }

    func validate() throws {
        let loader = YearLoader(sourceRoot: sources)
        for side in [old, new] { try loader.locate(side) }
        try DiffSelection(only).validateAreas()
    }

    func run() async throws {
        let loader = YearLoader(sourceRoot: sources, acceptRuleErrors: true)
        let a: YearLoader.Loaded, b: YearLoader.Loaded
        do {
            a = try loader.load(old)
            b = try loader.load(new)
        } catch {
            throw CommandFailure("\(error)")
        }
        let sideA = YearDiff.Side(a.data, origin: a.origin), sideB = YearDiff.Side(b.data, origin: b.origin)
        let selection = DiffSelection(only)
        try selection.validatePaths(in: YearDiff.paths(sideA) + YearDiff.paths(sideB))
        let all = YearDiff.compare(sideA, sideB).filter { selection.selects($0.address) }
        let changes = derived ? all : all.filter { !$0.derived }
        // The compiler's sanity stage, on the two years compared.
        let warnings = SanityStage.warnings(previous: a.data, current: b.data, sourceMap: b.sourceMap)
            .filter { warning in
                guard let path = warning.path else { return true }
                return selection.selects(path.address)
            }
        let renderer = DiffRenderer(from: a, to: b, changes: changes, hiddenDerived: all.count - changes.count, warnings: warnings,
                                    color: !noColor && format == .text && Console.isTerminal && CommandContext.current.environment["NO_COLOR"] == nil)
        switch format {
        case .text: Console.out(renderer.text(summaryOnly: summary))
        case .markdown: Console.out(renderer.markdown(summaryOnly: summary))
        case .json: Console.out(try renderer.json(summaryOnly: summary))
        }
        if exitCode && !all.isEmpty { throw ExitCode(1) }
    }
}
