import Foundation
import TaxDataCore

extension FixedState {
    /// `StateTax.personalExemption`, in cents.
    @inline(__always)
    func personalExemption(_ work: inout Work, _ input: Input) {
        let s = input.status
        work.subtracted += phased(.personalExemption, tables.exemption[s], income: input.incomeWages, status: s)
    }
}
