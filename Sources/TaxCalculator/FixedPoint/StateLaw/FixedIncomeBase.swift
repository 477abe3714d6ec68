import Foundation
import TaxDataCore

extension FixedState {
    /// `StateTax.incomeBase`, in cents.
    @inline(__always)
    func incomeBase(_ work: inout Work, _ input: Input) {
        work.base = tables.startsFromFederalTaxable ? input.federalTaxable : input.incomeWages
        if let addBack = tables.deductionAddBack, input.incomeWages >= addBack.atLeast {
            work.base += Swift.max(0, input.federalDeduction - addBack.cap[input.status])
        }
    }
}

extension FixedTableCompiler {
    func deductionAddBack(_ rule: FederalDeductionAddBack) throws -> (atLeast: Int64, cap: [Int64]) {
        (atLeast: try cents(rule.atLeast, "\(code) federal deduction add-back threshold"),
         cap: try statuses.map { try rule.cap[$0].map { try cents($0, "\(code) federal deduction add-back cap") } ?? Int64.max })
    }
}
