import Foundation
import TaxDataCore

extension FixedState {
    /// `StateTax.mentalHealthTax`, in cents.
    @inline(__always)
    func mentalHealthTax(_ work: inout Work, _ input: Input) {
        guard let mental = tables.mentalHealth else { return }
        work.out.mentalHealth = FixedPoint.roundToCent(Swift.max(0, work.out.taxable - mental.threshold) * mental.rate)
        if work.out.taxable > mental.threshold { work.out.marginal += mental.rate }
    }
}

extension FixedTableCompiler {
    func mentalHealthTax(_ tax: StateData.MentalHealthTax) throws -> (threshold: Int64, rate: Int64) {
        (threshold: try cents(tax.threshold, "\(code) mental health threshold"), rate: try rate(tax.rate, "\(code) mental health"))
    }
}
