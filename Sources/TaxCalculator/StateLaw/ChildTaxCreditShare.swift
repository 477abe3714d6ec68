import Foundation
import TaxDataCore

extension StateTax {
    /// A share of the federal child tax credit, nonrefundable (`ChildTaxCreditShare`).
    func childTaxCreditShare(_ work: inout Work, _ input: Input) {
        guard let credit = state.childTaxCreditShare else { return }
        let amount = Swift.min(Rounding.cent(work.tax), credit.amount(federal: input.federalChildCredit, income: input.wages, status: status))
        if amount > 0 {
            work.tax = Swift.max(0, work.tax - amount)
            work.result.notes.append("\(code): \(credit.label) \(Money.text(amount)) applied (nonrefundable)")
        }
    }
}
