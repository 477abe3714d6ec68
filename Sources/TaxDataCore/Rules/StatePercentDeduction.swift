/// A standard deduction that is a share of income (Maryland 2024) replaces the written one: a rate
/// in (0, 1], a minimum and a maximum for every filing status with minimum ≤ maximum, on a state
/// that taxes wages, in schema 1.3.
public struct StatePercentDeduction: StateConstructRule {
    public let id = RuleID.statePercentDeduction
    public static let key = "standardDeductionPercent"
    public static let since = SchemaVersion.v1_3
    public static let noIncomeTax: String? = ", so no standard deduction"
    public init() {}

    public func construct(of state: StateData) -> PercentStandardDeduction? { state.standardDeductionPercent }

    public func check(_ rule: PercentStandardDeduction, _ context: inout StateConstructContext) {
        let (code, state, path) = (context.code, context.state, context.path)
        func error(_ message: String, _ at: DataPath) { context.error(message, at: at) }
        if state.standardDeduction != nil {
            error("\(code) has both standardDeduction and standardDeductionPercent: write one", path)
        }
        if rule.rate <= 0 || rule.rate > 1 { error("rate \(Money.text(rule.rate)) must be above 0 and at most 1", path.key("rate")) }
        for (key, table) in [("minimum", rule.minimum), ("maximum", rule.maximum)] where !table.missing.isEmpty {
            error("\(key) has no value for \(table.missing.map(\.rawValue).joined(separator: ", "))", path.key(key))
        }
        for status in FilingStatus.allCases {
            if let low = rule.minimum[status], let high = rule.maximum[status], low > high {
                error("minimum \(Money.text(low)) is above maximum \(Money.text(high)) for \(status.rawValue)", path.key("minimum").key(status.rawValue))
            }
        }
    }
}
