import Foundation

/// A poverty level credit has a label, a share above 0 and at most 1 of earned income, and
/// guideline amounts above zero, on a state with an income tax, in schema 1.12.
public struct StatePovertyLevelCredit: StateConstructRule {
    public let id = RuleID.statePovertyLevelCredit
    public static let key = "povertyLevelCredit"
    public static let since = SchemaVersion.v1_12
    public static let noIncomeTax: String? = " to take a credit against"
    public init() {}

    public func construct(of state: StateData) -> PovertyLevelCredit? { state.povertyLevelCredit }

    public func check(_ credit: PovertyLevelCredit, _ context: inout StateConstructContext) {
        context.requireLabel(credit.label, naming: "the credit")
        if credit.share <= 0 || credit.share > 1 { context.error("share \(Money.text(credit.share)) must be above 0 and at most 1", at: context.path.key("share")) }
        if credit.firstPerson <= 0 { context.error("firstPerson \(Money.text(credit.firstPerson)) must be above zero", at: context.path.key("firstPerson")) }
        if credit.additionalPerson <= 0 {
            context.error("additionalPerson \(Money.text(credit.additionalPerson)) must be above zero", at: context.path.key("additionalPerson"))
        }
    }
}
