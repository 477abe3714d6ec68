/// One cited document of a tax year: federal, FICA, retirement or a state, with what the
/// citation and provenance rules read.
public struct CitedDocument: Sendable {
    public var document: DataPath.Document
    public var sources: [Citation]
    public var provenance: Provenance?
    /// Set only on states (`StateData.pending`).
    public var pending: String?

    /// "federal", "fica", "retirement", "CA": for messages.
    public var label: String {
        switch document {
        case .state(let code): code
        case .year: "year"
        case .federal: "federal"
        case .fica: "fica"
        case .retirement: "retirement"
        }
    }
}

extension TaxYearData {
    /// The year's cited documents in a stable order: federal, fica, retirement, then states by code.
    public var citedDocuments: [CitedDocument] {
        var result = [
            CitedDocument(document: .federal, sources: federal.sources, provenance: federal.provenance),
            CitedDocument(document: .fica, sources: fica.sources, provenance: fica.provenance),
            CitedDocument(document: .retirement, sources: retirement.sources, provenance: retirement.provenance),
        ]
        for code in states.keys.sorted() {
            let state = states[code]!
            result.append(CitedDocument(document: .state(code), sources: state.sources, provenance: state.provenance,
                                        pending: state.pending))
        }
        return result
    }

    /// Schema 1.2 introduced provenance grades and source kinds; older bundles have neither.
    public var requiresProvenance: Bool {
        meta.schemaVersion.major > 1 || meta.schemaVersion.minor >= 2
    }
}
