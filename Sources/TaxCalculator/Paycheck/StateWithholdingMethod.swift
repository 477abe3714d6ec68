import Foundation
import TaxDataCore

/// A state's annualized percentage formula (`StateWithholding`), on one paycheck's state wages.
enum StateWithholdingFormula {
    /// The fields of `certificate` the state's does not have, refused by name; negative or
    /// impossible values.
    static func validate(_ certificate: StateCertificate, for method: StateWithholding, state: String) throws {
        for field in certificate.given where !method.certificate.contains(field) {
            let fields = method.certificate.isEmpty ? "it has none" : "its fields: \(method.certificate.joined(separator: ", "))"
            throw CalculationError(.inconsistentInput, "stateCertificate.\(field): \(state)'s withholding certificate has no such field (\(fields))")
        }
        for (field, count) in [("allowances", certificate.allowances), ("additionalAllowances", certificate.additionalAllowances)] {
            if let count, !(0...FormW4.maxAllowances).contains(count) {
                throw CalculationError(.outOfRange, "stateCertificate.\(field): \(count) is not 0…\(FormW4.maxAllowances)")
            }
        }
        if let extra = certificate.extraWithholding, extra < 0 { throw CalculationError.negative("stateCertificate.extraWithholding") }
        if let elected = certificate.electedRate, let rates = method.electedRates, !rates.contains(elected) {
            throw CalculationError(.outOfRange, "stateCertificate.electedRate: \(Money.text(elected)) is not a rate \(state)'s certificate offers (\(rates.map { Money.text($0) }.joined(separator: ", ")))")
        }
    }

    /// The period's withholding on `wages` (the state's wages of the period), rounded as the state
    /// says, with the certificate's extra amount. The filing status is the state certificate's, or
    /// the federal Form W-4's where the state has none of its own (`federalFilingStatus`), or single.
    static func perPeriod(_ method: StateWithholding, _ certificate: StateCertificate, wages: Decimal, frequency: PayFrequency,
                          federalStatus: FilingStatus) -> Decimal {
        if certificate.exempt == true { return 0 }
        let periods = Decimal(frequency == .daily ? (method.dailyPeriods ?? frequency.periods) : frequency.periods)
        let status = certificate.filingStatus ?? (method.federalFilingStatus == true ? federalStatus : .single)
        let allowances = Decimal(certificate.allowances ?? 0), additional = Decimal(certificate.additionalAllowances ?? 0)
        let yearly = wages * periods
        var standard = method.standardDeduction?[status] ?? 0
        if let phaseOut = method.standardDeductionPhaseOut, let start = phaseOut.start[status], let rate = phaseOut.rate[status], yearly > start {
            // To the cent, as the worksheets print it (Wisconsin's W-166: 6,702 − 12% × 420 = 6,651.60).
            standard = Swift.max(0, Rounding.cent(standard - rate * (yearly - start)))
        }
        let allowance = method.allowanceWageLimit.map { yearly > $0 } == true ? 0 : (method.allowance ?? 0)
        let deductions = standard + allowances * allowance + additional * (method.additionalAllowance ?? 0)
        let taxable = Swift.max(0, yearly - deductions)
        var annual: Decimal
        if let rate = certificate.electedRate ?? method.rate {
            annual = taxable * rate
        } else {
            annual = method.brackets?[status]?.tax(on: taxable) ?? 0
        }
        annual = Swift.max(0, annual - allowances * (method.creditPerAllowance ?? 0))
        let period = annual / periods
        let rounded = method.rounding == "dollar" ? Money.roundedToDollar(period) : Money.roundedToCent(period)
        return rounded + (certificate.extraWithholding ?? 0)
    }
}
