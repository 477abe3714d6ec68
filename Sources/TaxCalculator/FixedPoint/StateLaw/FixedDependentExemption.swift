import Foundation
import TaxDataCore

extension FixedState {
    /// `StateTax.dependentExemption`, in cents.
    @inline(__always)
    func dependentExemption(_ work: inout Work, _ input: Input) {
        guard input.dependents > 0 else { return }
        let perDependent = phased(.dependentExemption, tables.dependentExemption, income: input.incomeWages, status: input.status)
        work.subtracted += Int64(input.dependents) * perDependent
    }
}
