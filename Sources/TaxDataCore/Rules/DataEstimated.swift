/// An `estimated` document may sit in a draft (a warning); a published year holds one only for a
/// state whose authority has not yet published that year, written with `pending` (an error
/// otherwise). `build --release` refuses the warnings too (`publish.estimated`).
public struct DataEstimated: ValidationRule {
    public let id = RuleID.dataEstimated
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for doc in data.citedDocuments where doc.provenance == .estimated {
            let path = DataPath(doc.document).key("provenance")
            var isState = false
            if case .state = doc.document { isState = true }
            if isState && doc.pending != nil { continue }
            let why = isState
                ? "add pending: \"<the publication that will replace it>\" if the authority has not published \(data.meta.taxYear) yet, or corroborate the figures"
                : "only a state whose authority has not published may be estimated; corroborate the figures"
            if data.meta.status == .published {
                findings.append(.error(id, "\(doc.label) \(data.meta.taxYear) is estimated in a published year: \(why)", at: path))
            } else {
                findings.append(.warning(id, "\(doc.label) \(data.meta.taxYear) is estimated: \(why)", at: path))
            }
        }
        return findings
    }
}
