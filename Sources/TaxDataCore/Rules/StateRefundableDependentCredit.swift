import Foundation

/// A refundable dependent credit is an amount above zero, in a state with an income tax, and needs
/// schema 1.5 (a 1.4 client leaves it out, which is right for the tax before refundable credits).
public struct StateRefundableDependentCredit: StateConstructRule {
    public let id = RuleID.stateRefundableDependentCredit
    public static let key = "refundableDependentCredit"
    public static let since = SchemaVersion.v1_5
    public static let noIncomeTax: String? = " to take a credit against"
    public init() {}

    public func construct(of state: StateData) -> Decimal? { state.refundableDependentCredit }

    public func check(_ amount: Decimal, _ context: inout StateConstructContext) {
        let path = context.path
        func error(_ message: String, _ at: DataPath) { context.error(message, at: at) }
        if amount <= 0 { error("refundableDependentCredit \(Money.text(amount)) must be above zero", path) }
    }
}
