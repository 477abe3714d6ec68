import Foundation

/// How a state taxes wages.
public enum StateTaxType: String, Sendable, Equatable, Codable, CaseIterable {
    case noTax = "no_tax"
    case flat
    case progressive
}

/// One jurisdiction's income tax, in the bundle contract's shape; only the parts that apply are set.
public struct StateData: Sendable, Equatable, Codable {
    /// State disability insurance withheld from employees.
    public struct SDI: Sendable, Equatable, Codable {
        public var rate: Decimal
        /// Annual wage base; `nil` when wages are not capped.
        public var wageBase: Decimal?
        /// rate × wageBase to the cent; `nil` when uncapped or capped weekly.
        public var maxTax: Decimal?
        /// Weekly maximum contribution (New York), added in schema 1.1.
        public var maxWeekly: Decimal?
        public init(rate: Decimal, wageBase: Decimal?, maxTax: Decimal?, maxWeekly: Decimal? = nil) {
            self.rate = rate
            self.wageBase = wageBase
            self.maxTax = maxTax
            self.maxWeekly = maxWeekly
        }
        enum CodingKeys: String, CodingKey { case rate, wageBase, maxTax, maxWeekly }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(rate, forKey: .rate)
            try c.encode(wageBase, forKey: .wageBase)
            try c.encode(maxTax, forKey: .maxTax)
            try c.encodeIfPresent(maxWeekly, forKey: .maxWeekly)
        }
    }

    /// California's Mental Health Services Tax: `rate` on taxable income above `threshold`.
    public struct MentalHealthTax: Sendable, Equatable, Codable {
        public var threshold: Decimal
        public var rate: Decimal
        public init(threshold: Decimal, rate: Decimal) {
            self.threshold = threshold
            self.rate = rate
        }
    }

    /// New York City's resident income tax.
    public struct NYCTax: Sendable, Equatable, Codable {
        public var brackets: StatusTable<[Bracket]>
        public init(brackets: StatusTable<[Bracket]>) { self.brackets = brackets }
    }

    public struct LocalTax: Sendable, Equatable, Codable {
        public struct City: Sendable, Equatable, Codable {
            public var name: String
            public var rate: Decimal
            public init(name: String, rate: Decimal) {
                self.name = name
                self.rate = rate
            }
        }
        public var hasLocalTax: Bool
        public var averageRate: Decimal?
        public var cities: [City]
        public init(hasLocalTax: Bool, averageRate: Decimal?, cities: [City]) {
            self.hasLocalTax = hasLocalTax
            self.averageRate = averageRate
            self.cities = cities
        }
    }

    public var name: String
    public var type: StateTaxType
    /// The flat rate (flat states only).
    public var rate: Decimal?
    public var standardDeduction: StatusTable<Decimal>?
    /// Added in 1.1: exemption deducted from income, per return.
    public var personalExemption: StatusTable<Decimal>?
    /// Added in 1.1: exemption per dependent.
    public var dependentExemption: Decimal?
    /// Added in 1.1: nonrefundable credit in place of an exemption, per return.
    public var personalCredit: StatusTable<Decimal>?
    /// Added in 1.1: credit per dependent.
    public var dependentCredit: Decimal?
    public var brackets: StatusTable<[Bracket]>?
    public var localTax: LocalTax?
    public var sdi: SDI?
    public var mentalHealthTax: MentalHealthTax?
    public var nycTax: NYCTax?
    /// Added in 1.1: what the contract cannot express for this state.
    public var notes: String?
    /// Added in 1.1: parts this state has in law whose official figure is not in the data yet
    /// (see `StateData.missingParts`). Apps should show the data as incomplete for this state.
    public var missing: [String]?
    /// Added in 1.1: the state adjusts its brackets for inflation every year (so brackets
    /// identical to last year's are suspicious).
    public var indexed: Bool?

    /// The part names `missing` may list.
    public static let missingParts: Set<String> = [
        "brackets", "rate", "standardDeduction", "personalExemption", "dependentExemption",
        "personalCredit", "dependentCredit", "credits", "sdi", "localTax",
    ]
    /// Added in 1.1: the publications the figures come from.
    public var sources: [Citation]
    /// Added in 1.2: how the figures are known (the weakest of the file's and its figures' grades).
    public var provenance: Provenance?
    /// Added in 1.2: for an `estimated` state whose authority has not yet published the year, the
    /// publication that will replace the figures. Apps should say the state's data is estimated.
    public var pending: String?
    /// Added in 1.2: where taxable income starts (nil: wages, i.e. federal AGI for a wage earner).
    public var incomeBase: IncomeBase?
    /// Added in 1.2: federal income tax paid is deducted (Alabama), up to `cap` when set.
    public var federalTaxDeduction: PaidTaxDeduction?
    /// Added in 1.2: Social Security and Medicare paid are deducted (Massachusetts), up to `cap`.
    public var ficaDeduction: PaidTaxDeduction?
    /// Added in 1.2: deductions, exemptions and credits that go away as income rises.
    public var phaseOuts: [PhaseOut]?
    /// Added in 1.2: a fixed tax per return on top of the income tax when there is taxable income
    /// (Idaho's Permanent Building Fund, $10).
    public var extraTax: Decimal?

    /// Added in 1.3: phase-outs a 1.2 client cannot read exactly (proportional, table, stepped,
    /// with a minimum or per-status rates, or of `credits`), applied after `phaseOuts`. Authors
    /// write both in one `phaseOuts` list; the compiler puts each where it belongs.
    public var phaseOutSchedules: [PhaseOut]?
    /// Added in 1.3: the standard deduction as a share of income, clamped (Maryland 2024).
    public var standardDeductionPercent: PercentStandardDeduction?
    /// Added in 1.3: amounts added to the bracket tax as income rises (Connecticut).
    public var taxAddBacks: [TaxAddBack]?
    /// Added in 1.3: a nonrefundable credit that is a share of the tax by income (Connecticut).
    public var taxCredit: ShareOfTaxCredit?

    /// 1.4: federal income tax or FICA deductions a 1.2 client cannot read exactly (a share by
    /// income, a phased-out cap, itemized instead of the standard deduction). They replace
    /// `federalTaxDeduction` / `ficaDeduction`; authors write those keys, the compiler moves them.
    public var federalTaxDeductionSchedule: PaidTaxDeduction?
    public var ficaDeductionSchedule: PaidTaxDeduction?
    /// 1.4: an additional exemption per qualifying child, on top of `dependentExemption` (Indiana).
    public var childExemption: Decimal?
    /// 1.4: a nonrefundable share of the federal earned income credit.
    public var earnedIncomeCredit: EarnedIncomeCreditShare?
    /// 1.4: a nonrefundable share of the federal child tax credit (Oklahoma).
    public var childTaxCreditShare: ChildTaxCreditShare?
    /// 1.4: the lower brackets' benefit recaptured as income rises (New York's supplemental tax).
    public var taxRecapture: TaxRecapture?
    /// 1.5: a share of the tax for low incomes against a family-size threshold (KY, PA, WV).
    public var incomeTestedCredit: IncomeTestedCredit?
    /// 1.5: a refundable credit per dependent (Maine's dependent exemption credit). Not in the
    /// state income tax shown (which is before refundable credits); reported beside it.
    public var refundableDependentCredit: Decimal?
    /// 1.6: federal deductions added back at high incomes (Colorado).
    public var federalDeductionAddBack: FederalDeductionAddBack?
    /// 1.6: a deduction per dependent after the first few (New Mexico).
    public var dependentDeduction: DependentDeduction?
    /// 1.10: a deduction per dependent under 6 (South Carolina).
    public var youngChildDeduction: YoungChildDeduction?
    /// 1.6: the tax read from a table of rows, at each row's midpoint in whole dollars (Arkansas).
    public var taxTable: TaxTable?
    /// 1.6: a nonrefundable credit by income table, per return and per dependent (NY, GA).
    public var tableCredit: TableCredit?
    /// 1.7: low-income tax tables by status and dependents, in place of a larger bracket tax (Arkansas).
    public var lowIncomeTable: LowIncomeTable?
    /// 1.12: every contribution withheld from wages by state law (`sdi` is derived from the
    /// `inSDI` ones for older clients).
    public var payrollContributions: [PayrollContribution]?
    /// 1.12: the pre-tax deductions the state's income tax does not exclude (nil: the federal treatment).
    public var preTaxTreatment: PreTaxTreatment?
    /// 1.14: the state's withholding method, what an employer withholds from each paycheck.
    public var withholding: StateWithholding?
    /// 1.12: a refundable share of the federal earned income credit (Kansas), reported beside the
    /// state tax, not in it.
    public var refundableEarnedIncomeCredit: RefundableEarnedIncomeCredit?
    /// 1.12: a nonrefundable credit per child under 6 (Georgia from 2026).
    public var youngChildCredit: YoungChildCredit?
    /// 1.12: a nonrefundable credit at or below the poverty guideline (Maryland).
    public var povertyLevelCredit: PovertyLevelCredit?
    /// 1.12: no tax when income is below a threshold (Virginia's filing threshold).
    public var noTaxBelow: NoTaxBelow?
    /// 1.13: the counties, cities and school districts with an income tax. Published in the local
    /// form (`Y/local/XX_Y.json`), never in the state documents of the other two forms.
    public var localities: [Locality]?

    /// The federal income tax deduction in force (the 1.4 schedule when there is one).
    public var federalTaxDeductionRule: PaidTaxDeduction? { federalTaxDeductionSchedule ?? federalTaxDeduction }
    /// The FICA deduction in force (the 1.4 schedule when there is one).
    public var ficaDeductionRule: PaidTaxDeduction? { ficaDeductionSchedule ?? ficaDeduction }

    /// Every phase-out, in the order they apply.
    public var allPhaseOuts: [PhaseOut] { (phaseOuts ?? []) + (phaseOutSchedules ?? []) }

    /// The refundable dependent credit for `dependents` at `income`: a `table` phase-out gives the
    /// amount per dependent; the others reduce the whole credit (Maine's "$20 for each $500").
    public func refundableDependentCredit(_ perDependent: Decimal, dependents: Int, income: Decimal, status: FilingStatus) -> Decimal {
        let phaseOuts = allPhaseOuts.filter { $0.part == .refundableDependentCredit }
        let each = phaseOuts.filter { $0.method == .table }.reduce(perDependent) { $1.apply($0, income: income, status: status) }
        return phaseOuts.filter { $0.method != .table }.reduce(Decimal(dependents) * each) { $1.apply($0, income: income, status: status) }
    }

    /// An amount after every phase-out of `part` at `income`.
    public func phasedOut(_ part: PhaseOut.Part, _ amount: Decimal, income: Decimal, status: FilingStatus) -> Decimal {
        allPhaseOuts.filter { $0.part == part }.reduce(amount) { $1.apply($0, income: income, status: status) }
    }

    /// The standard deduction before phase-outs: the written amount, or the share of income.
    public func baseStandardDeduction(status: FilingStatus, income: Decimal) -> Decimal {
        if let percent = standardDeductionPercent { return percent.amount(income: income, status: status) }
        return standardDeduction?[status] ?? 0
    }

    public init(name: String, type: StateTaxType, sources: [Citation]) {
        self.name = name
        self.type = type
        self.sources = sources
    }
}
