import Foundation
import TaxDataCore

extension FixedState {
    /// `StateTax.youngChildCredit`, in cents.
    @inline(__always)
    func youngChildCredit(_ work: inout Work, _ input: Input) {
        work.out.tax -= Swift.min(work.out.tax, Int64(input.childrenUnder6) * tables.youngChildCredit)
    }
}

extension FixedTableCompiler {
    func youngChildCredit(_ credit: YoungChildCredit?) throws -> Int64 {
        try cents(credit?.amount ?? 0, "\(code) credit per child under 6")
    }
}
