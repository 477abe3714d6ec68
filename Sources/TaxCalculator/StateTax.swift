import Foundation
import TaxDataCore

/// One state's tax on wages, with its extras.
struct StateTax {
    let state: StateData
    let code: String
    let status: FilingStatus

    struct Result {
        var taxable: Decimal = 0
        var incomeTax: Decimal = 0
        var sdi: Decimal = 0
        var mentalHealth: Decimal = 0
        var city: Decimal = 0
        var marginalRate: Decimal = 0
        var notes: [String] = []
    }

    /// - Parameters:
    ///   - wages: wages less pre-tax deductions (federal adjusted gross income for a wage earner),
    ///     the income phase-outs are measured on.
    ///   - federalTaxable, federalDeduction, federalTax, fica: for states that start from federal
    ///     taxable income (and add back part of the federal deduction) or deduct federal income tax
    ///     or FICA paid (each already rounded to the cent).
    ///   - federalEarnedIncomeCredit, federalChildCredit: the federal credits states take shares of
    ///     (the child tax credit allowed, its refundable part included).
    func calculate(wages: Decimal, sdiWages: Decimal, newYorkCity: Bool, dependents: Int = 0, children: Int = 0, childrenUnder6: Int = 0,
                   federalTaxable: Decimal = 0, federalDeduction: Decimal = 0, federalTax: Decimal = 0, fica: Decimal = 0,
                   federalEarnedIncomeCredit: Decimal = 0, federalChildCredit: Decimal = 0,
                   federalAdditionalChildCredit: Decimal = 0) -> Result {
        var result = Result()
        // The marginal rate counts every line the next dollar of wages pays: SDI too, while the
        // wages are below its wage base and its maximum (uncapped in CA from 2024).
        var sdiMarginal: Decimal = 0
        if let sdi = state.sdi {
            var base = sdiWages
            if let wageBase = sdi.wageBase { base = Swift.min(base, wageBase) }
            var contribution = base * sdi.rate
            let below = (sdi.wageBase.map { sdiWages < $0 } ?? true) && (sdi.maxWeekly.map { contribution < $0 * 52 } ?? true)
            if let weekly = sdi.maxWeekly { contribution = Swift.min(contribution, weekly * 52) }
            result.sdi = Rounding.cent(contribution)
            if below { sdiMarginal = sdi.rate }
        }
        guard state.type != .noTax else {
            result.marginalRate = sdiMarginal
            return result
        }
        func phased(_ part: PhaseOut.Part, _ amount: Decimal) -> Decimal {
            let after = state.phasedOut(part, amount, income: wages, status: status)
            if after < amount { result.notes.append("\(code): \(part.rawValue) reduced from \(Money.text(amount)) to \(Money.text(after)) by income") }
            return after
        }
        var base = state.incomeBase == .federalTaxableIncome ? federalTaxable : wages
        if let addBack = state.federalDeductionAddBack, state.incomeBase == .federalTaxableIncome {
            let amount = addBack.amount(federalDeduction: federalDeduction, income: wages, status: status)
            if amount > 0 {
                base += amount
                result.notes.append("\(code): \(addBack.label) \(Money.text(amount)) added to income")
            }
        }
        var deduction = phased(.standardDeduction, state.baseStandardDeduction(status: status, income: wages))
        let exemption = phased(.personalExemption, state.personalExemption?[status] ?? 0)
        let count = Decimal(dependents)
        let perDependent = dependents > 0 ? phased(.dependentExemption, state.dependentExemption ?? 0) : 0
        let dependentExemption = count * perDependent
        if dependents > 0, dependentExemption > 0 {
            result.notes.append("\(code): dependent exemption \(dependents) × \(Money.text(perDependent)) applied")
        }
        let childExemption = Decimal(children) * (state.childExemption ?? 0)
        if childExemption > 0 {
            result.notes.append("\(code): child exemption \(children) × \(Money.text(state.childExemption ?? 0)) applied")
        }
        var dependentDeduction: Decimal = 0
        if let rule = state.dependentDeduction {
            dependentDeduction = rule.total(dependents: dependents, status: status)
            if dependentDeduction > 0 {
                result.notes.append("\(code): \(rule.label) \(rule.counted(dependents)) × \(Money.text(rule.amount[status] ?? 0)) applied")
            }
        }
        let youngChildDeduction = Decimal(childrenUnder6) * (state.youngChildDeduction?.amount ?? 0)
        if let rule = state.youngChildDeduction, youngChildDeduction > 0 {
            result.notes.append("\(code): \(rule.label) \(childrenUnder6) × \(Money.text(rule.amount)) applied")
        }
        var paid: Decimal = 0
        if let rule = state.federalTaxDeductionRule {
            let cap = rule.cap?[status].map { phased(.federalTaxDeduction, $0) }
            var net = federalTax
            for credit in rule.lessRefundable ?? [] {
                net -= credit == .earnedIncomeCredit ? federalEarnedIncomeCredit : federalAdditionalChildCredit
            }
            paid += rule.amount(paid: Swift.max(0, net), income: wages, status: status, cap: cap)
        }
        if let rule = state.ficaDeductionRule {
            let amount = rule.amount(paid: fica, income: wages, status: status, cap: rule.cap?[status])
            if rule.itemized == true {
                if amount > deduction {
                    result.notes.append("\(code): FICA paid \(Money.text(amount)) deducted (itemized) instead of the standard deduction \(Money.text(deduction))")
                    deduction = amount
                }
            } else {
                paid += amount
            }
        }
        let taxable = Swift.max(0, base - deduction - exemption - dependentExemption - childExemption - dependentDeduction
                                    - youngChildDeduction - paid)
        result.taxable = taxable
        var tax: Decimal
        // A tax table taxes its row's midpoint and prints whole dollars.
        let table = state.taxTable.flatMap { $0.applies(to: taxable) ? $0 : nil }
        let taxed = table?.incomeTaxed(taxable) ?? taxable
        switch state.type {
        case .flat:
            tax = taxed * (state.rate ?? 0)
            result.marginalRate = taxable > 0 ? (state.rate ?? 0) : 0
        default:
            let brackets = state.brackets?[status] ?? []
            tax = brackets.tax(on: taxed)
            result.marginalRate = taxable > 0 ? (brackets.bracket(for: taxable)?.rate ?? 0) : 0
        }
        if table != nil {
            tax = Money.roundedToDollar(tax)
            result.notes.append("\(code): tax read from the tax table (row midpoint \(Money.text(taxed)), whole dollars)")
        }
        var fromLowIncomeTable = false
        if let rule = state.lowIncomeTable, let low = rule.tax(income: wages, status: status, dependents: dependents), low < tax {
            result.notes.append("\(code): \(rule.label): tax \(Money.text(low)) in place of \(Money.text(Rounding.cent(tax)))")
            tax = low
            fromLowIncomeTable = true
        }
        if let recapture = state.taxRecapture, state.type == .progressive {
            let amount = recapture.amount(income: wages, taxable: taxable, bracketTax: tax, status: status)
            if amount > 0 {
                tax += amount
                result.notes.append("\(code): \(recapture.label) \(Money.text(amount)) added")
            }
        }
        for addBack in state.taxAddBacks ?? [] {
            let amount = addBack.amount(income: wages, status: status)
            if amount > 0 {
                tax += amount
                result.notes.append("\(code): \(addBack.label) \(Money.text(amount)) added")
            }
        }
        var shareCredit: Decimal = 0
        if let credit = state.taxCredit {
            let share = credit.share(income: wages, status: status)
            shareCredit = Rounding.cent(Rounding.cent(tax) * share)
            if shareCredit > 0 { result.notes.append("\(code): \(credit.label) \(Money.text(shareCredit)) applied (\(Money.text(share * 100))% of the tax)") }
        }
        let perDependentCredit = dependents > 0 ? phased(.dependentCredit, state.dependentCredit ?? 0) : 0
        let dependentCredit = count * perDependentCredit
        if dependents > 0, dependentCredit > 0 {
            result.notes.append("\(code): dependent credit \(dependents) × \(Money.text(perDependentCredit)) applied (nonrefundable)")
        }
        var credits = phased(.credits, phased(.personalCredit, state.personalCredit?[status] ?? 0) + dependentCredit)
        if let credit = state.tableCredit {
            let income = credit.on == .taxableIncome && !fromLowIncomeTable ? taxable : wages
            let amount = credit.amount(income: income, status: status, dependents: dependents)
            if amount > 0 {
                credits += amount
                result.notes.append("\(code): \(credit.label) \(Money.text(amount)) (nonrefundable, limited to the tax)")
            }
        }
        tax = Swift.max(0, tax - credits - shareCredit)
        if let credit = state.incomeTestedCredit {
            let amount = credit.amount(tax: tax, income: wages, status: status, dependents: dependents)
            if amount > 0 {
                tax = Swift.max(0, tax - amount)
                let share = credit.share(income: wages, status: status, dependents: dependents)
                let how = share > 0 ? "\(Money.text(share * 100))% of the tax" : "tax limited to \(Money.text((credit.limit?.rate ?? 0) * 100))% of income above the threshold"
                result.notes.append("\(code): \(credit.label) \(Money.text(amount)) applied (\(how))")
            }
        }
        if let credit = state.childTaxCreditShare {
            let amount = Swift.min(Rounding.cent(tax), credit.amount(federal: federalChildCredit, income: wages, status: status))
            if amount > 0 {
                tax = Swift.max(0, tax - amount)
                result.notes.append("\(code): \(credit.label) \(Money.text(amount)) applied (nonrefundable)")
            }
        }
        if let credit = state.earnedIncomeCredit {
            let amount = Swift.min(Rounding.cent(tax), credit.amount(federal: federalEarnedIncomeCredit, children: children, status: status))
            let refundable = credit.refundableAlternative.map { Rounding.cent(federalEarnedIncomeCredit * $0) } ?? 0
            if refundable > amount {
                result.notes.append("\(code): \(credit.label): the refundable alternative \(Money.text(refundable)) is larger, so it is taken instead (refundable: not in the state tax shown)")
            } else if amount > 0 {
                tax = Swift.max(0, tax - amount)
                result.notes.append("\(code): \(credit.label) \(Money.text(amount)) applied (nonrefundable)")
            }
        }
        if let perDependent = state.refundableDependentCredit, dependents > 0 {
            let total = state.refundableDependentCredit(perDependent, dependents: dependents, income: wages, status: status)
            if total > 0 {
                result.notes.append("\(code): refundable dependent credit \(Money.text(total)) for \(dependents) dependent(s) (refundable: not in the state tax shown, which is before refundable credits)")
            }
        }
        if let extra = state.extraTax, taxable > 0 {
            tax += extra
            result.notes.append("\(code): includes the fixed \(Money.text(extra)) tax per return")
        }
        result.incomeTax = Rounding.cent(tax)
        if let mental = state.mentalHealthTax {
            result.mentalHealth = Rounding.cent(Swift.max(0, taxable - mental.threshold) * mental.rate)
            if taxable > mental.threshold { result.marginalRate += mental.rate }
        }
        result.marginalRate += sdiMarginal
        if newYorkCity, let city = state.nycTax?.brackets[status] {
            result.city = Rounding.cent(city.tax(on: taxable))
            result.marginalRate += taxable > 0 ? (city.bracket(for: taxable)?.rate ?? 0) : 0
        }
        if state.notes != nil { result.notes.append("\(code): parts of this state's tax are not modelled (see its notes)") }
        return result
    }
}
