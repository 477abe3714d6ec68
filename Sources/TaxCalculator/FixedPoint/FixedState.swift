import Foundation
import TaxDataCore

/// A state's tables while they are compiled (see `FixedState`).
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
    var sdi: FixedSDI?
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
final class FixedState: Sendable {
    let type: StateTaxType
    let flatRate: Int64
    /// Indexed by status, like every table here.
    let brackets: [FixedSchedule]
    let deduction: [Int64], exemption: [Int64], credit: [Int64]
    let percentDeduction: FixedPercentDeduction?
    /// Per dependent, in cents.
    let dependentExemption: Int64, dependentCredit: Int64
    let startsFromFederalTaxable: Bool
    /// Income from which the federal deduction above the cap (per status) is added back.
    let deductionAddBack: (atLeast: Int64, cap: [Int64])?
    /// Per status, in cents, for each dependent after the first `exceptFirst`.
    let dependentDeduction: (amount: [Int64], exceptFirst: Int64)?
    /// Per child under 6, in cents (0: none).
    let youngChildDeduction: Int64
    let taxTable: FixedTaxTable?
    let tableCredit: FixedTableCredit?
    let lowIncomeTable: FixedLowIncomeTable?
    /// Nil when the state has no such deduction.
    let federalTaxDeduction: FixedPaidDeduction?, ficaDeduction: FixedPaidDeduction?
    /// Per qualifying child, in cents.
    let childExemption: Int64
    let recapture: FixedRecapture?
    let earnedIncomeCredit: FixedEarnedIncomeCreditShare?
    let incomeTested: FixedIncomeTestedCredit?
    /// Share in millionths; income limit per status.
    let childCreditShare: (share: Int64, limit: [Int64])?
    let phaseOuts: [FixedPhaseOut]
    let addBacks: [FixedAddBack]
    /// Share-of-tax credit rows per status.
    let taxCredit: [[FixedRow]]?
    let extraTax: Int64
    let sdi: FixedSDI?
    let mentalHealth: (threshold: Int64, rate: Int64)?
    let city: [FixedSchedule]?

    init(_ f: FixedStateFields) {
        type = f.type
        flatRate = f.flatRate
        brackets = f.brackets
        deduction = f.deduction
        exemption = f.exemption
        credit = f.credit
        percentDeduction = f.percentDeduction
        dependentExemption = f.dependentExemption
        dependentCredit = f.dependentCredit
        startsFromFederalTaxable = f.startsFromFederalTaxable
        deductionAddBack = f.deductionAddBack
        dependentDeduction = f.dependentDeduction
        youngChildDeduction = f.youngChildDeduction
        taxTable = f.taxTable
        tableCredit = f.tableCredit
        lowIncomeTable = f.lowIncomeTable
        federalTaxDeduction = f.federalTaxDeduction
        ficaDeduction = f.ficaDeduction
        childExemption = f.childExemption
        recapture = f.recapture
        earnedIncomeCredit = f.earnedIncomeCredit
        incomeTested = f.incomeTested
        childCreditShare = f.childCreditShare
        phaseOuts = f.phaseOuts
        addBacks = f.addBacks
        taxCredit = f.taxCredit
        extraTax = f.extraTax
        sdi = f.sdi
        mentalHealth = f.mentalHealth
        city = f.city
    }
}

extension FixedState {
    /// What the state part of a calculation needs from the federal and FICA parts, in cents.
    struct Input {
        var incomeWages: Int64, ficaWages: Int64, federalTaxable: Int64, federalDeduction: Int64, federalTax: Int64, fica: Int64
        var childCreditAllowed: Int64, additionalChildCredit: Int64, earnedCredit: Int64
        var dependents: Int, children: Int, childrenUnder6: Int
        var newYorkCity: Bool
        var status: Int
    }

    struct Output {
        var taxable: Int64 = 0, tax: Int64 = 0, sdi: Int64 = 0, mentalHealth: Int64 = 0, city: Int64 = 0
        /// Millionths.
        var marginal: Int64 = 0
    }

    var hasCityTax: Bool { city != nil }

    /// Whether the state reads the federal earned income credit (a share of it, or its deduction
    /// from the federal tax it lets filers deduct).
    var needsEarnedIncomeCredit: Bool { earnedIncomeCredit != nil || federalTaxDeduction?.lessEarnedIncomeCredit == true }

    /// This state's taxes. A method, so that the caller's `states[i].tax(...)` reads the stored
    /// state in place; a local copy would retain and release every table it holds on each call.
    func tax(_ input: Input) -> Output {
        var out = Output()
        let s = input.status, income = input.incomeWages
        // SDI counts in the marginal rate while the wages are below its wage base and its maximum
        // (as `StateTax` does).
        var sdiMarginal: Int64 = 0
        if let plan = sdi {
            var contribution = (plan.wageBase.map { Swift.min(input.ficaWages, $0) } ?? input.ficaWages) * plan.rate
            let below = (plan.wageBase.map { input.ficaWages < $0 } ?? true) && (plan.maxAnnualUnits.map { contribution < $0 } ?? true)
            if let maximum = plan.maxAnnualUnits { contribution = Swift.min(contribution, maximum) }
            out.sdi = FixedPoint.roundToCent(contribution)
            if below { sdiMarginal = plan.rate }
        }
        guard type != .noTax else {
            out.marginal = sdiMarginal
            return out
        }
        let dependents = Int64(input.dependents)
        var base = startsFromFederalTaxable ? input.federalTaxable : income
        if let addBack = deductionAddBack, income >= addBack.atLeast {
            base += Swift.max(0, input.federalDeduction - addBack.cap[s])
        }
        var paid: Int64 = 0
        let baseDeduction = percentDeduction.map { $0.amount(income: income, status: s) } ?? deduction[s]
        var deduction = phased(.standardDeduction, baseDeduction, income: income, status: s)
        if let rule = federalTaxDeduction {
            let cap = rule.cap[s] == Int64.max ? Int64.max : phased(.federalTaxDeduction, rule.cap[s], income: income, status: s)
            let net = input.federalTax - (rule.lessEarnedIncomeCredit ? input.earnedCredit : 0)
                - (rule.lessAdditionalChildCredit ? input.additionalChildCredit : 0)
            paid += rule.amount(Swift.max(0, net), income: income, status: s, cap: cap)
        }
        if let rule = ficaDeduction {
            let amount = rule.amount(input.fica, income: income, status: s, cap: rule.cap[s])
            if rule.itemized { deduction = Swift.max(deduction, amount) } else { paid += amount }
        }
        let perDependent = dependents > 0 ? phased(.dependentExemption, dependentExemption, income: income, status: s) : 0
        out.taxable = Swift.max(0, base - deduction - phased(.personalExemption, exemption[s], income: income, status: s)
                                   - dependents * perDependent - Int64(input.children) * childExemption - paid
                                   - (dependentDeduction.map { Swift.max(0, dependents - $0.exceptFirst) * $0.amount[s] } ?? 0)
                                   - Int64(input.childrenUnder6) * youngChildDeduction)
        var units: Int64
        let table = taxTable.flatMap { out.taxable < $0.below ? $0 : nil }
        let taxed = table?.midpoint(out.taxable) ?? out.taxable
        if type == .flat {
            units = taxed * flatRate
            out.marginal = out.taxable > 0 ? flatRate : 0
        } else {
            (units, out.marginal) = brackets[s].tax(on: out.taxable)
            if table != nil { units = brackets[s].tax(on: taxed).units }
        }
        if table != nil { units = FixedPoint.divideRounded(units, 100 * FixedPoint.unitsPerCent) * 100 * FixedPoint.unitsPerCent }
        var fromLowIncomeTable = false
        if let lowIncomeTable, let low = lowIncomeTable.tax(income: income, status: s, dependents: dependents),
           low * FixedPoint.unitsPerCent < units {
            units = low * FixedPoint.unitsPerCent
            fromLowIncomeTable = true
        }
        if let recapture, type == .progressive {
            units += recapture.amount(income: income, taxable: out.taxable, bracketUnits: units, status: s) * FixedPoint.unitsPerCent
        }
        for index in addBacks.indices { units += addBacks[index].amount(income: income, status: s) * FixedPoint.unitsPerCent }
        var shareCredit: Int64 = 0
        if let taxCredit, let row = FixedRow.row(taxCredit[s], income: income), let share = row.share {
            shareCredit = FixedPoint.roundToCent(FixedPoint.roundToCent(units) * share)
        }
        let perDependentCredit = dependents > 0 ? phased(.dependentCredit, dependentCredit, income: income, status: s) : 0
        var credits = phased(.credits, phased(.personalCredit, credit[s], income: income, status: s) + dependents * perDependentCredit,
                             income: income, status: s) + shareCredit
        if let tableCredit {
            let at = tableCredit.onTaxableIncome && !fromLowIncomeTable ? out.taxable : income
            credits += tableCredit.amount(income: at, status: s, dependents: dependents)
        }
        out.tax = FixedPoint.roundToCent(Swift.max(0, units - credits * FixedPoint.unitsPerCent))
        if let incomeTested {
            out.tax -= Swift.min(out.tax, incomeTested.amount(out.tax, income: income, status: s, dependents: input.dependents))
        }
        if let childCreditShare, income <= childCreditShare.limit[s] {
            out.tax -= Swift.min(out.tax, FixedPoint.roundToCent(input.childCreditAllowed * childCreditShare.share))
        }
        if let earnedIncomeCredit {
            let amount = Swift.min(out.tax, earnedIncomeCredit.amount(input.earnedCredit, children: input.children, status: s))
            if FixedPoint.roundToCent(input.earnedCredit * earnedIncomeCredit.refundableAlternative) <= amount { out.tax -= amount }
        }
        if extraTax > 0, out.taxable > 0 { out.tax += extraTax }
        if let mentalHealth {
            out.mentalHealth = FixedPoint.roundToCent(Swift.max(0, out.taxable - mentalHealth.threshold) * mentalHealth.rate)
            if out.taxable > mentalHealth.threshold { out.marginal += mentalHealth.rate }
        }
        if input.newYorkCity, let city {
            let (cityUnits, cityRate) = city[s].tax(on: out.taxable)
            out.city = FixedPoint.roundToCent(cityUnits)
            out.marginal += cityRate
        }
        out.marginal += sdiMarginal
        return out
    }

    /// `amount` after every phase-out of `part`, in order.
    private func phased(_ part: PhaseOut.Part, _ amount: Int64, income: Int64, status s: Int) -> Int64 {
        var result = amount
        for phaseOut in phaseOuts where phaseOut.part == part {
            result = phaseOut.apply(result, income: income, status: s)
        }
        return result
    }
}
