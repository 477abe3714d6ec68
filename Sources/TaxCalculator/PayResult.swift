import Foundation
import TaxDataCore

/// A calculation's result: each component rounded to the cent, totals, net pay and pay periods.
public struct PayResult: Sendable, Equatable {
    public var taxYear: Int
    public var dataVersion: String
    public var input: PayInput
    public var preTaxDeductions: Decimal
    public var federalTaxableIncome: Decimal
    public var federalIncomeTax: Decimal
    public var socialSecurity: Decimal
    public var medicare: Decimal
    public var stateTaxableIncome: Decimal
    public var stateIncomeTax: Decimal
    /// The part of `payrollContributions` that older bundles called SDI (their `inSDI` lines).
    public var stateDisabilityInsurance: Decimal
    /// Every contribution withheld from wages by state law, one line per contribution, in the
    /// data's order (SDI included).
    public var payrollContributions: [ContributionLine]
    public var mentalHealthTax: Decimal
    /// The local income taxes, as `localIncomeTax` (kept for apps written before 1.13, when it was
    /// New York City's tax alone; New York City's tax is now one of `localTaxes`).
    public var cityIncomeTax: Decimal
    /// Every local income tax of where the person lives and works, one line per tax (New York
    /// City's among them), in the data's order: the work place's first, then the residence's.
    public var localTaxes: [LocalTaxLine] = []
    /// Refundable credits, federal (`jurisdiction` "US": the additional child tax credit, the
    /// earned income credit) and state: paid with the return, so not in `totalTax`, `netPay` or the
    /// per-period table, which show what a payslip withholds before them.
    public var refundableCredits: [CreditLine] = []
    /// Federal + FICA + state (+ city) rate on the next dollar of wages.
    public var marginalRate: Decimal
    public var notes: [String]

    /// One local income tax on a payslip.
    public struct LocalTaxLine: Sendable, Equatable, Encodable {
        /// The tax's id, stable across years (`md-24031`).
        public var id: String
        public var name: String
        public var amount: Decimal
        public init(id: String, name: String, amount: Decimal) {
            self.id = id
            self.name = name
            self.amount = amount
        }
    }

    /// The sum of `localTaxes`.
    public var localIncomeTax: Decimal { localTaxes.reduce(0) { $0 + $1.amount } }

    /// One payroll contribution on a payslip.
    public struct ContributionLine: Sendable, Equatable, Encodable {
        /// Stable across years (`wa-pfml`).
        public var id: String
        public var name: String
        /// The USPS code of the state that levies it.
        public var jurisdiction: String
        public var amount: Decimal
        public init(id: String, name: String, jurisdiction: String, amount: Decimal) {
            self.id = id
            self.name = name
            self.jurisdiction = jurisdiction
            self.amount = amount
        }
    }

    /// One refundable credit.
    public struct CreditLine: Sendable, Equatable, Encodable {
        public var name: String
        /// "US" for a federal credit, else the state's USPS code.
        public var jurisdiction: String
        public var amount: Decimal
        public init(name: String, jurisdiction: String, amount: Decimal) {
            self.name = name
            self.jurisdiction = jurisdiction
            self.amount = amount
        }
    }

    /// The federal refundable credits, summed.
    public var federalRefundableCredits: Decimal { refundableCredits.filter { $0.jurisdiction == "US" }.reduce(0) { $0 + $1.amount } }
    /// The state refundable credits, summed.
    public var stateRefundableCredits: Decimal { refundableCredits.filter { $0.jurisdiction != "US" }.reduce(0) { $0 + $1.amount } }

    public var fica: Decimal { socialSecurity + medicare }
    /// The sum of `payrollContributions`.
    public var statePayrollContributions: Decimal { payrollContributions.reduce(0) { $0 + $1.amount } }
    public var stateTotal: Decimal { stateIncomeTax + statePayrollContributions + mentalHealthTax + cityIncomeTax }
    public var totalTax: Decimal { federalIncomeTax + fica + stateTotal }
    /// Gross − pre-tax deductions − taxes.
    public var netPay: Decimal { input.grossAnnual - preTaxDeductions - totalTax }
    /// Total tax / gross, rounded to 4 places (0 for zero income).
    public var effectiveRate: Decimal {
        guard input.grossAnnual > 0 else { return 0 }
        var raw = totalTax / input.grossAnnual, rounded = Decimal()
        NSDecimalRound(&rounded, &raw, 4, .plain)
        return rounded
    }

    public enum Period: String, CaseIterable, Sendable {
        case weekly, biweekly = "bi-weekly", semimonthly = "semi-monthly", monthly
        public var perYear: Int {
            switch self {
            case .weekly: 52
            case .biweekly: 26
            case .semimonthly: 24
            case .monthly: 12
            }
        }
    }

    /// Gross, taxes and net for one pay period, each the annual figure divided and rounded to the
    /// cent (so `gross - tax - net` can be a cent off, and pre-tax deductions are not shown: use
    /// `payslip` for a row that adds up).
    public func perPeriod(_ period: Period) -> (gross: Decimal, tax: Decimal, net: Decimal) {
        let n = Decimal(period.perYear)
        return (Rounding.cent(input.grossAnnual / n), Rounding.cent(totalTax / n), Rounding.cent(netPay / n))
    }

    /// One pay period as a payslip shows it.
    public struct Payslip: Sendable, Equatable, Encodable {
        public var gross: Decimal
        public var preTax: Decimal
        public var tax: Decimal
        /// `gross - preTax - tax`, exactly.
        public var net: Decimal
        public init(gross: Decimal, preTax: Decimal, tax: Decimal, net: Decimal) {
            self.gross = gross
            self.preTax = preTax
            self.tax = tax
            self.net = net
        }
    }

    /// One pay period as a payslip shows it: gross, pre-tax deductions and tax each the annual
    /// figure divided and rounded to the cent, and net their difference, so the row adds up exactly.
    public func payslip(_ period: Period) -> Payslip {
        let n = Decimal(period.perYear)
        let gross = Rounding.cent(input.grossAnnual / n), preTax = Rounding.cent(preTaxDeductions / n), tax = Rounding.cent(totalTax / n)
        return Payslip(gross: gross, preTax: preTax, tax: tax, net: gross - preTax - tax)
    }
}

/// The JSON of a result (`taxdata calc --format json`, one line of `--batch`): the input that
/// matters, every component, the totals, a payslip per period and the notes. Amounts are numbers
/// with at most two decimals (rates four); `state` is absent for a federal-only calculation.
extension PayResult: Encodable {
    enum CodingKeys: String, CodingKey {
        case taxYear, dataVersion, status, state, dependents, children, childrenUnder6, hoursWorked, grossWages, preTaxDeductions, federalTaxableIncome,
             federalIncomeTax, socialSecurity, medicare, stateTaxableIncome, stateIncomeTax, stateDisabilityInsurance,
             payrollContributions, statePayrollContributions, mentalHealthTax, cityIncomeTax, localTaxes, localIncomeTax, locality, localities, workLocality,
             totalTax, netPay,
             refundableCredits, federalRefundableCredits, stateRefundableCredits, effectiveRate, marginalRate, periods, notes
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(taxYear, forKey: .taxYear)
        try c.encode(dataVersion, forKey: .dataVersion)
        try c.encode(input.status.rawValue, forKey: .status)
        try c.encodeIfPresent(input.state, forKey: .state)
        try c.encode(input.dependents, forKey: .dependents)
        try c.encode(input.children, forKey: .children)
        if input.childrenUnder6 > 0 { try c.encode(input.childrenUnder6, forKey: .childrenUnder6) }
        try c.encodeIfPresent(input.hoursWorked, forKey: .hoursWorked)
        try c.encode(input.grossAnnual, forKey: .grossWages)
        try c.encode(preTaxDeductions, forKey: .preTaxDeductions)
        try c.encode(federalTaxableIncome, forKey: .federalTaxableIncome)
        try c.encode(federalIncomeTax, forKey: .federalIncomeTax)
        try c.encode(socialSecurity, forKey: .socialSecurity)
        try c.encode(medicare, forKey: .medicare)
        try c.encode(stateTaxableIncome, forKey: .stateTaxableIncome)
        try c.encode(stateIncomeTax, forKey: .stateIncomeTax)
        try c.encode(stateDisabilityInsurance, forKey: .stateDisabilityInsurance)
        try c.encode(payrollContributions, forKey: .payrollContributions)
        try c.encode(statePayrollContributions, forKey: .statePayrollContributions)
        try c.encode(mentalHealthTax, forKey: .mentalHealthTax)
        try c.encode(cityIncomeTax, forKey: .cityIncomeTax)
        // One place of residence as `locality`, several as `localities` (as `calc --batch` reads them).
        if input.localities.count == 1 { try c.encode(input.localities[0], forKey: .locality) }
        if input.localities.count > 1 { try c.encode(input.localities, forKey: .localities) }
        try c.encodeIfPresent(input.workLocality, forKey: .workLocality)
        try c.encode(localTaxes, forKey: .localTaxes)
        try c.encode(localIncomeTax, forKey: .localIncomeTax)
        try c.encode(totalTax, forKey: .totalTax)
        try c.encode(netPay, forKey: .netPay)
        try c.encode(refundableCredits, forKey: .refundableCredits)
        try c.encode(federalRefundableCredits, forKey: .federalRefundableCredits)
        try c.encode(stateRefundableCredits, forKey: .stateRefundableCredits)
        try c.encode(effectiveRate, forKey: .effectiveRate)
        try c.encode(marginalRate, forKey: .marginalRate)
        let periods = Dictionary(uniqueKeysWithValues: Period.allCases.map { ($0.rawValue, payslip($0)) })
        try c.encode(periods, forKey: .periods)
        try c.encode(notes, forKey: .notes)
    }
}
