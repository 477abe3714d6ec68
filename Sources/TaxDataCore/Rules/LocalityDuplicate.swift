import Foundation

/// An id names one place: no locality is listed twice, in one state or in two, and no tax id is
/// used by two localities (schema 1.13).
public struct LocalityDuplicate: ValidationRule {
    public let id = RuleID.localityDuplicate
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var seen: [String: (state: String, index: Int)] = [:]
        var taxOwners: [String: String] = [:]
        for code in data.states.keys.sorted() {
            let root = DataPath(.state(code)).key("localities")
            for (i, locality) in (data.states[code]!.localities ?? []).enumerated() {
                if let first = seen[locality.id] {
                    findings.append(.error(id, "locality \(locality.id) is listed twice: already \(first.state) localities[\(first.index)]; one id names one place",
                                           at: root.index(i).key("id")))
                } else {
                    seen[locality.id] = (code, i)
                }
                for (t, tax) in locality.taxes.enumerated() {
                    if let owner = taxOwners[tax.id], owner != locality.id {
                        findings.append(.error(id, "tax id \(tax.id) of \(locality.id) is already a tax of \(owner)",
                                               at: root.index(i).key("taxes").index(t).key("id")))
                    } else {
                        taxOwners[tax.id] = locality.id
                    }
                }
            }
        }
        return findings
    }
}
