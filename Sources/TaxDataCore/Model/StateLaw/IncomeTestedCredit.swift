import Foundation

/// 1.5: a nonrefundable share of the tax for low incomes, measured against a threshold that grows
/// with the family: threshold = `base` + `perDependent` (each per status) × dependents (at most
/// `maxDependents`, per status, when written). The measure is income / threshold (`ratio`,
/// Kentucky's family size credit) or income − threshold (`excess`, Pennsylvania's tax forgiveness,
/// West Virginia's low-income family credit); the share is that of the first band whose `upTo` the
/// measure does not exceed, and nothing above the last band. It applies to the tax after the
/// nonrefundable credits before it, rounded to the cent.
public struct IncomeTestedCredit: Sendable, Equatable, Codable {
    public enum Measure: String, Sendable, Equatable, Codable, CaseIterable { case ratio, excess }
    public struct Band: Sendable, Equatable, Codable {
        /// The measure's upper bound, included ("not in excess of").
        public var upTo: Decimal
        public var share: Decimal
        public init(upTo: Decimal, share: Decimal) {
            self.upTo = upTo
            self.share = share
        }
    }
    /// 1.6: above the bands, up to `upTo` (a ratio or an excess, as the bands), the tax is at most
    /// `rate` × (income − threshold) (Massachusetts's limited income credit: 10%, up to 1.75 times
    /// the no-tax threshold).
    public struct Limit: Sendable, Equatable, Codable {
        public var rate: Decimal
        public var upTo: Decimal
        public init(rate: Decimal, upTo: Decimal) {
            self.rate = rate
            self.upTo = upTo
        }
    }
    public var label: String
    public var measure: Measure
    public var base: StatusTable<Decimal>
    /// Per status (West Virginia halves it for married filing separately).
    public var perDependent: StatusTable<Decimal>
    public var maxDependents: StatusTable<Int>?
    public var bands: StatusTable<[Band]>
    public var limit: Limit?

    public init(label: String, measure: Measure, base: StatusTable<Decimal>, perDependent: StatusTable<Decimal>,
                maxDependents: StatusTable<Int>? = nil, bands: StatusTable<[Band]>, limit: Limit? = nil) {
        self.limit = limit
        self.label = label
        self.measure = measure
        self.base = base
        self.perDependent = perDependent
        self.maxDependents = maxDependents
        self.bands = bands
    }

    /// The threshold for this family.
    public func threshold(status: FilingStatus, dependents: Int) -> Decimal {
        let counted = Swift.min(dependents, maxDependents?[status] ?? dependents)
        return (base[status] ?? 0) + (perDependent[status] ?? 0) * Decimal(counted)
    }

    /// Whether the measure of `income` against `threshold` does not exceed `upTo`.
    private func within(_ upTo: Decimal, income: Decimal, threshold: Decimal) -> Bool {
        switch measure {
        case .ratio: income <= upTo * threshold
        case .excess: income - threshold <= upTo
        }
    }

    /// The share of the tax credited (0 when income is above every band).
    public func share(income: Decimal, status: FilingStatus, dependents: Int) -> Decimal {
        let threshold = threshold(status: status, dependents: dependents)
        return (bands[status] ?? []).first { within($0.upTo, income: income, threshold: threshold) }?.share ?? 0
    }

    /// The credit on `tax`: the band's share of it, or else, within the limit's reach above the
    /// threshold (for a status that qualifies), what the tax exceeds the limit by.
    public func amount(tax: Decimal, income: Decimal, status: FilingStatus, dependents: Int) -> Decimal {
        let tax = Money.roundedToCent(tax)
        let share = share(income: income, status: status, dependents: dependents)
        if share > 0 { return Money.roundedToCent(tax * share) }
        let threshold = threshold(status: status, dependents: dependents)
        guard let limit, !(bands[status] ?? []).isEmpty, income > threshold, within(limit.upTo, income: income, threshold: threshold) else { return 0 }
        return Swift.max(0, tax - Money.roundedToCent(limit.rate * (income - threshold)))
    }
}
