import Foundation
import TaxDataCore

extension StateTax {
    /// Named in a note only: the state tax shown is before refundable credits.
    func refundableDependentCredit(_ work: inout Work, _ input: Input) {
        guard let perDependent = state.refundableDependentCredit, input.dependents > 0 else { return }
        let total = state.refundableDependentCredit(perDependent, dependents: input.dependents, income: input.wages, status: status)
        if total > 0 {
            work.result.notes.append("\(code): refundable dependent credit \(Money.text(total)) for \(input.dependents) dependent(s) (refundable: not in the state tax shown, which is before refundable credits)")
        }
    }
}
