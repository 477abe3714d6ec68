import Foundation

/// `federal_<year>.json`: standard deductions and brackets for every filing status.
public struct FederalData: Sendable, Equatable, Codable {
    public var year: Int
    public var standardDeduction: StatusTable<Decimal>
    public var brackets: StatusTable<[Bracket]>
    /// Added in schema 1.1: the publications the figures come from.
    public var sources: [Citation]
    public var notes: String?
    /// Added in 1.2: how the figures are known (the weakest of the file's and its figures' grades).
    public var provenance: Provenance?
    /// Added in 1.2: the child tax credit and credit for other dependents (IRC 24), nonrefundable part.
    public var childTaxCredit: ChildTaxCredit?
    /// Added in 1.4: the earned income credit (IRC 32), one schedule per number of qualifying
    /// children (0, 1, 2, 3 = three or more). Refundable, so not part of withholding; states take
    /// shares of it.
    public var earnedIncomeCredit: [EarnedIncomeCreditSchedule]?
    /// Added in 1.14: Publication 15-T's percentage method, what an employer withholds from each
    /// paycheck (the tax above is the year's liability; the two differ by design).
    public var withholding: FederalWithholding?

    public init(year: Int, standardDeduction: StatusTable<Decimal>, brackets: StatusTable<[Bracket]>,
                sources: [Citation], notes: String? = nil) {
        self.year = year
        self.standardDeduction = standardDeduction
        self.brackets = brackets
        self.sources = sources
        self.notes = notes
    }
}

/// The child tax credit and the credit for other dependents (IRC 24), as a paycheck sees them: the
/// nonrefundable part, up to the income tax. The refundable additional child tax credit is not
/// part of withholding and is not modelled.
public struct ChildTaxCredit: Sendable, Equatable, Codable {
    /// Per qualifying child under 17.
    public var perChild: Decimal
    /// Per other dependent.
    public var perOtherDependent: Decimal
    /// Modified AGI above which the total credit shrinks, per filing status.
    public var phaseOutStart: StatusTable<Decimal>
    /// The credit shrinks by `phaseOutAmount` for each `phaseOutStep` of income above the start,
    /// or fraction of one ($50 per $1,000).
    public var phaseOutStep: Decimal
    public var phaseOutAmount: Decimal
    /// Added in 1.4: the refundable additional child tax credit (IRC 24(d)), which states such as
    /// Oklahoma count in "the federal child tax credit". Not part of withholding.
    public var refundable: RefundablePart?

    /// The additional child tax credit: up to `perChild` per qualifying child, and up to `rate` ×
    /// earned income above `earnedThreshold`, of the credit the tax did not absorb.
    public struct RefundablePart: Sendable, Equatable, Codable {
        public var perChild: Decimal
        public var rate: Decimal
        public var earnedThreshold: Decimal
        public init(perChild: Decimal, rate: Decimal, earnedThreshold: Decimal) {
            self.perChild = perChild
            self.rate = rate
            self.earnedThreshold = earnedThreshold
        }

        /// The refundable part for `children` when `unused` of the credit is left after the tax.
        public func amount(children: Int, unused: Decimal, earned: Decimal) -> Decimal {
            let byEarnings = Money.roundedToCent(Swift.max(0, earned - earnedThreshold) * rate)
            return Swift.max(0, Swift.min(unused, Decimal(children) * perChild, byEarnings))
        }
    }

    public init(perChild: Decimal, perOtherDependent: Decimal, phaseOutStart: StatusTable<Decimal>,
                phaseOutStep: Decimal, phaseOutAmount: Decimal, refundable: RefundablePart? = nil) {
        self.perChild = perChild
        self.perOtherDependent = perOtherDependent
        self.phaseOutStart = phaseOutStart
        self.phaseOutStep = phaseOutStep
        self.phaseOutAmount = phaseOutAmount
        self.refundable = refundable
    }

    /// The credit for `children` qualifying children and `others` other dependents at `income`
    /// (before it is limited to the tax).
    public func amount(children: Int, others: Int, income: Decimal, status: FilingStatus) -> Decimal {
        let full = Decimal(children) * perChild + Decimal(others) * perOtherDependent
        guard let start = phaseOutStart[status], income > start, phaseOutStep > 0 else { return full }
        var steps = (income - start) / phaseOutStep, whole = Decimal()
        NSDecimalRound(&whole, &steps, 0, .up) // "or fraction thereof"
        return Swift.max(0, full - whole * phaseOutAmount)
    }
}

/// The earned income credit (IRC 32) for one number of qualifying children.
public struct EarnedIncomeCreditSchedule: Sendable, Equatable, Codable {
    /// 0, 1, 2 or 3 (three or more).
    public var children: Int
    /// Credit percentage of earned income (IRC 32(b)(1)).
    public var phaseInRate: Decimal
    /// Earned income at which the credit reaches its maximum.
    public var earnedAmount: Decimal
    public var maximum: Decimal
    /// Phaseout percentage of income above `phaseOutStart`.
    public var phaseOutRate: Decimal
    public var phaseOutStart: StatusTable<Decimal>

    public init(children: Int, phaseInRate: Decimal, earnedAmount: Decimal, maximum: Decimal, phaseOutRate: Decimal,
                phaseOutStart: StatusTable<Decimal>) {
        self.children = children
        self.phaseInRate = phaseInRate
        self.earnedAmount = earnedAmount
        self.maximum = maximum
        self.phaseOutRate = phaseOutRate
        self.phaseOutStart = phaseOutStart
    }

    /// The schedules' largest `children`: three or more children use it.
    public static let mostChildren = 3

    /// The credit for a wage earner (earned income = AGI = `wages`), to the cent: the phase-in, up
    /// to the maximum, less the phase-out; nil when the year has no schedule for the children.
    public static func credit(_ schedules: [EarnedIncomeCreditSchedule], children: Int, wages: Decimal, status: FilingStatus) -> Decimal? {
        let count = Swift.min(Swift.max(children, 0), mostChildren)
        guard let schedule = schedules.first(where: { $0.children == count }) else { return nil }
        let phasedIn = Swift.min(Money.roundedToCent(wages * schedule.phaseInRate), schedule.maximum)
        let start = schedule.phaseOutStart[status] ?? 0
        let reduction = Money.roundedToCent(Swift.max(0, wages - start) * schedule.phaseOutRate)
        return Swift.max(0, phasedIn - reduction)
    }
}
