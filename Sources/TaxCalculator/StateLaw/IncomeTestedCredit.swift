import Foundation
import TaxDataCore

extension StateTax {
    /// A credit that shrinks with income relative to a threshold (`IncomeTestedCredit`).
    func incomeTestedCredit(_ work: inout Work, _ input: Input) {
        guard let credit = state.incomeTestedCredit else { return }
        let amount = credit.amount(tax: work.tax, income: input.wages, status: status, dependents: input.dependents)
        guard amount > 0 else { return }
        work.tax = Swift.max(0, work.tax - amount)
        let share = credit.share(income: input.wages, status: status, dependents: input.dependents)
        let how = share > 0 ? "\(Money.text(share * 100))% of the tax" : "tax limited to \(Money.text((credit.limit?.rate ?? 0) * 100))% of income above the threshold"
        work.result.notes.append("\(code): \(credit.label) \(Money.text(amount)) applied (\(how))")
    }
}
