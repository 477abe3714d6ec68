import Foundation
import TaxDataCore

extension StateTax {
    /// `share` of earned income (the wages here), limited to the tax left after the earned income
    /// credit, when the wages are at or below the poverty guideline for the filers (two on a joint
    /// return) and their dependents.
    func povertyLevelCredit(_ work: inout Work, _ input: Input) {
        guard let credit = state.povertyLevelCredit else { return }
        let people = (status == .marriedFilingJointly ? 2 : 1) + input.dependents
        guard input.wages <= credit.guideline(people: people) else { return }
        let amount = Swift.min(Rounding.cent(work.tax), Rounding.cent(input.wages * credit.share))
        if amount > 0 {
            work.tax = Swift.max(0, work.tax - amount)
            work.result.notes.append("\(code): \(credit.label) \(Money.text(amount)) applied (nonrefundable)")
        }
    }
}
