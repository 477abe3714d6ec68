import Foundation
import TaxDataCore

/// The result of compiling a source tree: the years that compiled, and every finding.
public struct CompileResult: Sendable {
    /// Years whose files all parsed, sorted by year. A year with errors is still here when it
    /// parsed; check `diagnostics` before publishing.
    public var years: [TaxYearData]
    /// Every finding, each with its source location, sorted by file and line.
    public var diagnostics: [Diagnostic]
    public var sourceMap: SourceMap
    /// Warnings a person marked reviewed in the sources (not in `diagnostics`), each with the
    /// entry's reason; `check --show-reviewed` prints them.
    public var reviewed: [(diagnostic: Diagnostic, reason: String)] = []

    public var hasErrors: Bool { diagnostics.hasErrors }
}

/// Sources → model → rules, in memory: `[SourceFile]` in, years and diagnostics out.
///
/// The tree is `<year>/year.yaml`, `federal.yaml`, `fica.yaml`, `retirement.yaml` and
/// `states/<XX>.yaml`; notes (`.md`, `.txt`) at the root are allowed; anything else is reported.
///
/// `compile` is a pipeline of named stages with typed boundaries (the shape of
/// swift-openapi-generator's `GeneratorPipeline`), each stage in its own file of `Stages/`:
///
///     layout          [SourceFile]   → Layout        (files by year, parse jobs, layout findings)
///     parse           Layout         → [ParsedFile]  (every file on its own, concurrently)
///     assemble        [ParsedFile]   → [Assembled]   (one TaxYearData per year, with its source map)
///     validate        [Assembled]    → Validated     (the RuleSet; findings located in the sources)
///     yearOverYear    Validated      → Validated     (sanity warnings between consecutive years)
///     finish          Validated      → CompileResult (`reviewed:` entries applied, findings sorted)
public enum TreeCompiler {
    static let requiredFiles = ["year.yaml", "federal.yaml", "fica.yaml", "retirement.yaml"]

    public static func compile(_ files: [SourceFile], rules: RuleSet = .standard) -> CompileResult {
        let layout = self.layout(files)
        let parsed = parse(layout)
        let assembled = assemble(layout, parsed)
        let validated = yearOverYear(validate(assembled, rules: rules, layoutFindings: layout.diagnostics))
        return finish(validated)
    }
}
