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
    /// Supplemental wages in this paycheck (a bonus), withheld at the flat rate: 22%, and 37% on
    /// the part that takes the year's supplemental wages above $1,000,000.
    public var supplemental: Decimal
    /// Supplemental wages this employer paid earlier in the year.
    public var yearToDateSupplemental: Decimal
    /// Pub 15-T's optional rounding of the period's withholding to the nearest dollar.
    public var roundToDollar: Bool

    public init(frequency: PayFrequency, wages: Decimal, preTax: [PreTaxDeduction] = [], w4: FormW4, yearToDateWages: Decimal = 0,
                supplemental: Decimal = 0, yearToDateSupplemental: Decimal = 0, roundToDollar: Bool = false) {
        self.frequency = frequency
        self.wages = wages
        self.preTax = preTax
        self.w4 = w4
        self.yearToDateWages = yearToDateWages
        self.supplemental = supplemental
        self.yearToDateSupplemental = yearToDateSupplemental
        self.roundToDollar = roundToDollar
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
    /// Of `federalWithholding`, the flat-rate withholding on the supplemental wages.
    public var supplementalWithholding: Decimal
    public var socialSecurity: Decimal
    public var medicare: Decimal
    public var preTaxDeductions: Decimal
    /// Gross (regular and supplemental) less pre-tax deductions, federal withholding, Social
    /// Security and Medicare. State and local withholding are not computed yet.
    public var netPay: Decimal
    public var notes: [String]
}

extension PaycheckResult: Encodable {
    enum CodingKeys: String, CodingKey {
        case taxYear, dataVersion, frequency, wagesPerPeriod, supplemental, w4, preTaxDeductions, withholdingWages, federalWithholding,
             supplementalWithholding, socialSecurity, medicare, netPay, notes
    }

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
        try c.encode(socialSecurity, forKey: .socialSecurity)
        try c.encode(medicare, forKey: .medicare)
        try c.encode(netPay, forKey: .netPay)
        try c.encode(notes, forKey: .notes)
    }
}
