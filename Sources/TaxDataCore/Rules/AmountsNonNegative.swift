/// No amount is negative: deductions, limits, thresholds and bracket bounds are all ≥ 0.
public struct AmountsNonNegative: ValidationRule {
    public let id = RuleID.amountNegative
    public init() {}
    public func check(_ data: TaxYearData) -> [Diagnostic] {
        data.amounts.compactMap { path, value in
            value < 0 ? .error(id, "\(path.pointer) is negative (\(Money.text(value)))", at: path) : nil
        }
    }
}
