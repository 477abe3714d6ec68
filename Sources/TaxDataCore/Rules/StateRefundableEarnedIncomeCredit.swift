import Foundation

/// A refundable earned income credit has a label and a share above 0 and at most 2 of the federal
/// credit, on a state with an income tax, in schema 1.12.
public struct StateRefundableEarnedIncomeCredit: StateConstructRule {
    public let id = RuleID.stateRefundableEarnedIncomeCredit
    public static let key = "refundableEarnedIncomeCredit"
    public static let since = SchemaVersion.v1_12
    public static let noIncomeTax: String? = " to take a credit against"
    public init() {}

    public func construct(of state: StateData) -> RefundableEarnedIncomeCredit? { state.refundableEarnedIncomeCredit }

    public func check(_ credit: RefundableEarnedIncomeCredit, _ context: inout StateConstructContext) {
        context.requireLabel(credit.label, naming: "the credit")
        if credit.share <= 0 || credit.share > 2 {
            context.error("share \(Money.text(credit.share)) of the federal credit must be above 0 and at most 2", at: context.path.key("share"))
        }
    }
}
