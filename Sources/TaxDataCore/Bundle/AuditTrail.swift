import Foundation

/// `provenance_Y.json`: a year's audit trail, every `sources` and `notes` of its documents and
/// states, which the app form of the year leaves out (docs/design/34-payload.md). Apps compute
/// without it; reviewers, auditors and `verify` read it. A state's `pending` (the publication that
/// will replace estimated figures) stays in the app form: apps show it (`TaxDataStatus.estimatedStates`).
public struct ProvenanceDocument: Sendable, Equatable, Codable {
    /// The audit trail of one document or one state.
    public struct Entry: Sendable, Equatable, Codable {
        public var sources: [Citation]
        public var notes: String?
        /// 1.12: each payroll contribution's sources, in the order of the state's list.
        public var payrollContributions: [[Citation]]?
        /// 1.12: the sources of the state's pre-tax treatment.
        public var preTaxTreatment: [Citation]?
        /// 1.14: the sources of the state's withholding method.
        public var withholding: [Citation]?
        /// 1.14: the sources of each of the withholding method's `midYear` methods, in order.
        public var withholdingMidYear: [[Citation]]?

        public init(sources: [Citation], notes: String? = nil, payrollContributions: [[Citation]]? = nil, preTaxTreatment: [Citation]? = nil,
                    withholding: [Citation]? = nil, withholdingMidYear: [[Citation]]? = nil) {
            self.sources = sources
            self.notes = notes
            self.payrollContributions = payrollContributions
            self.preTaxTreatment = preTaxTreatment
            self.withholding = withholding
            self.withholdingMidYear = withholdingMidYear
        }
    }

    public var taxYear: Int
    public var version: DataVersion
    public var federal: Entry
    public var fica: Entry
    public var retirement: Entry
    /// Keyed by USPS code, the same states as the year's data.
    public var states: [String: Entry]
}

/// Why an audit trail cannot be put back into a year: it is another year's, another version's, or
/// names other states.
public struct AuditTrailMismatch: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
}

extension CombinedDocument {
    /// The year without its audit trail (the app form), and the audit trail.
    public func splittingAuditTrail() -> (app: CombinedDocument, provenance: ProvenanceDocument) {
        var app = self
        app.federal.sources = []
        app.federal.notes = nil
        app.fica.sources = []
        app.fica.notes = nil
        app.retirement.sources = []
        app.retirement.notes = nil
        var states: [String: ProvenanceDocument.Entry] = [:]
        for (code, state) in self.states {
            states[code] = .init(sources: state.sources, notes: state.notes,
                                 payrollContributions: state.payrollContributions?.map(\.sources),
                                 preTaxTreatment: state.preTaxTreatment?.sources, withholding: state.withholding?.sources,
                                 withholdingMidYear: state.withholding?.midYear?.map(\.method.sources))
            app.states[code]?.sources = []
            app.states[code]?.notes = nil
            for i in state.payrollContributions?.indices ?? 0..<0 { app.states[code]?.payrollContributions?[i].sources = [] }
            app.states[code]?.preTaxTreatment?.sources = []
            app.states[code]?.withholding?.sources = []
            for i in state.withholding?.midYear?.indices ?? 0..<0 { app.states[code]?.withholding?.midYear?[i].method.sources = [] }
        }
        let provenance = ProvenanceDocument(
            taxYear: taxYear, version: version,
            federal: .init(sources: federal.sources, notes: federal.notes),
            fica: .init(sources: fica.sources, notes: fica.notes),
            retirement: .init(sources: retirement.sources, notes: retirement.notes),
            states: states)
        return (app, provenance)
    }

    /// The year with `provenance`'s audit trail put back: the inverse of `splittingAuditTrail`.
    /// - Throws: `AuditTrailMismatch` when the audit trail is another year's or version's, or its
    ///   states are not exactly this year's.
    public func restoringAuditTrail(_ provenance: ProvenanceDocument) throws -> CombinedDocument {
        guard provenance.taxYear == taxYear, provenance.version == version else {
            throw AuditTrailMismatch(description: "the audit trail is for \(provenance.taxYear) version \(provenance.version), the data \(taxYear) version \(version)")
        }
        guard Set(provenance.states.keys) == Set(states.keys) else {
            let extra = Set(provenance.states.keys).subtracting(states.keys).sorted()
            let missing = Set(states.keys).subtracting(provenance.states.keys).sorted()
            throw AuditTrailMismatch(description: "the audit trail's states differ from the data's (only in the audit trail: \(extra); only in the data: \(missing))")
        }
        var full = self
        full.federal.sources = provenance.federal.sources
        full.federal.notes = provenance.federal.notes
        full.fica.sources = provenance.fica.sources
        full.fica.notes = provenance.fica.notes
        full.retirement.sources = provenance.retirement.sources
        full.retirement.notes = provenance.retirement.notes
        for (code, entry) in provenance.states {
            full.states[code]?.sources = entry.sources
            full.states[code]?.notes = entry.notes
            let contributions = full.states[code]?.payrollContributions
            guard entry.payrollContributions?.count == contributions?.count,
                  (entry.preTaxTreatment == nil) == (full.states[code]?.preTaxTreatment == nil),
                  (entry.withholding == nil) == (full.states[code]?.withholding == nil),
                  entry.withholdingMidYear?.count == full.states[code]?.withholding?.midYear?.count else {
                throw AuditTrailMismatch(description: "the audit trail of \(code) does not list the sources of the same payroll contributions, pre-tax treatment and withholding method as the data")
            }
            for (i, sources) in (entry.payrollContributions ?? []).enumerated() { full.states[code]?.payrollContributions?[i].sources = sources }
            if let sources = entry.preTaxTreatment { full.states[code]?.preTaxTreatment?.sources = sources }
            if let sources = entry.withholding { full.states[code]?.withholding?.sources = sources }
            for (i, sources) in (entry.withholdingMidYear ?? []).enumerated() { full.states[code]?.withholding?.midYear?[i].method.sources = sources }
        }
        return full
    }
}
