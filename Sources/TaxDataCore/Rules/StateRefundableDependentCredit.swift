import Foundation

/// A refundable dependent credit is an amount above zero, in a state with an income tax, and needs
/// schema 1.5 (a 1.4 client leaves it out, which is right for the tax before refundable credits).
public struct StateRefundableDependentCredit: ValidationRule {
    public let id = RuleID.stateRefundableDependentCredit
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for code in data.states.keys.sorted() {
            let state = data.states[code]!
            guard let amount = state.refundableDependentCredit else { continue }
            let path = DataPath(.state(code)).key("refundableDependentCredit")
            if data.meta.schemaVersion < .v1_5 {
                findings.append(.error(id, "refundableDependentCredit needs schemaVersion \"1.5\" in year.yaml", at: path))
            }
            if state.type == .noTax { findings.append(.error(id, "\(code) has no income tax to take a credit against", at: path)) }
            if amount <= 0 { findings.append(.error(id, "refundableDependentCredit \(Money.text(amount)) must be above zero", at: path)) }
        }
        return findings
    }
}
