import Foundation
import TaxDataCore

extension FixedState {
    /// `StateTax.shareOfTaxCredit`, in cents.
    @inline(__always)
    func shareOfTaxCredit(_ work: inout Work, _ input: Input) {
        guard let taxCredit = tables.taxCredit, let row = FixedRow.row(taxCredit[input.status], income: input.incomeWages),
              let share = row.share else { return }
        work.shareCredit = FixedPoint.roundToCent(FixedPoint.roundToCent(work.units) * share)
    }
}
