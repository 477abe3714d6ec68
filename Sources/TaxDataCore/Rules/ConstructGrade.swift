import Foundation

/// The constructs that carry their own grade and citations (schema 1.12: each payroll
/// contribution, a state's pre-tax treatment; 1.14: a state's withholding method) are graded as a document is (`provenance.grade`):
/// a grade; sources with a kind; `official` backed by an official source; `corroborated` by an
/// official source and two secondary ones; `estimated` by at least one source, and in a published
/// year only with `pending` naming the publication that will confirm it: a withholding method's own
/// (one that could not be read here, say so), or for the other constructs their state's, itself
/// estimated. `pending` goes with `estimated` only. A construct's grade is its own:
/// it does not lower its state's. Reads the audit trail: on a device without the provenance
/// document it does not run.
public struct ConstructGrade: ValidationRule {
    public let id = RuleID.provenanceConstruct
    public var readsAuditTrail: Bool { true }
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for code in data.states.keys.sorted() {
            let state = data.states[code]!
            let root = DataPath(.state(code))
            for (i, c) in (state.payrollContributions ?? []).enumerated() {
                findings += grade(c.provenance, c.sources, "\(code) \(c.id)", root.key("payrollContributions").index(i), data, state)
            }
            if let treatment = state.preTaxTreatment {
                findings += grade(treatment.provenance, treatment.sources, "\(code) preTaxTreatment", root.key("preTaxTreatment"), data, state)
            }
            if let method = state.withholding {
                findings += grade(method.provenance, method.sources, "\(code) withholding", root.key("withholding"), data, state, pending: method.pending)
                for (i, change) in (method.midYear ?? []).enumerated() {
                    findings += grade(change.method.provenance, change.method.sources, "\(code) withholding from \(change.from)",
                                      root.key("withholding").key("midYear").index(i), data, state, pending: change.method.pending)
                }
            }
        }
        return findings
    }

    /// `pending`: the construct's own (a withholding method's), which lets it be estimated in a
    /// published year whatever its state's grade.
    private func grade(_ grade: Provenance?, _ sources: [Citation], _ label: String, _ path: DataPath, _ data: TaxYearData,
                       _ state: StateData, pending: String? = nil) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (i, source) in sources.enumerated() where source.kind == nil {
            findings.append(.error(id, "\(label) source \(i) has no kind: add kind: official or kind: secondary", at: path.key("sources").index(i)))
        }
        let official = sources.filter { $0.kind == .official }.count, secondary = sources.filter { $0.kind == .secondary }.count
        switch grade {
        case nil:
            findings.append(.error(id, "\(label) has no provenance: add provenance: official, corroborated or estimated", at: path))
        case .official? where official < 1:
            findings.append(.error(id, "\(label) is graded official but cites no kind: official source", at: path.key("provenance")))
        case .corroborated? where official < 1 || secondary < 2:
            findings.append(.error(id, "\(label) is graded corroborated but cites \(official) official and \(secondary) secondary source(s); it needs the official document that holds the figures and two independent secondary sources that agree",
                                   at: path.key("provenance")))
        case .estimated? where sources.isEmpty:
            findings.append(.error(id, "\(label) is graded estimated but cites no source", at: path.key("sources")))
        case .estimated? where data.meta.status == .published && pending == nil && (state.provenance != .estimated || state.pending == nil):
            findings.append(.error(id, "\(label) is estimated in a published year: corroborate it, or add pending naming the publication that will confirm it",
                                   at: path.key("provenance")))
        default:
            break
        }
        if pending != nil && grade != .estimated {
            findings.append(.error(id, "\(label) has pending but is graded \(grade?.rawValue ?? "nothing"): pending goes with estimated", at: path.key("pending")))
        }
        return findings
    }
}
