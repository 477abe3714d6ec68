import Foundation
import TaxDataCore

extension FixedState {
    /// `StateTax.dependentDeduction`, in cents.
    @inline(__always)
    func dependentDeduction(_ work: inout Work, _ input: Input) {
        guard let rule = tables.dependentDeduction else { return }
        work.subtracted += Swift.max(0, Int64(input.dependents) - rule.exceptFirst) * rule.amount[input.status]
    }
}

extension FixedTableCompiler {
    func dependentDeduction(_ rule: DependentDeduction) throws -> (amount: [Int64], exceptFirst: Int64) {
        (amount: try table(rule.amount, "dependent deduction"), exceptFirst: Int64(rule.exceptFirst))
    }
}
