import Foundation

/// A dependent deduction has a label, an amount of at least zero for every filing status (zero where
/// the status does not qualify), an `exceptFirst` count of at least zero, a state with an income
/// tax, and schema 1.6.
public struct StateDependentDeduction: ValidationRule {
    public let id = RuleID.stateDependentDeduction
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for code in data.states.keys.sorted() {
            let state = data.states[code]!
            guard let deduction = state.dependentDeduction else { continue }
            let path = DataPath(.state(code)).key("dependentDeduction")
            func error(_ message: String, _ at: DataPath) { findings.append(.error(id, message, at: at)) }
            if data.meta.schemaVersion < .v1_6 { error("dependentDeduction needs schemaVersion \"1.6\" in year.yaml", path) }
            if state.type == .noTax { error("\(code) has no income tax to deduct from", path) }
            if deduction.label.isBlank { error("label must name the deduction for the user", path.key("label")) }
            let missing = deduction.amount.missing
            if !missing.isEmpty { error("amount has no value for \(missing.map(\.rawValue).joined(separator: ", "))", path.key("amount")) }
            for status in FilingStatus.allCases {
                if let amount = deduction.amount[status], amount < 0 {
                    error("amount \(Money.text(amount)) must be at least zero", path.key("amount").key(status.rawValue))
                }
            }
            if deduction.exceptFirst < 0 { error("exceptFirst \(deduction.exceptFirst) must be at least zero", path.key("exceptFirst")) }
        }
        return findings
    }
}
