import Foundation
import TaxDataCore

extension StateTax {
    /// A credit of a share of the tax (rounded to the cent), subtracted by `credits`.
    func shareOfTaxCredit(_ work: inout Work, _ input: Input) {
        guard let credit = state.taxCredit else { return }
        let share = credit.share(income: input.wages, status: status)
        work.shareCredit = Rounding.cent(Rounding.cent(work.tax) * share)
        if work.shareCredit > 0 {
            work.result.notes.append("\(code): \(credit.label) \(Money.text(work.shareCredit)) applied (\(Money.text(share * 100))% of the tax)")
        }
    }
}
