import Foundation
import TaxDataCore

extension StateTax {
    /// A deduction per dependent, per status, after the first few (`DependentDeduction`).
    func dependentDeduction(_ work: inout Work, _ input: Input) {
        guard let rule = state.dependentDeduction else { return }
        let amount = rule.total(dependents: input.dependents, status: status)
        work.subtracted += amount
        if amount > 0 {
            work.result.notes.append("\(code): \(rule.label) \(rule.counted(input.dependents)) × \(Money.text(rule.amount[status] ?? 0)) applied")
        }
    }
}
