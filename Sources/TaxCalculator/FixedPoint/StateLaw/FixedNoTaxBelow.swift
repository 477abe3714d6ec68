import Foundation
import TaxDataCore

extension FixedState {
    /// `StateTax.noTaxBelow`, in cents.
    @inline(__always)
    func noTaxBelow(_ work: inout Work, _ input: Input) {
        if let threshold = tables.noTaxBelow, input.incomeWages < threshold[input.status] { work.out.tax = 0 }
    }
}

extension FixedTableCompiler {
    /// Per status, in cents (0 for a status without one: no income is below it).
    func noTaxBelow(_ rule: NoTaxBelow) throws -> [Int64] { try table(rule.amount, "no-tax threshold") }
}
