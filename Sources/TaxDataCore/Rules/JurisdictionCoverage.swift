/// A published year covers all 50 states and DC. Draft years may be partial.
public struct JurisdictionCoverage: ValidationRule {
    public let id = RuleID.coverageJurisdictions
    public init() {}
    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for code in data.states.keys.sorted() where !Jurisdiction.isKnown(code) {
            findings.append(.error(id, "'\(code)' is not a USPS code of a state or DC", at: DataPath(.state(code))))
        }
        guard data.meta.status == .published else { return findings }
        let missing = Jurisdiction.codes.filter { data.states[$0] == nil }
        if !missing.isEmpty {
            findings.append(.error(id, "a published year needs all 51 jurisdictions; missing \(missing.count): \(missing.joined(separator: ", "))",
                                   at: DataPath(.year).key("status")))
        }
        return findings
    }
}
