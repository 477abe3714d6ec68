import Foundation
import TaxDataCore

extension FixedState {
    /// `StateTax.standardDeduction`, in cents.
    @inline(__always)
    func standardDeduction(_ work: inout Work, _ input: Input) {
        let s = input.status, income = input.incomeWages
        let amount = tables.percentDeduction.map { $0.amount(income: income, status: s) } ?? tables.deduction[s]
        work.deduction = phased(.standardDeduction, amount, income: income, status: s)
    }
}
