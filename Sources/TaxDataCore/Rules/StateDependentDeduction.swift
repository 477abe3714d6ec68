import Foundation

/// A dependent deduction has a label, an amount of at least zero for every filing status (zero where
/// the status does not qualify), an `exceptFirst` count of at least zero, a state with an income
/// tax, and schema 1.6.
public struct StateDependentDeduction: StateConstructRule {
    public let id = RuleID.stateDependentDeduction
    public static let key = "dependentDeduction"
    public static let since = SchemaVersion.v1_6
    public static let noIncomeTax: String? = " to deduct from"
    public init() {}

    public func construct(of state: StateData) -> DependentDeduction? { state.dependentDeduction }

    public func check(_ deduction: DependentDeduction, _ context: inout StateConstructContext) {
        let path = context.path
        func error(_ message: String, _ at: DataPath) { context.error(message, at: at) }
        context.requireLabel(deduction.label, naming: "the deduction")
        let missing = deduction.amount.missing
        if !missing.isEmpty { error("amount has no value for \(missing.map(\.rawValue).joined(separator: ", "))", path.key("amount")) }
        for status in FilingStatus.allCases {
            if let amount = deduction.amount[status], amount < 0 {
                error("amount \(Money.text(amount)) must be at least zero", path.key("amount").key(status.rawValue))
            }
        }
        if deduction.exceptFirst < 0 { error("exceptFirst \(deduction.exceptFirst) must be at least zero", path.key("exceptFirst")) }
    }
}
