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
    public var stateDisabilityInsurance: Decimal
    public var mentalHealthTax: Decimal
    public var cityIncomeTax: Decimal
    /// Federal + FICA + state (+ city) rate on the next dollar of wages.
    public var marginalRate: Decimal
    public var notes: [String]

    public var fica: Decimal { socialSecurity + medicare }
    public var stateTotal: Decimal { stateIncomeTax + stateDisabilityInsurance + mentalHealthTax + cityIncomeTax }
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

    /// Gross, taxes and net for one pay period (each rounded to the cent).
    public func perPeriod(_ period: Period) -> (gross: Decimal, tax: Decimal, net: Decimal) {
        let n = Decimal(period.perYear)
        return (Rounding.cent(input.grossAnnual / n), Rounding.cent(totalTax / n), Rounding.cent(netPay / n))
    }
}
