import Foundation

/// Where a state's taxable income starts, for a wage earner (schema 1.2).
public enum IncomeBase: String, Sendable, Equatable, Codable, CaseIterable {
    /// Wages less pre-tax deductions (federal adjusted gross income for a wage earner): the default.
    case wages
    /// Federal taxable income (Colorado): the federal standard deduction is already taken.
    case federalTaxableIncome = "federal_taxable_income"
}

/// A deduction, from state taxable income, of a tax already paid (schema 1.2): federal income tax
/// (Alabama, in full) or FICA (Massachusetts, capped). `cap` nil means the whole amount.
public struct PaidTaxDeduction: Sendable, Equatable, Codable {
    /// The most that may be deducted, per filing status; nil: no cap.
    public var cap: StatusTable<Decimal>?
    public init(cap: StatusTable<Decimal>? = nil) { self.cap = cap }
}

/// An amount that goes away as income rises (schema 1.2). Income is federal adjusted gross
/// income (wages less pre-tax deductions for a wage earner).
public struct PhaseOut: Sendable, Equatable, Codable {
    /// The part it reduces.
    public enum Part: String, Sendable, Equatable, Codable, CaseIterable {
        case standardDeduction, personalExemption, dependentExemption, personalCredit, dependentCredit
    }
    public enum Method: String, Sendable, Equatable, Codable, CaseIterable {
        /// Lost in full once income exceeds `start` (Illinois's exemption, Oregon's exemption credit).
        case cliff
        /// Reduced by `rate` dollars per dollar of income above `start`, to zero (rounded to the cent).
        case linear
    }
    public var part: Part
    public var method: Method
    /// Income above which the phase-out begins, per filing status.
    public var start: StatusTable<Decimal>
    /// Linear only: dollars of the part lost per dollar of income above `start`.
    public var rate: Decimal?

    public init(part: Part, method: Method, start: StatusTable<Decimal>, rate: Decimal? = nil) {
        self.part = part
        self.method = method
        self.start = start
        self.rate = rate
    }

    /// `amount` after this phase-out at `income` (status `status`).
    public func apply(_ amount: Decimal, income: Decimal, status: FilingStatus) -> Decimal {
        guard let start = start[status], income > start else { return amount }
        switch method {
        case .cliff: return 0
        case .linear:
            var reduction = (income - start) * (rate ?? 0), rounded = Decimal()
            NSDecimalRound(&rounded, &reduction, 2, .plain)
            return Swift.max(0, amount - rounded)
        }
    }
}
