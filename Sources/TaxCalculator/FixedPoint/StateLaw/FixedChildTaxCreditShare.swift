import Foundation
import TaxDataCore

extension FixedState {
    /// `StateTax.childTaxCreditShare`, in cents.
    @inline(__always)
    func childTaxCreditShare(_ work: inout Work, _ input: Input) {
        guard let credit = tables.childCreditShare, input.incomeWages <= credit.limit[input.status] else { return }
        work.out.tax -= Swift.min(work.out.tax, FixedPoint.roundToCent(input.childCreditAllowed * credit.share))
    }
}

extension FixedTableCompiler {
    func childTaxCreditShare(_ credit: ChildTaxCreditShare) throws -> (share: Int64, limit: [Int64]) {
        (share: try rate(credit.share, "\(code) child tax credit share"), limit: try table(credit.incomeLimit, "child tax credit income limit"))
    }
}
