import Foundation
import TaxDataCore

extension FixedState {
    /// `StateTax.childExemption`, in cents.
    @inline(__always)
    func childExemption(_ work: inout Work, _ input: Input) {
        work.subtracted += Int64(input.children) * tables.childExemption
    }
}
