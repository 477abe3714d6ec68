/// Each document's grade is backed by the sources it lists (schema 1.2 and later):
///
/// - every document has a `provenance` and every source a `kind`;
/// - `official` lists at least one official source;
/// - `corroborated` lists at least one official source (the document that holds the figures) and
///   at least two secondary sources (that agree; the author vouches that they are independent);
/// - `estimated` lists at least one source;
/// - `pending` appears only on an `estimated` state.
public struct ProvenanceGrade: ValidationRule {
    public let id = RuleID.provenanceGrade
    public var readsAuditTrail: Bool { true }
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        guard data.requiresProvenance else { return [] }
        var findings: [Diagnostic] = []
        for doc in data.citedDocuments {
            let root = DataPath(doc.document)
            for (i, source) in doc.sources.enumerated() where source.kind == nil {
                findings.append(.error(id, "\(doc.label) source \(i) has no kind: add kind: official (the authority itself) or kind: secondary",
                                       at: root.key("sources").index(i)))
            }
            if doc.pending != nil && doc.provenance != .estimated {
                findings.append(.error(id, "\(doc.label) has pending but is not estimated: pending names the publication that will replace estimated figures",
                                       at: root.key("pending")))
            }
            guard let grade = doc.provenance else {
                findings.append(.error(id, "\(doc.label) has no provenance: add provenance: official, corroborated or estimated (docs/authoring.md)",
                                       at: root))
                continue
            }
            let official = doc.sources.filter { $0.kind == .official }.count
            let secondary = doc.sources.filter { $0.kind == .secondary }.count
            switch grade {
            case .official where official < 1:
                findings.append(.error(id, "\(doc.label) is graded official but lists no kind: official source", at: root.key("provenance")))
            case .corroborated where official < 1 || secondary < 2:
                findings.append(.error(id, "\(doc.label) is graded corroborated but lists \(official) official and \(secondary) secondary source(s); it needs the official document that holds the figures and at least two independent secondary sources that agree",
                                       at: root.key("provenance")))
            default:
                break
            }
        }
        return findings
    }
}
