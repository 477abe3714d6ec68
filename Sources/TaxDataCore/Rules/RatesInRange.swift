/// Every rate outside a bracket list is a fraction in [0, 1).
public struct RatesInRange: ValidationRule {
    public let id = RuleID.rateRange
    public init() {}
    public func check(_ data: TaxYearData) -> [Diagnostic] {
        data.rates.compactMap { path, rate in
            (rate < 0 || rate >= 1)
                ? .error(id, "\(path.pointer) is \(Money.text(rate)), outside [0, 1); \(RateHint.text(for: rate, example: "6.2% as 0.062 or 6.2%"))", at: path)
                : nil
        }
    }
}
