import Foundation

/// Each locality is graded as a document is (`provenance.grade`): a grade; sources with a kind;
/// `official` backed by an official source; `corroborated` by the official publication and two
/// secondary sources; `estimated` by at least one source and, in a published year, with `pending`
/// naming the publication that will replace it (schema 1.13). A locality's grade is its own: it does
/// not lower its state's.
public struct LocalityGrade: StateConstructRule {
    public let id = RuleID.localityProvenance
    /// Reads the citations: in the local form they are in its provenance document, which `verify`
    /// reads and an app does not fetch.
    public var readsAuditTrail: Bool { true }
    public static let key = "localities"
    public static let since = SchemaVersion.v1_13
    /// `locality.shape` reports a year too old for localities, once.
    public static let reportsSchema = false
    public static let noIncomeTax: String? = nil
    public init() {}

    public func construct(of state: StateData) -> [Locality]? { state.localities }

    public func check(_ localities: [Locality], _ context: inout StateConstructContext) {
        for (i, locality) in localities.enumerated() {
            let path = context.path.index(i)
            for (s, source) in locality.sources.enumerated() where source.kind == nil {
                context.error("\(locality.id) source \(s) has no kind: add kind: official or kind: secondary", at: path.key("sources").index(s))
            }
            let official = locality.sources.filter { $0.kind == .official }.count
            let secondary = locality.sources.filter { $0.kind == .secondary }.count
            switch locality.provenance {
            case nil:
                context.error("\(locality.id) has no provenance: add provenance: official, corroborated or estimated", at: path)
            case .official? where official < 1:
                context.error("\(locality.id) is graded official but cites no kind: official source", at: path.key("provenance"))
            case .corroborated? where official < 1 || secondary < 2:
                context.error("\(locality.id) is graded corroborated but cites \(official) official and \(secondary) secondary source(s); it needs the official publication that holds the figures and two independent secondary sources that agree",
                              at: path.key("provenance"))
            case .estimated? where locality.sources.isEmpty:
                context.error("\(locality.id) is graded estimated but cites no source", at: path.key("sources"))
            case .estimated? where context.data.meta.status == .published && locality.pending == nil:
                context.error("\(locality.id) is estimated in a published year: add pending naming the publication that will replace it",
                              at: path.key("provenance"))
            default:
                break
            }
            if locality.pending != nil && locality.provenance != .estimated {
                context.error("\(locality.id) has pending but is graded \(locality.provenance?.rawValue ?? "nothing"): pending goes with estimated",
                              at: path.key("pending"))
            }
        }
    }
}
