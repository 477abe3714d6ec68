import Foundation
import TaxDataCore

extension StateTax {
    /// The personal and dependent credits (phased out) and a table credit, nonrefundable, and the
    /// share of the tax, subtracted from the tax.
    func credits(_ work: inout Work, _ input: Input) {
        let dependents = input.dependents
        let perDependentCredit = dependents > 0 ? phased(.dependentCredit, state.dependentCredit ?? 0, &work, input) : 0
        let dependentCredit = Decimal(dependents) * perDependentCredit
        if dependents > 0, dependentCredit > 0 {
            work.result.notes.append("\(code): dependent credit \(dependents) × \(Money.text(perDependentCredit)) applied (nonrefundable)")
        }
        var credits = phased(.credits, phased(.personalCredit, state.personalCredit?[status] ?? 0, &work, input) + dependentCredit, &work, input)
        if let credit = state.tableCredit {
            let income = credit.on == .taxableIncome && !work.fromLowIncomeTable ? work.result.taxable : input.wages
            let amount = credit.amount(income: income, status: status, dependents: dependents)
            if amount > 0 {
                credits += amount
                work.result.notes.append("\(code): \(credit.label) \(Money.text(amount)) (nonrefundable, limited to the tax)")
            }
        }
        work.tax = Swift.max(0, work.tax - credits - work.shareCredit)
    }
}
