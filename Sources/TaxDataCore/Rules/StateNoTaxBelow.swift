import Foundation

/// A no-tax threshold has a label and an amount above zero for every filing status, on a state
/// with an income tax, in schema 1.12.
public struct StateNoTaxBelow: StateConstructRule {
    public let id = RuleID.stateNoTaxBelow
    public static let key = "noTaxBelow"
    public static let since = SchemaVersion.v1_12
    public static let noIncomeTax: String? = " to waive"
    public init() {}

    public func construct(of state: StateData) -> NoTaxBelow? { state.noTaxBelow }

    public func check(_ rule: NoTaxBelow, _ context: inout StateConstructContext) {
        context.requireLabel(rule.label, naming: "the threshold")
        let missing = rule.amount.missing
        if !missing.isEmpty { context.error("amount has no value for \(missing.map(\.rawValue).joined(separator: ", "))", at: context.path.key("amount")) }
        for status in FilingStatus.allCases {
            if let amount = rule.amount[status], amount <= 0 {
                context.error("amount \(Money.text(amount)) must be above zero", at: context.path.key("amount").key(status.rawValue))
            }
        }
    }
}
