import Foundation
import TaxDataCore

extension StateTax {
    /// The benefit of the lower brackets taken back at high incomes (`TaxRecapture`).
    func recapture(_ work: inout Work, _ input: Input) {
        guard let recapture = state.taxRecapture, state.type == .progressive else { return }
        let amount = recapture.amount(income: input.wages, taxable: work.result.taxable, bracketTax: work.tax, status: status)
        if amount > 0 {
            work.tax += amount
            work.result.notes.append("\(code): \(recapture.label) \(Money.text(amount)) added")
        }
    }
}
