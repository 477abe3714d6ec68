/// Every rate outside a bracket list is a fraction in [0, 1); a share of another amount (a state's
/// match of the federal credit, which may exceed it: South Carolina's 125%) is not negative.
public struct RatesInRange: FieldRule {
    public let id = RuleID.rateRange
    public init() {}
    public func check(_ data: TaxYearData, fields: [Field]) -> [Diagnostic] {
        let written = TaxYearData.written([.rate, .share], in: fields)
        let rates: [Diagnostic] = written[.rate, default: []].compactMap { path, rate in
            guard !path.components.contains(.key("brackets")) else { return nil } // BracketRateRange's
            return (rate < 0 || rate >= 1)
                ? .error(id, "\(path.pointer) is \(Money.text(rate)), outside [0, 1); \(RateHint.text(for: rate, example: "6.2% as 0.062 or 6.2%"))", at: path)
                : nil
        }
        let shares: [Diagnostic] = written[.share, default: []].compactMap { path, share in
            share < 0 ? .error(id, "\(path.pointer) is \(Money.text(share)), a negative share", at: path) : nil
        }
        return rates + shares
    }
}
