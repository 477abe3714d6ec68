import Foundation
import TaxDataCore

extension StateTax {
    /// Amounts added to the tax above an income (`TaxAddBack`), in order.
    func taxAddBacks(_ work: inout Work, _ input: Input) {
        for addBack in state.taxAddBacks ?? [] {
            let amount = addBack.amount(income: input.wages, status: status)
            if amount > 0 {
                work.tax += amount
                work.result.notes.append("\(code): \(addBack.label) \(Money.text(amount)) added")
            }
        }
    }
}
