import Foundation

/// 1.4: a recapture of the lower brackets' benefit (New York's supplemental tax, Tax Law 601(d-4),
/// (d-5)), added to the bracket tax. Nothing unless income (AGI) exceeds `start`. Above
/// `flatAbove.over` the whole taxable income is taxed at `flatAbove.rate`. Otherwise the row is the
/// last whose `over` taxable income exceeds:
/// - a first row with `flatRate`: (flatRate × taxable − bracket tax) × f, f = (income − start) / width;
/// - a later row: `base` + `benefit` × f, f = (income − max(start, over)) / width;
/// f between 0 and 1, the amount rounded to the cent.
public struct TaxRecapture: Sendable, Equatable, Codable {
    public struct Row: Sendable, Equatable, Codable {
        /// Taxable income above which the row applies (the first row: 0).
        public var over: Decimal
        /// First row: the rate the whole taxable income reaches at full phase-in.
        public var flatRate: Decimal?
        /// Later rows: the benefit recaptured in full by the rows below, and this row's benefit.
        public var base: Decimal?
        public var benefit: Decimal?
        public init(over: Decimal, flatRate: Decimal? = nil, base: Decimal? = nil, benefit: Decimal? = nil) {
            self.over = over
            self.flatRate = flatRate
            self.base = base
            self.benefit = benefit
        }
    }
    public struct Flat: Sendable, Equatable, Codable {
        public var over: Decimal
        public var rate: Decimal
        public init(over: Decimal, rate: Decimal) {
            self.over = over
            self.rate = rate
        }
    }
    public var label: String
    public var start: StatusTable<Decimal>
    public var width: Decimal
    public var flatAbove: Flat?
    public var rows: StatusTable<[Row]>

    public init(label: String, start: StatusTable<Decimal>, width: Decimal, flatAbove: Flat?, rows: StatusTable<[Row]>) {
        self.label = label
        self.start = start
        self.width = width
        self.flatAbove = flatAbove
        self.rows = rows
    }

    /// The amount added for AGI `income`, taxable income `taxable` and its bracket tax `bracketTax`.
    public func amount(income: Decimal, taxable: Decimal, bracketTax: Decimal, status: FilingStatus) -> Decimal {
        guard let start = start[status], income > start, width > 0 else { return 0 }
        if let flat = flatAbove, income > flat.over { return Swift.max(0, Money.roundedToCent(flat.rate * taxable - bracketTax)) }
        guard let row = rows[status]?.last(where: { $0.over == 0 || taxable > $0.over }) else { return 0 }
        if let flatRate = row.flatRate {
            let excess = Swift.min(income - start, width)
            return Swift.max(0, Money.roundedToCent((flatRate * taxable - bracketTax) * excess / width))
        }
        let excess = Swift.min(Swift.max(0, income - Swift.max(start, row.over)), width)
        return Money.roundedToCent((row.base ?? 0) + (row.benefit ?? 0) * excess / width)
    }
}
