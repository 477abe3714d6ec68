import Foundation
import TaxDataCore

extension StateTax {
    /// Reported among the refundable credits: the state tax shown is before refundable credits.
    func refundableDependentCredit(_ work: inout Work, _ input: Input) {
        guard let perDependent = state.refundableDependentCredit, input.dependents > 0 else { return }
        let total = Rounding.cent(state.refundableDependentCredit(perDependent, dependents: input.dependents, income: input.wages, status: status))
        if total > 0 {
            work.result.refundable.append(.init(name: "dependent exemption credit (\(input.dependents) dependent\(input.dependents == 1 ? "" : "s"))", jurisdiction: code, amount: total))
        }
    }
}
