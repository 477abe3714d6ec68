import Foundation
import TaxDataCore

/// A year of identical paychecks against the year's tax: what is withheld, what is owed, and the
/// refund (positive) or balance due (negative) the return would show, federal and state. Where the
/// state's method changes during the year, each method counts for the share of the year's days it is
/// in force (`notes` says so).
///
/// Withheld: the paycheck's income tax withholding times the paychecks in a year (Pub 15-T's
/// percentage method gives every paycheck of the year the same amount; a supplemental payment is
/// counted once). Owed: `TaxCalculator`'s liability for the household (by default the paycheck's
/// wages and pre-tax deductions times the paychecks, the Form W-4's filing status and the state,
/// no dependents), less its refundable credits. Social Security and Medicare are not part of it:
/// they are withheld as owed, except the Additional Medicare Tax, which the return settles by
/// filing status (not projected here).
public struct YearProjection: Sendable, Equatable {
    /// Paychecks in the year (`PayFrequency.periods`).
    public var paychecks: Int
    /// The year's liability this is measured against.
    public var household: PayInput
    public var federalWithheld: Decimal
    /// Federal income tax after credits, less the refundable ones (negative: a net refund of credits).
    public var federalOwed: Decimal
    /// Nil when the paycheck computes no state withholding (no state, or its method is not in the data).
    public var stateWithheld: Decimal?
    public var stateOwed: Decimal?
    /// How the projection was made where it is not simply the paycheck times the year's paychecks
    /// (a state method that changes during the year).
    public var notes: [String] = []

    /// Withheld less owed: a refund when positive, a balance due when negative.
    public var federalRefund: Decimal { federalWithheld - federalOwed }
    public var stateRefund: Decimal? { stateWithheld.flatMap { withheld in stateOwed.map { withheld - $0 } } }
}

extension PaycheckCalculator {
    /// The year's withholding against the year's tax, for a year of paychecks like `input`.
    /// `household` is the liability to compare with; nil: the paycheck's wages and pre-tax
    /// deductions over the year, the Form W-4's filing status, the paycheck's state, no dependents
    /// (give the household's children, other income and age for a truer projection).
    public func projection(_ input: PaycheckInput, household: PayInput? = nil) throws -> YearProjection {
        let paycheck = try calculate(input)
        let periods = Decimal(input.frequency.periods)
        let liabilityInput = household ?? PayInput(
            grossAnnual: input.wages * periods + input.supplemental, status: input.w4.filingStatus, state: input.state,
            preTax: input.preTax.map { PreTaxDeduction($0.kind, $0.amount * periods) })
        let liability = try TaxCalculator(data: data).calculate(liabilityInput)
        let regularFederal = paycheck.federalWithholding - paycheck.supplementalWithholding
        let federalWithheld = regularFederal * periods + paycheck.supplementalWithholding
        var stateWithheld: Decimal?, stateOwed: Decimal?
        if let perPaycheck = paycheck.stateWithholding {
            if input.supplemental > 0 {
                // The state's aggregate method withholds the supplemental wages with the paycheck
                // they come in: the others of the year are the paycheck without them.
                var regular = input
                regular.supplemental = 0
                let other = try calculate(regular).stateWithholding ?? 0
                stateWithheld = other * (periods - 1) + perPaycheck
            } else {
                stateWithheld = perPaycheck * periods
            }
            stateOwed = liability.stateIncomeTax - liability.stateRefundableCredits
        }
        var notes: [String] = []
        if let code = input.state?.uppercased(), let changes = data.states[code]?.withholding?.midYear, !changes.isEmpty {
            // A method that changes during the year: each method's paycheck, for the share of the year's days it is in
            // force (whatever this paycheck's own date, or without one).
            if let weighted = try weightedStateWithholding(input, changes: changes, periods: periods) {
                var regular = input
                regular.supplemental = 0
                let bonus = input.supplemental > 0 && paycheck.stateWithholding != nil
                    ? (paycheck.stateWithholding ?? 0) - (try calculate(regular).stateWithholding ?? 0) : 0
                stateWithheld = weighted + bonus
                stateOwed = liability.stateIncomeTax - liability.stateRefundableCredits
                notes.append("\(code)'s withholding method changes during the year (from \(changes.map(\.from).joined(separator: ", "))): "
                             + "the year's state withholding weighs each method's paycheck by the days it is in force")
            }
        }
        var projection = YearProjection(paychecks: input.frequency.periods, household: liabilityInput, federalWithheld: federalWithheld,
                                        federalOwed: liability.federalIncomeTax - liability.federalRefundableCredits,
                                        stateWithheld: stateWithheld, stateOwed: stateOwed)
        projection.notes = notes
        return projection
    }

    /// The year's state withholding of paychecks like `input` (without its supplemental wages) when the
    /// state's method changes during the year: each method's paycheck × the year's paychecks × the share of
    /// the year's days from its first day to the next method's, to the cent. Nil when a method computes none.
    private func weightedStateWithholding(_ input: PaycheckInput, changes: [StateWithholding.Change], periods: Decimal) throws -> Decimal? {
        let year = data.meta.taxYear, days = YearDays.count(year)
        let starts = ["\(year)-01-01"] + changes.map(\.from)
        var total: Decimal = 0
        for (i, start) in starts.enumerated() {
            guard let date = ISODate(start), let first = YearDays.day(start, in: year) else { return nil }
            let next = i + 1 < starts.count ? YearDays.day(starts[i + 1], in: year) : days + 1
            guard let next else { return nil }
            var dated = input
            dated.supplemental = 0
            (dated.payDate, dated.periodStart, dated.periodEnd) = (date, date, date)
            guard let withheld = try calculate(dated).stateWithholding else { return nil }
            total += withheld * periods * Decimal(next - first) / Decimal(days)
        }
        return Rounding.cent(total)
    }
}

extension YearProjection: Encodable {
    enum CodingKeys: String, CodingKey {
        case paychecks, grossAnnual, status, federalWithheld, federalOwed, federalRefund, stateWithheld, stateOwed, stateRefund, notes
    }

    /// The household as the year's gross and status; the amounts; the state's only when computed.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(paychecks, forKey: .paychecks)
        try c.encode(household.grossAnnual, forKey: .grossAnnual)
        try c.encode(household.status, forKey: .status)
        try c.encode(federalWithheld, forKey: .federalWithheld)
        try c.encode(federalOwed, forKey: .federalOwed)
        try c.encode(federalRefund, forKey: .federalRefund)
        try c.encodeIfPresent(stateWithheld, forKey: .stateWithheld)
        try c.encodeIfPresent(stateOwed, forKey: .stateOwed)
        try c.encodeIfPresent(stateRefund, forKey: .stateRefund)
        if !notes.isEmpty { try c.encode(notes, forKey: .notes) }
    }
}
