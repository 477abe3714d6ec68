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
    /// 1.6: a refundable federal credit taken off the federal tax before it is deducted.
    public enum RefundableCredit: String, Sendable, Equatable, Codable, CaseIterable {
        case earnedIncomeCredit = "earned_income_credit"
        /// The refundable part of the child tax credit (Schedule 8812).
        case additionalChildTaxCredit = "additional_child_tax_credit"
    }
    /// The most that may be deducted, per filing status; nil: no cap. A phase-out of part
    /// `federalTaxDeduction` reduces it (1.4).
    public var cap: StatusTable<Decimal>?
    /// 1.4: the share of the tax paid that may be deducted, by income rows (Missouri: 35% … 5%).
    public var shares: StatusTable<[PhaseOut.Row]>?
    /// 1.4: deducted instead of the standard deduction when larger (an itemized deduction, Alabama's
    /// FICA), not on top of it.
    public var itemized: Bool?
    /// 1.6: federal tax only: the refundable federal credits subtracted from it first (Alabama: the
    /// earned income credit and the additional child tax credit; Missouri: the earned income credit).
    /// An older client ignores the key and deducts the tax before them.
    public var lessRefundable: [RefundableCredit]?

    public init(cap: StatusTable<Decimal>? = nil, shares: StatusTable<[PhaseOut.Row]>? = nil, itemized: Bool? = nil,
                lessRefundable: [RefundableCredit]? = nil) {
        self.lessRefundable = lessRefundable
        self.cap = cap
        self.shares = shares
        self.itemized = itemized
    }

    /// Whether a schema 1.2 client reads this deduction exactly (else the bundle carries it under
    /// the `…Schedule` key, which such a client ignores).
    public var isSchema12: Bool { shares == nil && itemized != true }

    /// The deduction of `paid` at `income`, with the cap already phased out (`cap`: nil for none).
    public func amount(paid: Decimal, income: Decimal, status: FilingStatus, cap: Decimal?) -> Decimal {
        var allowed = Swift.max(0, paid)
        if let rows = shares?[status] {
            allowed = Money.roundedToCent(allowed * (PhaseOut.Row.select(rows, income: income)?.share ?? 0))
        }
        return cap.map { Swift.min(allowed, $0) } ?? allowed
    }
}

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

/// 1.3: an amount added to the bracket tax as income rises (Connecticut's 3% phase-out add-back
/// and benefit recapture): `rate` × (income − start), in whole steps when `step` is set, capped at
/// `maximum`, rounded to the cent.
public struct TaxAddBack: Sendable, Equatable, Codable {
    public var label: String
    public var start: StatusTable<Decimal>
    public var rate: Decimal?
    public var rates: StatusTable<Decimal>?
    public var step: PhaseOut.Step?
    public var maximum: StatusTable<Decimal>

    public init(label: String, start: StatusTable<Decimal>, rate: Decimal?, rates: StatusTable<Decimal>? = nil,
                step: PhaseOut.Step? = nil, maximum: StatusTable<Decimal>) {
        self.label = label
        self.start = start
        self.rate = rate
        self.rates = rates
        self.step = step
        self.maximum = maximum
    }

    public func amount(income: Decimal, status: FilingStatus) -> Decimal {
        guard let start = start[status], income > start else { return 0 }
        let excess = step.map { $0.counted(income - start, status: status) } ?? (income - start)
        return Swift.min(maximum[status] ?? 0, Money.roundedToCent(excess * (rates?[status] ?? rate ?? 0)))
    }
}

/// 1.3: a nonrefundable credit that is a share of the tax, by income (Connecticut's personal tax
/// credit): the `share` of the row of the highest `over` that income exceeds.
public struct ShareOfTaxCredit: Sendable, Equatable, Codable {
    public var label: String
    public var table: StatusTable<[PhaseOut.Row]>
    public init(label: String, table: StatusTable<[PhaseOut.Row]>) {
        self.label = label
        self.table = table
    }

    public func share(income: Decimal, status: FilingStatus) -> Decimal {
        table[status].flatMap { PhaseOut.Row.select($0, income: income) }?.share ?? 0
    }
}

/// 1.3: a standard deduction that is a share of income between a minimum and a maximum (Maryland
/// before 2025).
public struct PercentStandardDeduction: Sendable, Equatable, Codable {
    public var rate: Decimal
    public var minimum: StatusTable<Decimal>
    public var maximum: StatusTable<Decimal>
    public init(rate: Decimal, minimum: StatusTable<Decimal>, maximum: StatusTable<Decimal>) {
        self.rate = rate
        self.minimum = minimum
        self.maximum = maximum
    }

    public func amount(income: Decimal, status: FilingStatus) -> Decimal {
        let low = minimum[status] ?? 0, high = maximum[status] ?? low
        return Swift.min(high, Swift.max(low, Money.roundedToCent(income * rate)))
    }
}

/// 1.4: a nonrefundable credit that is a share of the federal earned income credit (Ohio 30%,
/// Delaware 20%, South Carolina 125%, …), applied after the state's other credits.
public struct EarnedIncomeCreditShare: Sendable, Equatable, Codable {
    public var label: String
    public var share: Decimal
    /// Another share for filers without qualifying children, per filing status (Maryland).
    public var childlessShare: StatusTable<Decimal>?
    /// The credit is never more than this (South Carolina from 2026).
    public var maximum: Decimal?
    /// 1.6: the share of a refundable alternative the filer may choose instead (Delaware 4.5%,
    /// Virginia 15% in 2024): when it exceeds the nonrefundable credit the tax allows, the
    /// nonrefundable credit is not taken (the tax before refundable credits stays whole).
    public var refundableAlternative: Decimal?

    public init(label: String, share: Decimal, childlessShare: StatusTable<Decimal>? = nil, maximum: Decimal? = nil,
                refundableAlternative: Decimal? = nil) {
        self.refundableAlternative = refundableAlternative
        self.label = label
        self.share = share
        self.childlessShare = childlessShare
        self.maximum = maximum
    }

    /// The credit for a federal credit of `federal`, to the cent, before it is limited to the tax.
    public func amount(federal: Decimal, children: Int, status: FilingStatus) -> Decimal {
        let rate = children == 0 ? (childlessShare?[status] ?? share) : share
        let credit = Money.roundedToCent(federal * rate)
        return maximum.map { Swift.min(credit, $0) } ?? credit
    }
}

/// 1.4: a nonrefundable credit that is a share of the federal child tax credit (Oklahoma 5%), none
/// above an income limit.
public struct ChildTaxCreditShare: Sendable, Equatable, Codable {
    public var label: String
    public var share: Decimal
    /// No credit when income exceeds this, per filing status.
    public var incomeLimit: StatusTable<Decimal>

    public init(label: String, share: Decimal, incomeLimit: StatusTable<Decimal>) {
        self.label = label
        self.share = share
        self.incomeLimit = incomeLimit
    }

    public func amount(federal: Decimal, income: Decimal, status: FilingStatus) -> Decimal {
        guard let limit = incomeLimit[status], income <= limit else { return 0 }
        return Money.roundedToCent(federal * share)
    }
}

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

/// 1.6: federal deductions added back to state taxable income at high incomes (Colorado, C.R.S.
/// 39-22-104(3)(p.5) and (p.7)): when income (federal AGI) is at least `atLeast`, the federal
/// deduction above `cap` (per status) is added back. Only for a state that starts from federal
/// taxable income, where the federal standard deduction is already taken.
public struct FederalDeductionAddBack: Sendable, Equatable, Codable {
    public var label: String
    /// The income from which it applies, included ("equal to or exceeding").
    public var atLeast: Decimal
    /// The federal deduction kept, per filing status.
    public var cap: StatusTable<Decimal>

    public init(label: String, atLeast: Decimal, cap: StatusTable<Decimal>) {
        self.label = label
        self.atLeast = atLeast
        self.cap = cap
    }

    /// The amount added back for a federal deduction of `federalDeduction` at `income`.
    public func amount(federalDeduction: Decimal, income: Decimal, status: FilingStatus) -> Decimal {
        guard income >= atLeast, let cap = cap[status] else { return 0 }
        return Swift.max(0, federalDeduction - cap)
    }
}

/// 1.6: a deduction per dependent that does not count the first `exceptFirst` dependents, with its
/// amount per filing status (New Mexico's deduction for certain dependents, NMSA 7-2-39: $4,000 for
/// each dependent after the first, on joint and head-of-household returns only).
public struct DependentDeduction: Sendable, Equatable, Codable {
    public var label: String
    public var amount: StatusTable<Decimal>
    public var exceptFirst: Int

    public init(label: String, amount: StatusTable<Decimal>, exceptFirst: Int) {
        self.label = label
        self.amount = amount
        self.exceptFirst = exceptFirst
    }

    /// The dependents it counts.
    public func counted(_ dependents: Int) -> Int { Swift.max(0, dependents - exceptFirst) }

    public func total(dependents: Int, status: FilingStatus) -> Decimal {
        Decimal(counted(dependents)) * (amount[status] ?? 0)
    }
}

/// 1.6: a tax table that prints, for each row of taxable income, the tax at the row's midpoint
/// rounded to whole dollars (Arkansas's Regular Tax Table, net income below 100,001). Below
/// `below`, taxable income falls in a row `rowWidth` dollars wide that starts at a multiple of the
/// width plus the offset in force (the last `rowOffsets` entry whose `from` taxable income reaches;
/// Arkansas's rows start one dollar above a multiple of 100 from 75,000). The row covers whole
/// dollars from its start to one dollar below the next row, and its tax is the bracket tax at the
/// midpoint of those dollars, rounded half up to a whole dollar.
public struct TaxTable: Sendable, Equatable, Codable {
    public struct Offset: Sendable, Equatable, Codable {
        public var from: Decimal
        public var offset: Decimal
        public init(from: Decimal, offset: Decimal) {
            self.from = from
            self.offset = offset
        }
    }
    /// Taxable income from which the formula applies to the exact amount.
    public var below: Decimal
    public var rowWidth: Decimal
    public var rowOffsets: [Offset]?

    public init(below: Decimal, rowWidth: Decimal, rowOffsets: [Offset]? = nil) {
        self.below = below
        self.rowWidth = rowWidth
        self.rowOffsets = rowOffsets
    }

    /// The income the tax is computed on: the midpoint of the row of `taxable`, or `taxable` itself
    /// at and above `below`.
    public func incomeTaxed(_ taxable: Decimal) -> Decimal {
        guard taxable < below, rowWidth > 0 else { return taxable }
        let offset = rowOffsets?.last { taxable >= $0.from }?.offset ?? 0
        var rows = (taxable - offset) / rowWidth, whole = Decimal()
        NSDecimalRound(&whole, &rows, 0, .down)
        return whole * rowWidth + offset + (rowWidth - 1) / 2
    }

    /// Whether `taxable` is read from the table (its tax is then rounded to whole dollars).
    public func applies(to taxable: Decimal) -> Bool { taxable < below && rowWidth > 0 }
}

/// 1.6: a nonrefundable credit read from a table by income, per return and per dependent (New
/// York's household credit, Tax Law 606(b); Georgia's low income credit, O.C.G.A. 48-7A-3): the
/// `amount` of the last row income reaches in `perReturn`, plus that of `perDependent` for each
/// dependent. Taken with the personal and dependent credits, limited to the tax.
public struct TableCredit: Sendable, Equatable, Codable {
    /// 1.7: the income the rows are read at.
    public enum Basis: String, Sendable, Equatable, Codable, CaseIterable {
        /// Federal AGI (wages less pre-tax deductions): the default.
        case agi
        /// The state's taxable income, or AGI when a low-income table gave the tax (its standard
        /// deduction is built in): Arkansas's additional credit, read at AR1000F line 28.
        case taxableIncome = "taxable_income"
    }
    public var label: String
    public var perReturn: StatusTable<[PhaseOut.Row]>
    public var perDependent: StatusTable<[PhaseOut.Row]>?
    /// 1.7: nil reads the rows at AGI.
    public var on: Basis?

    public init(label: String, perReturn: StatusTable<[PhaseOut.Row]>, perDependent: StatusTable<[PhaseOut.Row]>? = nil, on: Basis? = nil) {
        self.label = label
        self.perReturn = perReturn
        self.perDependent = perDependent
        self.on = on
    }

    /// The per-dependent amount at `income` (0 without a row).
    public func amountPerDependent(income: Decimal, status: FilingStatus) -> Decimal {
        perDependent?[status].flatMap { PhaseOut.Row.select($0, income: income)?.amount } ?? 0
    }

    /// The credit before it is limited to the tax.
    public func amount(income: Decimal, status: FilingStatus, dependents: Int) -> Decimal {
        let perReturn = perReturn[status].flatMap { PhaseOut.Row.select($0, income: income)?.amount } ?? 0
        return perReturn + Decimal(dependents) * amountPerDependent(income: income, status: status)
    }
}

/// 1.7: low-income tax tables (Arkansas, A.C.A. 26-51-301): up to a table's end, the filer pays the
/// tax printed for the row that income (federal AGI, the standard deduction built in) reaches, in
/// place of the bracket tax when that is smaller. Each filing status has its tables by the number
/// of dependents from which they apply (Arkansas: 0-1 and 2 or more); a status with no tables has
/// none. Income below the first row pays nothing. The personal and dependent credits are still
/// taken from the table's tax.
public struct LowIncomeTable: Sendable, Equatable, Codable {
    public struct Table: Sendable, Equatable, Codable {
        /// The number of dependents from which this table applies (the last one a filer reaches).
        public var dependents: Int
        /// The last income the table covers ("Above $17,500, use … the Regular Income Tax Table").
        public var through: Decimal
        /// Rows by income, `over: 0` first, each giving the tax (`amount`).
        public var rows: [PhaseOut.Row]

        public init(dependents: Int, through: Decimal, rows: [PhaseOut.Row]) {
            self.dependents = dependents
            self.through = through
            self.rows = rows
        }
    }
    public var label: String
    public var tables: StatusTable<[Table]>

    public init(label: String, tables: StatusTable<[Table]>) {
        self.label = label
        self.tables = tables
    }

    /// The table a filer of `status` with `dependents` uses, if any.
    public func table(status: FilingStatus, dependents: Int) -> Table? {
        tables[status]?.last { dependents >= $0.dependents }
    }

    /// The table's tax at `income`, or nil where no table covers it.
    public func tax(income: Decimal, status: FilingStatus, dependents: Int) -> Decimal? {
        guard let table = table(status: status, dependents: dependents), income <= table.through else { return nil }
        return PhaseOut.Row.select(table.rows, income: income)?.amount ?? 0
    }
}
