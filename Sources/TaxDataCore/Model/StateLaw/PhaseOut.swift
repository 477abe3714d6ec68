import Foundation

/// An amount that goes away as income rises (schema 1.2; `proportional`, `table`, per-status
/// rates, steps and minimums in 1.3). Income is federal adjusted gross income (wages less pre-tax
/// deductions for a wage earner).
public struct PhaseOut: Sendable, Equatable, Codable {
    /// The part it reduces.
    public enum Part: String, Sendable, Equatable, Codable, CaseIterable {
        case standardDeduction, personalExemption, dependentExemption, personalCredit, dependentCredit
        /// 1.3: the personal credit and the dependents' credits together (Utah's taxpayer credit).
        case credits
        /// 1.4: the cap of the federal income tax deduction (Oregon).
        case federalTaxDeduction
        /// 1.5: the refundable credit per dependent (Maine).
        case refundableDependentCredit
    }
    public enum Method: String, Sendable, Equatable, Codable, CaseIterable {
        /// Lost in full once income exceeds `start` (Illinois's exemption, Oregon's exemption credit).
        case cliff
        /// Reduced by `rate` dollars per dollar of income above `start` (rounded to the cent), to
        /// `minimum` (default 0).
        case linear
        /// 1.3: the part × (income − start) / range is lost, to zero (Maine).
        case proportional
        /// 1.3: the part is replaced by the row of the highest `over` that income exceeds (Alabama's
        /// dependent exemption, Maryland's exemption tiers).
        case table
    }
    /// 1.3: income over `start` counted in whole steps of `size` (per status): `down` ("for each
    /// $500") ignores a partial step, `up` ("or fraction thereof") counts it.
    public struct Step: Sendable, Equatable, Codable {
        public enum Rounding: String, Sendable, Equatable, Codable, CaseIterable { case up, down }
        public var size: StatusTable<Decimal>
        public var round: Rounding
        public init(size: StatusTable<Decimal>, round: Rounding) {
            self.size = size
            self.round = round
        }
        /// `excess` in whole steps, times the step size.
        public func counted(_ excess: Decimal, status: FilingStatus) -> Decimal {
            guard let size = size[status], size > 0, excess > 0 else { return excess }
            var steps = excess / size, whole = Decimal()
            NSDecimalRound(&whole, &steps, 0, round == .up ? .up : .down)
            return whole * size
        }
    }
    /// 1.3: one row of a `table`: above income `over` (1.4: at or above it when `inclusive`), the
    /// part is `amount`, or `share` of itself.
    public struct Row: Sendable, Equatable, Codable {
        public var over: Decimal
        public var amount: Decimal?
        public var share: Decimal?
        /// 1.4: the row applies from income equal to `over` ("$125,000 or more"), not only above it.
        public var inclusive: Bool?
        public init(over: Decimal, amount: Decimal? = nil, share: Decimal? = nil, inclusive: Bool? = nil) {
            self.over = over
            self.amount = amount
            self.share = share
            self.inclusive = inclusive
        }

        /// Whether income reaches this row (the first row, `over: 0`, from zero).
        public func applies(to income: Decimal) -> Bool {
            over == 0 || income > over || (inclusive == true && income == over)
        }

        /// The last row income reaches, in rows rising by `over`.
        public static func select(_ rows: [Row], income: Decimal) -> Row? {
            rows.last { $0.applies(to: income) }
        }
    }
    public var part: Part
    public var method: Method
    /// Income above which the phase-out begins, per filing status (every method but `table`).
    public var start: StatusTable<Decimal>?
    /// Linear only: dollars of the part lost per dollar of income above `start`.
    public var rate: Decimal?
    /// 1.3, linear: `rate` per filing status instead of one rate.
    public var rates: StatusTable<Decimal>?
    /// 1.3, linear and proportional: income over `start` counted in whole steps.
    public var step: Step?
    /// 1.3, linear: the part is never reduced below this.
    public var minimum: StatusTable<Decimal>?
    /// 1.3, proportional: the width of the income band over which the whole part is lost.
    public var range: StatusTable<Decimal>?
    /// 1.3, table: rows by income, per filing status, `over` rising from 0.
    public var table: StatusTable<[Row]>?

    public init(part: Part, method: Method, start: StatusTable<Decimal>?, rate: Decimal? = nil, rates: StatusTable<Decimal>? = nil,
                step: Step? = nil, minimum: StatusTable<Decimal>? = nil, range: StatusTable<Decimal>? = nil,
                table: StatusTable<[Row]>? = nil) {
        self.part = part
        self.method = method
        self.start = start
        self.rate = rate
        self.rates = rates
        self.step = step
        self.minimum = minimum
        self.range = range
        self.table = table
    }

    /// Whether a schema 1.2 client reads this phase-out exactly (else it belongs in
    /// `phaseOutSchedules`, which such a client ignores).
    public var isSchema12: Bool {
        part != .credits && part != .federalTaxDeduction && (method == .cliff || (method == .linear && rates == nil && step == nil && minimum == nil))
            && range == nil && table == nil
    }

    /// `amount` after this phase-out at `income` (status `status`).
    public func apply(_ amount: Decimal, income: Decimal, status: FilingStatus) -> Decimal {
        if method == .table {
            guard let rows = table?[status], let row = Row.select(rows, income: income) else { return amount }
            if let value = row.amount { return value }
            return Money.roundedToCent(amount * (row.share ?? 1))
        }
        guard let start = start?[status], income > start else { return amount }
        let excess = step.map { $0.counted(income - start, status: status) } ?? (income - start)
        switch method {
        case .cliff: return 0
        case .linear:
            let reduction = Money.roundedToCent(excess * (rates?[status] ?? rate ?? 0))
            let floor = Swift.min(amount, minimum?[status] ?? 0)
            return Swift.max(floor, amount - reduction)
        case .proportional:
            guard let width = range?[status], width > 0 else { return amount }
            guard excess < width else { return 0 }
            return Swift.max(0, amount - Money.roundedToCent(amount * excess / width))
        case .table: return amount
        }
    }
}
