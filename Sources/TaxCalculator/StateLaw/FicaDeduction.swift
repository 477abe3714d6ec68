import Foundation
import TaxDataCore

extension StateTax {
    /// FICA paid, deducted; or, itemized, taken instead of a smaller standard deduction.
    func ficaDeduction(_ work: inout Work, _ input: Input) {
        guard let rule = state.ficaDeductionRule else { return }
        let amount = rule.amount(paid: input.fica, income: input.wages, status: status, cap: rule.cap?[status])
        if rule.itemized == true {
            if amount > work.deduction {
                work.result.notes.append("\(code): FICA paid \(Money.text(amount)) deducted (itemized) instead of the standard deduction \(Money.text(work.deduction))")
                work.deduction = amount
            }
        } else {
            work.subtracted += amount
        }
    }
}
