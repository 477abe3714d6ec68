import Foundation
import TaxDataCore

extension TreeCompiler {
    /// Stage 2: parses every file on its own, concurrently (parsing is pure and per file).
    static func parse(_ layout: Layout) -> [ParsedFile] {
        layout.jobs.concurrentMap { $0.run() }
    }

    /// One file to parse, and how.
    struct ParseJob: Sendable {
        var year: Int
        var document: DataPath.Document
        var file: SourceFile
        /// `localities/XX.yaml`: the state's localities, parsed into `.localities`.
        var localities = false

        func run() -> ParsedFile {
            let doc = YAMLDocument(file: file, year: year, document: document)
            let value: ParsedFile.Value?
            switch document {
            case .year: value = doc.parseYear().map { .year($0) }
            case .federal: value = doc.parseFederal().map { .federal($0) }
            case .fica: value = doc.parseFICA().map { .fica($0) }
            case .retirement: value = doc.parseRetirement().map { .retirement($0) }
            case .state(let code) where localities: value = doc.parseLocalities(code: code).map { .localities($0) }
            case .state(let code): value = doc.parseState(code: code).map { .state($0) }
            }
            doc.reportUnresolvedMissingKeys()
            var grades = doc.figureProvenance
            if let declared = value?.declaredProvenance { grades[DataPath(document)] = declared }
            return ParsedFile(year: year, document: document, value: value.map { $0.graded(by: doc.figureProvenance) },
                              diagnostics: doc.diagnostics, sourceMap: doc.sourceMap, provisional: doc.provisional,
                              grades: grades, reviewed: doc.reviewed, isLocalities: localities)
        }
    }

    /// What parsing one file produced.
    struct ParsedFile: Sendable {
        enum Value: Sendable {
            case year(YearMeta), federal(FederalData), fica(FICAData), retirement(RetirementData), state(StateData)
            /// A state's `localities/XX.yaml`, put into its state when the year is assembled.
            case localities([Locality])
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
        /// From `localities/XX.yaml` (the state's document is `states/XX.yaml`).
        var isLocalities = false
    }
}

extension TreeCompiler.ParsedFile.Value {
    /// The grade the file itself declares (`provenance:` at its top), before its figures' grades
    /// are folded in.
    var declaredProvenance: Provenance? {
        switch self {
        case .year, .localities: nil
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
        case .year, .localities: return self
        case .federal(var value): value.provenance = effective(value.provenance); return .federal(value)
        case .fica(var value): value.provenance = effective(value.provenance); return .fica(value)
        case .retirement(var value): value.provenance = effective(value.provenance); return .retirement(value)
        case .state(var value): value.provenance = effective(value.provenance); return .state(value)
        }
    }
}
