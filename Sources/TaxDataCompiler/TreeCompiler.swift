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
/// swift-openapi-generator's `GeneratorPipeline`):
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

    // MARK: Stage boundaries

    /// The tree's shape: which file is which document of which year.
    struct Layout: Sendable {
        var years: [Int]
        /// `TaxData/2026/` for 2026: how the year's files are displayed.
        var yearDisplay: [Int: String]
        var jobs: [ParseJob]
        /// Findings about the tree itself (unexpected files, removed states), not of a year.
        var diagnostics: [Diagnostic]
        /// Findings of a year found before parsing (missing files, unknown state codes).
        var yearDiagnostics: [Int: [Diagnostic]]
    }

    /// One year put together from its parsed files.
    struct Assembled: Sendable {
        var data: TaxYearData
        /// Documents that failed to parse: rules about them are not run (they would only repeat the error).
        var failed: Set<DataPath.Document>
        var diagnostics: [Diagnostic]
        var sourceMap: SourceMap
        var reviewed: [ReviewedWarning]
        /// Whether the year is complete and clean enough to publish.
        var isComplete: Bool
    }

    /// Every year validated, with every finding located.
    struct Validated: Sendable {
        var years: [TaxYearData]
        var diagnostics: [Diagnostic]
        var sourceMap: SourceMap
        var reviewed: [Int: [ReviewedWarning]]
        /// Each complete year's inflation-indexed amounts, from the walk the rules made.
        var indexed: [Int: [IndexedAmount]] = [:]
        /// Years with a document that failed: some of their checks (and the next year's comparison
        /// with them) did not run.
        var incomplete: Set<Int> = []
    }

    // MARK: Stages

    /// Stage 1: sorts the files into years and documents; reports what does not belong.
    static func layout(_ files: [SourceFile]) -> Layout {
        var diagnostics: [Diagnostic] = []
        var byYear: [Int: [String: SourceFile]] = [:]
        var yearDisplay: [Int: String] = [:]
        for file in files.sorted(by: { $0.relativePath < $1.relativePath }) {
            let parts = file.relativePath.split(separator: "/", maxSplits: 1).map(String.init)
            if parts.count == 1 {
                if !(file.relativePath.hasSuffix(".md") || file.relativePath.hasSuffix(".txt")) {
                    diagnostics.append(unexpected(file, "is not part of a tax year; put data in <year>/ directories"))
                }
                continue
            }
            guard parts[0].count == 4, parts[0].allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(parts[0]) else {
                diagnostics.append(unexpected(file, "is in '\(parts[0])', which is not a four-digit tax year directory"))
                continue
            }
            byYear[year, default: [:]][parts[1]] = file
            yearDisplay[year] = String(file.displayPath.dropLast(parts[1].count))
        }
        diagnostics += RemovedStates.check(files: byYear.mapValues { Set($0.keys) }, yearDisplay: yearDisplay)

        var jobs: [ParseJob] = []
        var yearDiagnostics: [Int: [Diagnostic]] = [:]
        for year in byYear.keys.sorted() {
            let yearFiles = byYear[year]!
            for name in Self.requiredFiles where yearFiles[name] == nil {
                let path = "\(yearDisplay[year]!)\(name)"
                yearDiagnostics[year, default: []].append(
                    Diagnostic(.error, .fileMissing, "\(path) is missing", taxYear: year,
                               location: SourceLocation(file: path, line: 0, column: 0)))
            }
            for name in yearFiles.keys.sorted() {
                let file = yearFiles[name]!
                switch name {
                case "year.yaml": jobs.append(ParseJob(year: year, document: .year, file: file))
                case "federal.yaml": jobs.append(ParseJob(year: year, document: .federal, file: file))
                case "fica.yaml": jobs.append(ParseJob(year: year, document: .fica, file: file))
                case "retirement.yaml": jobs.append(ParseJob(year: year, document: .retirement, file: file))
                default:
                    guard name.hasPrefix("states/"), name.hasSuffix(".yaml"), name.split(separator: "/").count == 2 else {
                        yearDiagnostics[year, default: []].append(unexpected(file, "is not a tax data file (expected year.yaml, federal.yaml, fica.yaml, retirement.yaml or states/XX.yaml)"))
                        continue
                    }
                    let code = String(name.dropFirst("states/".count).dropLast(".yaml".count))
                    guard Jurisdiction.isKnown(code) else {
                        yearDiagnostics[year, default: []].append(Diagnostic(.error, .stateUnknownCode,
                            "'\(code)' is not the USPS code of a state or DC; name the file like states/CA.yaml",
                            taxYear: year, location: SourceLocation(file: file.displayPath, line: 1, column: 1)))
                        continue
                    }
                    jobs.append(ParseJob(year: year, document: .state(code), file: file))
                }
            }
        }
        return Layout(years: byYear.keys.sorted(), yearDisplay: yearDisplay, jobs: jobs, diagnostics: diagnostics,
                      yearDiagnostics: yearDiagnostics)
    }

    /// Stage 2: parses every file on its own, concurrently (parsing is pure and per file).
    static func parse(_ layout: Layout) -> [ParsedFile] {
        layout.jobs.concurrentMap { $0.run() }
    }

    /// Stage 3: puts each year together from its parsed files; a document that failed is replaced
    /// by a placeholder so the others can still be checked.
    static func assemble(_ layout: Layout, _ parsed: [ParsedFile]) -> [Assembled] {
        layout.years.map { year in
            var failed: Set<DataPath.Document> = [.year, .federal, .fica, .retirement]
            var diagnostics = layout.yearDiagnostics[year] ?? []
            var sourceMap = SourceMap()
            var reviewed: [ReviewedWarning] = []
            var meta: YearMeta?, federal: FederalData?, fica: FICAData?, retirement: RetirementData?
            var states: [String: StateData] = [:]
            var provisional: [DataPath: String] = [:]
            var grades: [DataPath: Provenance] = [:]
            for result in parsed where result.year == year {
                sourceMap.merge(result.sourceMap)
                provisional.merge(result.provisional) { $1 }
                grades.merge(result.grades) { $1 }
                reviewed += result.reviewed
                diagnostics += result.diagnostics
                let ok = result.value != nil && !result.diagnostics.hasErrors
                if ok { failed.remove(result.document) } else { failed.insert(result.document) }
                switch result.value {
                case .year(let value): meta = value
                case .federal(let value): federal = value
                case .fica(let value): fica = value
                case .retirement(let value): retirement = value
                case .state(let value):
                    if case .state(let code) = result.document { states[code] = value }
                case nil:
                    // A state that failed to parse still counts as present for coverage.
                    if case .state(let code) = result.document { states[code] = StateData(name: code, type: .noTax, sources: []) }
                }
            }
            let placeholderMeta = YearMeta(taxYear: year, version: DataVersion("\(year).0.0")!, schemaVersion: .current,
                                           effectiveDate: "\(year)-01-01", expirationDate: "\(year)-12-31", status: .draft)
            let data = TaxYearData(
                meta: meta ?? placeholderMeta,
                federal: federal ?? FederalData(year: year, standardDeduction: .init(), brackets: .init(), sources: []),
                fica: fica ?? FICAData(year: year, socialSecurity: .init(rate: 0, wageBase: 0, maxTax: 0),
                                       medicare: .init(rate: 0, additionalRate: 0, thresholds: .init()), sources: []),
                retirement: retirement ?? placeholderRetirement(year),
                states: states, provisional: provisional, gradesWritten: grades)
            let complete = meta != nil && federal != nil && fica != nil && retirement != nil && failed.isEmpty
            return Assembled(data: data, failed: failed, diagnostics: diagnostics, sourceMap: sourceMap, reviewed: reviewed,
                             isComplete: complete)
        }
    }

    /// Stage 4: runs the rules on each year, the years concurrently (not on documents that failed
    /// to parse), and locates each finding in the sources by its data path. Each year is walked
    /// once, for the field rules and for its inflation-indexed amounts (stage 5).
    static func validate(_ assembled: [Assembled], rules: RuleSet, layoutFindings: [Diagnostic]) -> Validated {
        var result = Validated(years: [], diagnostics: layoutFindings, sourceMap: SourceMap(), reviewed: [:])
        let checked = assembled.concurrentMap { year in
            let walked = year.data.walk()
            return (findings: rules.validate(year.data, fields: walked.fields),
                    indexed: year.isComplete ? year.data.inflationIndexedAmounts(walked: walked) : [])
        }
        for (year, (found, indexed)) in zip(assembled, checked) {
            let taxYear = year.data.meta.taxYear
            result.sourceMap.merge(year.sourceMap)
            result.reviewed[taxYear, default: []] += year.reviewed
            // Findings on a document that failed, or made against one (a state's share of a federal
            // credit when federal.yaml failed), would only repeat its errors.
            let findings = found.filter { finding in
                if let other = finding.against, year.failed.contains(other) { return false }
                guard let document = finding.path?.document else { return true }
                return !year.failed.contains(document)
            }
            result.diagnostics += year.diagnostics + findings.map { finding in
                var finding = finding
                if finding.location == nil, let path = finding.path {
                    finding.location = year.sourceMap.location(year: taxYear, path: path)
                }
                return finding
            }
            if year.isComplete {
                result.years.append(year.data)
                result.indexed[taxYear] = indexed
            } else {
                result.incomplete.insert(taxYear)
            }
        }
        return result
    }

    /// Stage 5: sanity warnings for each pair of consecutive years in the tree.
    static func yearOverYear(_ validated: Validated) -> Validated {
        var result = validated
        let sorted = validated.years.sorted { $0.meta.taxYear < $1.meta.taxYear }
        for (previous, current) in zip(sorted, sorted.dropFirst()) where current.meta.taxYear == previous.meta.taxYear + 1 {
            let indexed = validated.indexed[previous.meta.taxYear].flatMap { before in
                validated.indexed[current.meta.taxYear].map { (before, $0) }
            }
            result.diagnostics += YearOverYear().check(previous: previous, current: current, indexed: indexed).map { finding in
                var finding = finding
                if let path = finding.path { finding.location = validated.sourceMap.location(year: current.meta.taxYear, path: path) }
                return finding
            }
        }
        return result
    }

    /// Stage 6: moves the warnings people marked reviewed aside, and sorts the findings by place.
    static func finish(_ validated: Validated) -> CompileResult {
        var (diagnostics, reviewed) = applyReviewed(validated.diagnostics, entries: validated.reviewed, incomplete: validated.incomplete)
        diagnostics.sort { a, b in
            let la = a.location, lb = b.location
            return (la?.file ?? "", la?.line ?? 0, la?.column ?? 0, a.rule.rawValue, a.message)
                < (lb?.file ?? "", lb?.line ?? 0, lb?.column ?? 0, b.rule.rawValue, b.message)
        }
        return CompileResult(years: validated.years, diagnostics: diagnostics, sourceMap: validated.sourceMap, reviewed: reviewed)
    }

    /// Moves each warning a `reviewed:` entry names (same year, rule and path) out of the findings,
    /// and reports every entry that matched nothing, so a stale review cannot hide a new warning:
    /// except in a year that was not checked in full (it, or the year before it compares with, is
    /// `incomplete`), where the warning an entry names may simply not have been looked for.
    static func applyReviewed(_ diagnostics: [Diagnostic], entries: [Int: [ReviewedWarning]], incomplete: Set<Int> = [])
        -> (remaining: [Diagnostic], reviewed: [(Diagnostic, String)]) {
        var used: Set<ReviewedWarning> = []
        var remaining: [Diagnostic] = []
        var reviewed: [(Diagnostic, String)] = []
        for finding in diagnostics {
            if finding.severity == .warning, let year = finding.taxYear, let path = finding.path,
               let entry = entries[year]?.first(where: { $0.rule == finding.rule && $0.path == path }) {
                used.insert(entry)
                reviewed.append((finding, entry.reason))
            } else {
                remaining.append(finding)
            }
        }
        for (year, list) in entries where !incomplete.contains(year) && !incomplete.contains(year - 1) {
            for entry in list where !used.contains(entry) {
                remaining.append(Diagnostic(.warning, .reviewedUnused,
                    "reviewed entry for [\(entry.rule)] at \(entry.path.pointer.isEmpty ? "the document" : entry.path.pointer) matches no warning: remove it (or fix its rule or path)",
                    taxYear: year, path: entry.path, location: entry.location))
            }
        }
        return (remaining, reviewed)
    }

    /// One file to parse, and how.
    struct ParseJob: Sendable {
        var year: Int
        var document: DataPath.Document
        var file: SourceFile

        func run() -> ParsedFile {
            let doc = YAMLDocument(file: file, year: year, document: document)
            let value: ParsedFile.Value?
            switch document {
            case .year: value = doc.parseYear().map { .year($0) }
            case .federal: value = doc.parseFederal().map { .federal($0) }
            case .fica: value = doc.parseFICA().map { .fica($0) }
            case .retirement: value = doc.parseRetirement().map { .retirement($0) }
            case .state(let code): value = doc.parseState(code: code).map { .state($0) }
            }
            doc.reportUnresolvedMissingKeys()
            var grades = doc.figureProvenance
            if let declared = value?.declaredProvenance { grades[DataPath(document)] = declared }
            return ParsedFile(year: year, document: document, value: value.map { $0.graded(by: doc.figureProvenance) },
                              diagnostics: doc.diagnostics, sourceMap: doc.sourceMap, provisional: doc.provisional,
                              grades: grades, reviewed: doc.reviewed)
        }
    }

    /// What parsing one file produced.
    struct ParsedFile: Sendable {
        enum Value: Sendable {
            case year(YearMeta), federal(FederalData), fica(FICAData), retirement(RetirementData), state(StateData)
        }
        var year: Int
        var document: DataPath.Document
        var value: Value?
        var diagnostics: [Diagnostic]
        var sourceMap: SourceMap
        var provisional: [DataPath: String]
        /// The grades written in the file: the document's own at its root, a figure's at its path.
        var grades: [DataPath: Provenance]
        var reviewed: [ReviewedWarning]
    }

    private static func unexpected(_ file: SourceFile, _ why: String) -> Diagnostic {
        Diagnostic(.error, .fileUnexpected, "\(file.relativePath) \(why)",
                   location: SourceLocation(file: file.displayPath, line: 1, column: 1))
    }

    private static func placeholderRetirement(_ year: Int) -> RetirementData {
        let plan = RetirementData.DeferralPlan(employeeLimit: 0, catchUpContribution: 0, catchUpAge: 0, totalLimit: nil, enhancedCatchUp: nil)
        return RetirementData(year: year, plan401k: plan, plan403b: plan, plan457b: plan,
                              ira: .init(traditionalLimit: 0, rothLimit: 0, catchUpContribution: 0, catchUpAge: 0),
                              rothIncomePhaseout: .init(), simpleIra: .init(employeeLimit: 0, catchUpContribution: 0, enhancedCatchUp: nil),
                              sepIra: .init(limit: 0, maxCompensation: 0, maxPercentage: 0),
                              hsa: .init(individual: 0, family: 0, catchUpContribution: 0, catchUpAge: 0), sources: [])
    }
}

extension TreeCompiler.ParsedFile.Value {
    /// The grade the file itself declares (`provenance:` at its top), before its figures' grades
    /// are folded in.
    var declaredProvenance: Provenance? {
        switch self {
        case .year: nil
        case .federal(let value): value.provenance
        case .fica(let value): value.provenance
        case .retirement(let value): value.provenance
        case .state(let value): value.provenance
        }
    }

    /// The document with its effective grade: the weakest of the file's `provenance` and the grades
    /// its figures carry. A file without a grade stays without one (the `provenance.grade` rule says so).
    func graded(by figures: [DataPath: Provenance]) -> Self {
        func effective(_ declared: Provenance?) -> Provenance? {
            declared.map { Provenance.weakest([$0] + figures.values)! }
        }
        switch self {
        case .year: return self
        case .federal(var value): value.provenance = effective(value.provenance); return .federal(value)
        case .fica(var value): value.provenance = effective(value.provenance); return .fica(value)
        case .retirement(var value): value.provenance = effective(value.provenance); return .retirement(value)
        case .state(var value): value.provenance = effective(value.provenance); return .state(value)
        }
    }
}
