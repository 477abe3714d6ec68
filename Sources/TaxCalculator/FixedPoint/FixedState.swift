import Foundation
import TaxDataCore

/// A state's tables in cents and millionths, declared once: compiled into a `var` (see
/// `FixedPointCalculator+Compile.swift`), then held, immutable, by a `FixedState`.
struct FixedStateFields: Sendable {
    var type: StateTaxType
    var flatRate: Int64
    /// Indexed by status, like every table here.
    var brackets: [FixedSchedule]
    var deduction: [Int64] = [], exemption: [Int64] = [], credit: [Int64] = []
    var percentDeduction: FixedPercentDeduction?
    /// Per dependent, in cents.
    var dependentExemption: Int64 = 0, dependentCredit: Int64 = 0
    var startsFromFederalTaxable = false
    /// Income from which the federal deduction above the cap (per status) is added back.
    var deductionAddBack: (atLeast: Int64, cap: [Int64])?
    /// Per status, in cents, for each dependent after the first `exceptFirst`.
    var dependentDeduction: (amount: [Int64], exceptFirst: Int64)?
    /// Per child under 6, in cents (0: none).
    var youngChildDeduction: Int64 = 0
    /// Per child under 6, in cents, a nonrefundable credit (0: none).
    var youngChildCredit: Int64 = 0
    var povertyLevelCredit: FixedPovertyLevelCredit?
    /// Per status, in cents.
    var noTaxBelow: [Int64]?
    var taxTable: FixedTaxTable?
    var tableCredit: FixedTableCredit?
    var lowIncomeTable: FixedLowIncomeTable?
    /// Nil when the state has no such deduction.
    var federalTaxDeduction: FixedPaidDeduction?, ficaDeduction: FixedPaidDeduction?
    /// Per qualifying child, in cents.
    var childExemption: Int64 = 0
    var recapture: FixedRecapture?
    var earnedIncomeCredit: FixedEarnedIncomeCreditShare?
    var incomeTested: FixedIncomeTestedCredit?
    /// Share in millionths; income limit per status.
    var childCreditShare: (share: Int64, limit: [Int64])?
    var phaseOuts: [FixedPhaseOut] = []
    var addBacks: [FixedAddBack] = []
    /// Share-of-tax credit rows per status.
    var taxCredit: [[FixedRow]]?
    var extraTax: Int64 = 0
    var contributions: [FixedContribution] = []
    /// Which pre-tax deductions the state taxes: 401(k), 403(b), 457(b), HSA, section 125.
    var preTaxTaxed: (plan401k: Bool, plan403b: Bool, plan457b: Bool, hsa: Bool, section125: Bool) = (false, false, false, false, false)
    var mentalHealth: (threshold: Int64, rate: Int64)?
    var city: [FixedSchedule]?

    init(type: StateTaxType, flatRate: Int64, brackets: [FixedSchedule]) {
        self.type = type
        self.flatRate = flatRate
        self.brackets = brackets
    }
}

/// A state's tables, immutable: a final class, so a calculation reads them in place (a struct this
/// size read out of an array is copied, a retain and a release per table, most of a calculation's time).
final class FixedState: Sendable, StateStepCalculator {
    let tables: FixedStateFields
    /// The steps of `StateStep.payroll` and, for a state with an income tax, `StateStep.incomeTax`
    /// that this state's tables take part in, in that order.
    let steps: [StateStep]
    /// `tables.preTaxTaxed`, held apart so that a calculation reads it without copying `tables`.
    let preTaxTaxed: (plan401k: Bool, plan403b: Bool, plan457b: Bool, hsa: Bool, section125: Bool)

    init(_ tables: FixedStateFields) {
        self.tables = tables
        steps = (StateStep.payroll + (tables.type == .noTax ? [] : StateStep.incomeTax)).filter { tables.takesPart(in: $0) }
        preTaxTaxed = tables.preTaxTaxed
    }
}

extension FixedStateFields {
    /// Whether `step` can change this state's result. A step left out is one whose construct the
    /// state does not have; the `Decimal` reference walks every step and finds nothing to do there.
    func takesPart(in step: StateStep) -> Bool {
        func phasesOut(_ part: PhaseOut.Part) -> Bool { phaseOuts.contains { $0.part == part } }
        switch step {
        case .payrollContributions: return !contributions.isEmpty
        case .incomeBase, .standardDeduction, .rateSchedule: return true
        // Units become cents here, so every state with an income tax takes this step.
        case .credits: return true
        case .personalExemption: return exemption.contains { $0 != 0 } || phasesOut(.personalExemption)
        case .dependentExemption: return dependentExemption != 0 || phasesOut(.dependentExemption)
        case .childExemption: return childExemption != 0
        case .dependentDeduction: return dependentDeduction != nil
        case .youngChildDeduction: return youngChildDeduction != 0
        case .federalTaxDeduction: return federalTaxDeduction != nil
        case .ficaDeduction: return ficaDeduction != nil
        case .lowIncomeTable: return lowIncomeTable != nil
        case .recapture: return recapture != nil && type == .progressive
        case .taxAddBacks: return !addBacks.isEmpty
        case .shareOfTaxCredit: return taxCredit != nil
        case .incomeTestedCredit: return incomeTested != nil
        case .youngChildCredit: return youngChildCredit != 0
        case .noTaxBelow: return noTaxBelow != nil
        case .childTaxCreditShare: return childCreditShare != nil
        case .earnedIncomeCredit: return earnedIncomeCredit != nil
        case .povertyLevelCredit: return povertyLevelCredit != nil
        // Refundable, so not in the state tax: the reference only writes a note.
        case .refundableDependentCredit, .refundableEarnedIncomeCredit: return false
        case .extraTax: return extraTax > 0
        case .mentalHealthTax: return mentalHealth != nil
        case .cityTax: return city != nil
        }
    }
}

extension FixedState {
    /// What the state part of a calculation needs from the federal and FICA parts, in cents.
    struct Input {
        /// The wages the state taxes (`StateTax.Input.wages`); gross, wages for Medicare tax and
        /// hours worked, for the payroll contributions.
        var incomeWages: Int64, gross: Int64, ficaWages: Int64, hours: Int64, federalTaxable: Int64, federalDeduction: Int64, federalTax: Int64, fica: Int64
        var childCreditAllowed: Int64, additionalChildCredit: Int64, earnedCredit: Int64
        var dependents: Int, children: Int, childrenUnder6: Int
        var newYorkCity: Bool
        var status: Int
    }

    struct Output {
        var taxable: Int64 = 0, tax: Int64 = 0, sdi: Int64 = 0, contributions: Int64 = 0, mentalHealth: Int64 = 0, city: Int64 = 0
        /// Millionths.
        var marginal: Int64 = 0
    }

    /// What the steps hand on to each other, as `StateTax.Work` does.
    struct Work {
        var out = Output()
        /// Millionths: the payroll lines' share of the marginal rate, added last.
        var payrollMarginal: Int64 = 0
        var base: Int64 = 0
        /// The standard deduction (or what replaces it), and every other subtraction, in cents.
        var deduction: Int64 = 0, subtracted: Int64 = 0
        /// The tax before credits, in units (see `FixedPoint`); `out.tax` holds it in cents after `credits`.
        var units: Int64 = 0
        var fromLowIncomeTable = false
        /// A share of the tax, in cents, subtracted with the credits.
        var shareCredit: Int64 = 0
    }

    var hasCityTax: Bool { tables.city != nil }

    /// Whether the state reads the federal earned income credit (a share of it, or its deduction
    /// from the federal tax it lets filers deduct).
    var needsEarnedIncomeCredit: Bool { tables.earnedIncomeCredit != nil || tables.federalTaxDeduction?.lessEarnedIncomeCredit == true }

    /// This state's taxes: its steps, in the order `StateStep` declares. A method, so that the
    /// caller's `states[i].tax(...)` reads the stored state in place; a local copy would retain and
    /// release every table it holds on each call.
    func tax(_ input: Input) -> Output {
        var work = Work()
        // Through the buffer: no bounds check and no reload of the array per step.
        steps.withUnsafeBufferPointer { steps in
            for step in steps { run(step, &work, input) }
        }
        work.out.marginal += work.payrollMarginal
        return work.out
    }

    /// Refundable, so not in the state tax: `takesPart(in:)` leaves it out of every state's steps.
    func refundableDependentCredit(_ work: inout Work, _ input: Input) {}
    /// Refundable, like `refundableDependentCredit`: in no state's steps.
    func refundableEarnedIncomeCredit(_ work: inout Work, _ input: Input) {}

    /// `amount` after every phase-out of `part`, in order.
    func phased(_ part: PhaseOut.Part, _ amount: Int64, income: Int64, status s: Int) -> Int64 {
        var result = amount
        for phaseOut in tables.phaseOuts where phaseOut.part == part {
            result = phaseOut.apply(result, income: income, status: s)
        }
        return result
    }
}
