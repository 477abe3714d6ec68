import Foundation
import TaxDataCore

extension FixedState {
    /// `StateTax.youngChildDeduction`, in cents.
    @inline(__always)
    func youngChildDeduction(_ work: inout Work, _ input: Input) {
        work.subtracted += Int64(input.childrenUnder6) * tables.youngChildDeduction
    }
}

extension FixedTableCompiler {
    /// Per child under 6, in cents (0: none).
    func youngChildDeduction(_ rule: YoungChildDeduction?) throws -> Int64 {
        try cents(rule?.amount ?? 0, "\(code) deduction per child under 6")
    }
}
