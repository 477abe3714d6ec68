import Foundation
import TaxDataCore

extension StateTax {
    /// The credit for each child under 6, nonrefundable: limited to the tax left after the credits
    /// before it.
    func youngChildCredit(_ work: inout Work, _ input: Input) {
        guard let credit = state.youngChildCredit, input.childrenUnder6 > 0 else { return }
        let amount = Swift.min(Rounding.cent(work.tax), Decimal(input.childrenUnder6) * credit.amount)
        if amount > 0 {
            work.tax = Swift.max(0, work.tax - amount)
            work.result.notes.append("\(code): \(credit.label) \(Money.text(amount)) applied (nonrefundable)")
        }
    }
}
