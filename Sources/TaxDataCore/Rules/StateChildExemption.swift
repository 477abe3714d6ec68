import Foundation

/// An additional exemption per qualifying child (Indiana) is not negative, belongs to a state that
/// taxes income, and needs schema 1.4 (a 1.3 client would leave it out).
public struct StateChildExemption: ValidationRule {
    public let id = RuleID.stateChildExemption
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for code in data.states.keys.sorted() {
            guard let amount = data.states[code]!.childExemption else { continue }
            let path = DataPath(.state(code)).key("childExemption")
            if data.meta.schemaVersion < .v1_4 { findings.append(.error(id, "childExemption needs schemaVersion \"1.4\" in year.yaml", at: path)) }
            if amount < 0 { findings.append(.error(id, "childExemption must not be negative", at: path)) }
            if data.states[code]!.type == .noTax { findings.append(.error(id, "\(code) has no income tax to exempt from", at: path)) }
        }
        return findings
    }
}
