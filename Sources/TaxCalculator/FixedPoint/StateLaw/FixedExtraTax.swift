import Foundation
import TaxDataCore

extension FixedState {
    /// `StateTax.extraTax`, in cents.
    @inline(__always)
    func extraTax(_ work: inout Work, _ input: Input) {
        if work.out.taxable > 0 { work.out.tax += tables.extraTax }
    }
}
