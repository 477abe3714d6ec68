import Foundation
import TaxDataCore

/// One state's tax on wages, with its extras: the `Decimal` reference. It walks the steps in the
/// order `StateStep` declares; each step is a method in `StateLaw/`, named after it.
struct StateTax: StateStepCalculator {
    let state: StateData
    let code: String
    let status: FilingStatus

    struct Result {
        var taxable: Decimal = 0
        var incomeTax: Decimal = 0
        /// The `inSDI` contributions' part of `contributions`.
        var sdi: Decimal = 0
        /// One line per payroll contribution id.
        var contributions: [PayResult.ContributionLine] = []
        /// Refundable credits: not in `incomeTax`.
        var refundable: [PayResult.CreditLine] = []
        var mentalHealth: Decimal = 0
        var city: Decimal = 0
        var marginalRate: Decimal = 0
        var notes: [String] = []
    }

    /// What the steps read: the wages and the federal figures a state may start from.
    struct Input {
        var taxYear: Int
        /// The wages the state taxes: wages less the pre-tax deductions it excludes (federal
        /// adjusted gross income for a wage earner where it follows the federal treatment), the
        /// income phase-outs are measured on.
        var wages: Decimal
        /// Gross wages, and wages for Medicare tax (gross less HSA and section 125 deductions),
        /// for payroll contributions.
        var gross: Decimal, ficaWages: Decimal
        /// Hours worked in the year, and whether that is the assumed full-time 2,080.
        var hours: Int, hoursAssumed: Bool
        var newYorkCity: Bool
        var dependents: Int, children: Int, childrenUnder6: Int
        /// For states that start from federal taxable income (and add back part of the federal
        /// deduction) or deduct federal income tax or FICA paid (each already rounded to the cent).
        var federalTaxable: Decimal, federalDeduction: Decimal, federalTax: Decimal, fica: Decimal
        /// The federal credits states take shares of (the child tax credit allowed, its refundable
        /// part included).
        var federalEarnedIncomeCredit: Decimal, federalChildCredit: Decimal, federalAdditionalChildCredit: Decimal
    }

    /// What the steps hand on to each other.
    struct Work {
        var result = Result()
        /// The payroll lines' share of the marginal rate, added last.
        var payrollMarginal: Decimal = 0
        var base: Decimal = 0
        /// The standard deduction (or what replaces it), and every other subtraction.
        var deduction: Decimal = 0, subtracted: Decimal = 0
        /// The income tax so far, not rounded.
        var tax: Decimal = 0
        var fromLowIncomeTable = false
        /// A share of the tax, subtracted with the credits.
        var shareCredit: Decimal = 0
    }

    func calculate(_ input: Input) -> Result {
        var work = Work()
        for step in StateStep.payroll { run(step, &work, input) }
        if state.type != .noTax {
            for step in StateStep.incomeTax { run(step, &work, input) }
            work.result.incomeTax = Rounding.cent(work.tax)
        }
        // The marginal rate counts every line the next dollar of wages pays.
        work.result.marginalRate += work.payrollMarginal
        if state.type != .noTax, state.notes != nil { work.result.notes.append("\(code): parts of this state's tax are not modelled (see its notes)") }
        return work.result
    }

    /// `amount` after the state's phase-outs of `part`, with a note when income reduced it.
    func phased(_ part: PhaseOut.Part, _ amount: Decimal, _ work: inout Work, _ input: Input) -> Decimal {
        let after = state.phasedOut(part, amount, income: input.wages, status: status)
        if after < amount { work.result.notes.append("\(code): \(part.rawValue) reduced from \(Money.text(amount)) to \(Money.text(after)) by income") }
        return after
    }
}
