import Foundation
import TaxDataCore

extension StateTax {
    /// Refundable: reported among the refundable credits, not subtracted from the state tax shown.
    func refundableEarnedIncomeCredit(_ work: inout Work, _ input: Input) {
        guard let credit = state.refundableEarnedIncomeCredit else { return }
        let amount = Rounding.cent(input.federalEarnedIncomeCredit * credit.share)
        if amount > 0 { work.result.refundable.append(.init(name: credit.label, jurisdiction: code, amount: amount)) }
    }
}
