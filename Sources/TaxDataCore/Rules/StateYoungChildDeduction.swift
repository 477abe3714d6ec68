import Foundation

/// A deduction per dependent under 6 has a label, on a state with an income tax, in schema 1.10 (a
/// negative amount is `amount.negative`, as everywhere).
public struct StateYoungChildDeduction: StateConstructRule {
    public let id = RuleID.stateYoungChildDeduction
    public static let key = "youngChildDeduction"
    public static let since = SchemaVersion.v1_10
    public static let noIncomeTax: String? = " to deduct from"
    public init() {}

    public func construct(of state: StateData) -> YoungChildDeduction? { state.youngChildDeduction }

    public func check(_ deduction: YoungChildDeduction, _ context: inout StateConstructContext) {
        context.requireLabel(deduction.label, naming: "the deduction")
    }
}
