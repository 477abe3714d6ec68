import Foundation
import TaxDataCore

/// One paycheck: what Publication 15-T withholds from it, with Social Security and Medicare.
public struct PaycheckInput: Sendable, Equatable {
    public var frequency: PayFrequency
    /// Gross regular wages of the period.
    public var wages: Decimal
    /// Pre-tax deductions taken from this paycheck (amounts per period; the employer keeps them
    /// within the year's limits): all reduce the wages withheld on; HSA and section 125 deductions
    /// also reduce Social Security and Medicare wages.
    public var preTax: [PreTaxDeduction]
    public var w4: FormW4
    /// Social Security and Medicare wages this employer paid earlier in the year: Social Security
    /// stops at the wage base; the Additional Medicare Tax is withheld above $200,000 whatever the
    /// filing status.
    public var yearToDateWages: Decimal
    /// Supplemental wages in this paycheck (a bonus), withheld by `supplementalMethod` (the flat 22%
    /// by default), and at 37% on the part that takes the year's supplemental wages above $1,000,000.
    public var supplemental: Decimal
    /// Supplemental wages this employer paid earlier in the year.
    public var yearToDateSupplemental: Decimal
    /// How the supplemental wages up to $1,000,000 are withheld on (Publication 15, section 7):
    /// the optional flat rate, or aggregated with the period's regular wages.
    public var supplementalMethod: SupplementalMethod
    /// Pub 15-T's optional rounding of the period's withholding to the nearest dollar.
    public var roundToDollar: Bool
    /// The state whose income tax is withheld (USPS code); nil: federal and FICA only.
    public var state: String?
    /// The employee's state withholding certificate; only the fields the state's has.
    public var stateCertificate: StateCertificate
    /// Where the employee lives (`PayInput.localities`: ids of `state`'s localities, at most one of
    /// each kind) and works, for the local taxes withheld.
    public var localities: [String]
    public var workLocality: String?
    /// The paycheck's dates, for a state whose withholding method changes during the year
    /// (`StateWithholding.midYear`): the day the wages are paid, which must be in the data's year,
    /// and the pay period's first and last days, where the state's change goes by them. A paycheck
    /// without the date a change goes by computes no withholding for that state, and says so.
    public var payDate: ISODate?
    public var periodStart: ISODate?
    public var periodEnd: ISODate?

    public init(frequency: PayFrequency, wages: Decimal, preTax: [PreTaxDeduction] = [], w4: FormW4, yearToDateWages: Decimal = 0,
                supplemental: Decimal = 0, yearToDateSupplemental: Decimal = 0, roundToDollar: Bool = false, state: String? = nil,
                stateCertificate: StateCertificate = StateCertificate(), localities: [String] = [], workLocality: String? = nil,
                supplementalMethod: SupplementalMethod = .flat, payDate: ISODate? = nil, periodStart: ISODate? = nil, periodEnd: ISODate? = nil) {
        self.payDate = payDate
        self.periodStart = periodStart
        self.periodEnd = periodEnd
        self.supplementalMethod = supplementalMethod
        self.localities = localities
        self.workLocality = workLocality
        self.frequency = frequency
        self.wages = wages
        self.preTax = preTax
        self.w4 = w4
        self.yearToDateWages = yearToDateWages
        self.supplemental = supplemental
        self.yearToDateSupplemental = yearToDateSupplemental
        self.roundToDollar = roundToDollar
        self.state = state
        self.stateCertificate = stateCertificate
    }
}

/// Publication 15's two ways to withhold on supplemental wages up to $1,000,000 in a year (above,
/// the mandatory flat rate applies whatever the Form W-4).
public enum SupplementalMethod: String, Sendable, Equatable, CaseIterable, Codable {
    /// The optional flat rate (22%).
    case flat
    /// Added to the period's regular wages, withheld on the total as one payment, less what the
    /// regular wages alone withhold.
    case aggregate
}

/// A state withholding certificate (Form IL-W-4, VA-4, MI-W4, …): each field is nil unless given,
/// and a field the state's certificate does not have is refused (`StateWithholding.certificate`).
public struct StateCertificate: Sendable, Equatable {
    public var filingStatus: FilingStatus?
    /// Personal exemptions or allowances.
    public var allowances: Int?
    /// Allowances of a second kind (Illinois line 2: age 65 or older, blind).
    public var additionalAllowances: Int?
    /// The rate the employee elected, where the state lets them (Arizona's Form A-4: 0.005 … 0.035).
    public var electedRate: Decimal?
    /// A yearly exemption claimed in dollars (Mississippi's Form 89-350: $6,000 for a single
    /// employee, and $1,500 for each dependent).
    public var exemptionAmount: Decimal?
    /// A yearly credit in dollars, taken off the tax (Iowa's IA W-4 line 7: $40 for each allowance
    /// on a form from 2023 or earlier).
    public var creditAmount: Decimal?
    /// The rate table the employee elects, where the state prints several (New Jersey's NJ-W4 line
    /// 3: A to E); without one, the filing status's.
    public var rateTable: String?
    /// An extra amount withheld each paycheck.
    public var extraWithholding: Decimal?
    /// Claims exemption from the state's withholding.
    public var exempt: Bool?
    /// A reduction of each paycheck's withholding, taken off last, never below zero (Connecticut's
    /// CT-W4 line 3).
    public var reducedWithholding: Decimal?
    /// The code the certificate chooses the figures by, where the state's has codes rather than a
    /// filing status (Connecticut's CT-W4 line 1: A, B, C, D or F; E is `exempt`).
    public var withholdingCode: String?
    /// False when the employee has given no certificate at all: the state's rule for that applies
    /// (`StateWithholding.noCertificate`: Maryland withholds as one exemption, Oregon 8 % of the
    /// wages), and no other field may be given. Nil or true: the fields given are the certificate
    /// (none given is a certificate that claims nothing). Not one of `given`: every state has it.
    public var onFile: Bool?

    public init(filingStatus: FilingStatus? = nil, allowances: Int? = nil, additionalAllowances: Int? = nil, electedRate: Decimal? = nil,
                exemptionAmount: Decimal? = nil, creditAmount: Decimal? = nil, rateTable: String? = nil, extraWithholding: Decimal? = nil,
                exempt: Bool? = nil, withholdingCode: String? = nil, reducedWithholding: Decimal? = nil, onFile: Bool? = nil) {
        self.onFile = onFile
        self.reducedWithholding = reducedWithholding
        self.withholdingCode = withholdingCode
        self.creditAmount = creditAmount
        self.rateTable = rateTable
        self.filingStatus = filingStatus
        self.allowances = allowances
        self.additionalAllowances = additionalAllowances
        self.electedRate = electedRate
        self.exemptionAmount = exemptionAmount
        self.extraWithholding = extraWithholding
        self.exempt = exempt
    }

    /// The fields given, by their names in `StateWithholding.certificateFields`.
    public var given: [String] {
        [("filingStatus", filingStatus != nil), ("allowances", allowances != nil), ("additionalAllowances", additionalAllowances != nil),
         ("electedRate", electedRate != nil), ("exemptionAmount", exemptionAmount != nil), ("creditAmount", creditAmount != nil), ("rateTable", rateTable != nil),
         ("extraWithholding", extraWithholding != nil), ("exempt", exempt != nil), ("withholdingCode", withholdingCode != nil),
         ("reducedWithholding", reducedWithholding != nil)].filter(\.1).map(\.0)
    }
}

/// What a payslip withholds, each line rounded to the cent (federal to the dollar when asked).
public struct PaycheckResult: Sendable, Equatable {
    public var taxYear: Int
    public var dataVersion: String
    public var input: PaycheckInput
    /// Wages less the pre-tax deductions that reduce them, plus any nonresident alien amount: what
    /// the withholding is figured on (Worksheet 1A line 1a).
    public var withholdingWages: Decimal
    /// Federal income tax withheld: the regular wages' (Worksheet 1A) and the supplemental's.
    public var federalWithholding: Decimal
    /// Of `federalWithholding`, the withholding on the supplemental wages (`supplementalMethod`).
    public var supplementalWithholding: Decimal
    /// The state's income tax withheld by its own method (nil: no state asked, or its method is not
    /// in the data yet, which a note says; 0 in a state without a wage income tax).
    public var stateWithholding: Decimal?
    public var socialSecurity: Decimal
    public var medicare: Decimal
    /// The state's payroll contributions withheld from this paycheck (disability insurance, paid
    /// leave, WA Cares, …), one line each, as `TaxCalculator` lists the year's.
    public var payrollContributions: [PayResult.ContributionLine]
    /// The local income taxes withheld (counties, cities, school districts), one line each; empty
    /// without a locality.
    public var localTaxes: [PayResult.LocalTaxLine]
    /// Their sum; nil when the paycheck names no locality.
    public var localWithholding: Decimal?
    public var preTaxDeductions: Decimal
    /// Gross (regular and supplemental) less pre-tax deductions, federal, state and local
    /// withholding, Social Security, Medicare and the payroll contributions.
    public var netPay: Decimal

    /// The sum of `payrollContributions`.
    public var statePayrollContributions: Decimal { payrollContributions.reduce(0) { $0 + $1.amount } }
    public var notes: [String]
}

extension PaycheckResult: Encodable {
    enum CodingKeys: String, CodingKey {
        case taxYear, dataVersion, frequency, wagesPerPeriod, supplemental, payDate, periodStart, periodEnd, w4, preTaxDeductions, withholdingWages, federalWithholding,
             supplementalWithholding, state, stateCertificate, stateWithholding, socialSecurity, medicare, payrollContributions, localities, workLocality, localTaxes, localWithholding, netPay, notes
    }

    enum StateCertificateKeys: String, CodingKey { case filingStatus, allowances, additionalAllowances, electedRate, exemptionAmount, creditAmount, rateTable, extraWithholding, exempt, withholdingCode, reducedWithholding, onFile }

    enum W4Keys: String, CodingKey {
        case form, filingStatus, multipleJobs, dependentsAmount, otherIncome, deductions, extraWithholding, allowances, nonresidentAlien, exempt
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(taxYear, forKey: .taxYear)
        try c.encode(dataVersion, forKey: .dataVersion)
        try c.encode(input.frequency.rawValue, forKey: .frequency)
        try c.encode(input.wages, forKey: .wagesPerPeriod)
        try c.encode(input.supplemental, forKey: .supplemental)
        try c.encodeIfPresent(input.payDate?.description, forKey: .payDate)
        try c.encodeIfPresent(input.periodStart?.description, forKey: .periodStart)
        try c.encodeIfPresent(input.periodEnd?.description, forKey: .periodEnd)
        var w4 = c.nestedContainer(keyedBy: W4Keys.self, forKey: .w4)
        let form = input.w4
        try w4.encode(form.formYear, forKey: .form)
        try w4.encode(form.filingStatus.rawValue, forKey: .filingStatus)
        if form.isRedesigned {
            try w4.encode(form.multipleJobs, forKey: .multipleJobs)
            try w4.encode(form.dependentsAmount, forKey: .dependentsAmount)
            try w4.encode(form.otherIncome, forKey: .otherIncome)
            try w4.encode(form.deductions, forKey: .deductions)
        } else {
            try w4.encode(form.allowances, forKey: .allowances)
        }
        try w4.encode(form.extraWithholding, forKey: .extraWithholding)
        try w4.encode(form.nonresidentAlien, forKey: .nonresidentAlien)
        try w4.encode(form.exempt, forKey: .exempt)
        try c.encode(preTaxDeductions, forKey: .preTaxDeductions)
        try c.encode(withholdingWages, forKey: .withholdingWages)
        try c.encode(federalWithholding, forKey: .federalWithholding)
        try c.encode(supplementalWithholding, forKey: .supplementalWithholding)
        try c.encodeIfPresent(input.state, forKey: .state)
        if input.state != nil {
            var certificate = c.nestedContainer(keyedBy: StateCertificateKeys.self, forKey: .stateCertificate)
            let given = input.stateCertificate
            try certificate.encodeIfPresent(given.filingStatus?.rawValue, forKey: .filingStatus)
            try certificate.encodeIfPresent(given.allowances, forKey: .allowances)
            try certificate.encodeIfPresent(given.additionalAllowances, forKey: .additionalAllowances)
            try certificate.encodeIfPresent(given.electedRate, forKey: .electedRate)
            try certificate.encodeIfPresent(given.exemptionAmount, forKey: .exemptionAmount)
            try certificate.encodeIfPresent(given.creditAmount, forKey: .creditAmount)
            try certificate.encodeIfPresent(given.rateTable, forKey: .rateTable)
            try certificate.encodeIfPresent(given.extraWithholding, forKey: .extraWithholding)
            try certificate.encodeIfPresent(given.exempt, forKey: .exempt)
            try certificate.encodeIfPresent(given.withholdingCode, forKey: .withholdingCode)
            try certificate.encodeIfPresent(given.reducedWithholding, forKey: .reducedWithholding)
            try certificate.encodeIfPresent(given.onFile, forKey: .onFile)
        }
        try c.encodeIfPresent(stateWithholding, forKey: .stateWithholding)
        try c.encode(socialSecurity, forKey: .socialSecurity)
        try c.encode(medicare, forKey: .medicare)
        try c.encode(payrollContributions, forKey: .payrollContributions)
        if !input.localities.isEmpty { try c.encode(input.localities, forKey: .localities) }
        try c.encodeIfPresent(input.workLocality, forKey: .workLocality)
        if localWithholding != nil { try c.encode(localTaxes, forKey: .localTaxes) }
        try c.encodeIfPresent(localWithholding, forKey: .localWithholding)
        try c.encode(netPay, forKey: .netPay)
        try c.encode(notes, forKey: .notes)
    }
}
