import Foundation

/// A credit per child under 6 has a label and an amount above zero, on a state with an income tax,
/// in schema 1.12 (a negative amount is also `amount.negative`).
public struct StateYoungChildCredit: StateConstructRule {
    public let id = RuleID.stateYoungChildCredit
    public static let key = "youngChildCredit"
    public static let since = SchemaVersion.v1_12
    public static let noIncomeTax: String? = " to take a credit against"
    public init() {}

    public func construct(of state: StateData) -> YoungChildCredit? { state.youngChildCredit }

    public func check(_ credit: YoungChildCredit, _ context: inout StateConstructContext) {
        context.requireLabel(credit.label, naming: "the credit")
        if credit.amount <= 0 { context.error("amount \(Money.text(credit.amount)) must be above zero", at: context.path.key("amount")) }
    }
}
