import Foundation

/// An amount indexed for inflation (`TaxYearData.inflationIndexedAmounts`) that is lower than the
/// year before's: indexing only raises such amounts (or leaves them), so a lower figure is more
/// likely a typo or last year's table than a change in the law. A warning, not an error, since the
/// law does lower amounts at times; mark a checked one `reviewed` with the law that lowered it.
/// A bracket ceiling is compared only when its schedule kept the same brackets (the same rates).
public struct IndexedDecrease: Sendable {
    public let id = RuleID.sanityIndexedDecrease
    public init() {}

    public func check(previous: TaxYearData, current: TaxYearData) -> [Diagnostic] {
        check(previous: previous, current: current, indexed: (previous.inflationIndexedAmounts, current.inflationIndexedAmounts))
    }

    /// The same, with each year's `inflationIndexedAmounts` computed already.
    public func check(previous: TaxYearData, current: TaxYearData,
                      indexed: (previous: [IndexedAmount], current: [IndexedAmount])) -> [Diagnostic] {
        let before = Dictionary(indexed.previous.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        return indexed.current.compactMap { amount in
            guard let old = before[amount.path], old.scheduleRates == amount.scheduleRates, amount.value < old.value else { return nil }
            var raw = (amount.value - old.value) / old.value * 100, percent = Decimal()
            NSDecimalRound(&percent, &raw, 2, .plain)
            let label = if case .state(let code) = amount.path.document { code } else { amount.path.area }
            var finding = Diagnostic.warning(id,
                "\(label) \(amount.path.pointer) went down from \(Money.text(old.value)) in \(previous.meta.taxYear) to \(Money.text(amount.value)) (\(Money.text(percent))%), but it is indexed for inflation: check it against the \(current.meta.taxYear) publication, or mark it reviewed with the law that lowered it",
                at: amount.path)
            finding.taxYear = current.meta.taxYear
            return finding
        }
    }
}
