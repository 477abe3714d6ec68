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

    public init(perChild: Decimal, perOtherDependent: Decimal, phaseOutStart: StatusTable<Decimal>,
                phaseOutStep: Decimal, phaseOutAmount: Decimal) {
        self.perChild = perChild
        self.perOtherDependent = perOtherDependent
        self.phaseOutStart = phaseOutStart
        self.phaseOutStep = phaseOutStep
        self.phaseOutAmount = phaseOutAmount
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
