/// No amount is negative: deductions, limits, thresholds and bracket bounds are all ≥ 0.
public struct AmountsNonNegative: FieldRule {
    public let id = RuleID.amountNegative
    public init() {}
    public func check(_ data: TaxYearData, fields: [Field]) -> [Diagnostic] {
        TaxYearData.written([.amount], in: fields)[.amount, default: []].compactMap { path, value in
            value < 0 ? .error(id, "\(path.pointer) is negative (\(Money.text(value)))", at: path) : nil
        }
    }
}
