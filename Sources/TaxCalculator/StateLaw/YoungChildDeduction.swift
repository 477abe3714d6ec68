import Foundation
import TaxDataCore

extension StateTax {
    /// A deduction for each child under 6 (`YoungChildDeduction`, South Carolina).
    func youngChildDeduction(_ work: inout Work, _ input: Input) {
        guard let rule = state.youngChildDeduction else { return }
        let amount = Decimal(input.childrenUnder6) * rule.amount
        work.subtracted += amount
        if amount > 0 {
            work.result.notes.append("\(code): \(rule.label) \(input.childrenUnder6) × \(Money.text(rule.amount)) applied")
        }
    }
}
