import Foundation
import TaxDataCore

extension StateTax {
    /// The standard deduction (a fixed amount or a percentage of income), phased out.
    func standardDeduction(_ work: inout Work, _ input: Input) {
        work.deduction = phased(.standardDeduction, state.baseStandardDeduction(status: status, income: input.wages), &work, input)
    }
}
