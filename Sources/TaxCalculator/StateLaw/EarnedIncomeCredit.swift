import Foundation
import TaxDataCore

extension StateTax {
    /// A share of the federal earned income credit, nonrefundable, unless its refundable
    /// alternative is larger (`EarnedIncomeCreditShare`).
    func earnedIncomeCredit(_ work: inout Work, _ input: Input) {
        guard let credit = state.earnedIncomeCredit else { return }
        let federal = input.federalEarnedIncomeCredit
        let amount = Swift.min(Rounding.cent(work.tax), credit.amount(federal: federal, children: input.children, status: status))
        let refundable = credit.refundableAlternative.map { Rounding.cent(federal * $0) } ?? 0
        if refundable > amount {
            work.result.notes.append("\(code): \(credit.label): the refundable alternative \(Money.text(refundable)) is larger, so it is taken instead (refundable: not in the state tax shown)")
            work.result.refundable.append(.init(name: "earned income credit (the refundable alternative)", jurisdiction: code, amount: refundable))
        } else if amount > 0 {
            work.tax = Swift.max(0, work.tax - amount)
            work.result.notes.append("\(code): \(credit.label) \(Money.text(amount)) applied (nonrefundable)")
        }
    }
}
