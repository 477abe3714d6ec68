import Foundation
import TaxDataCore

extension StateTax {
    /// A fixed tax per return with taxable income.
    func extraTax(_ work: inout Work, _ input: Input) {
        guard let extra = state.extraTax, work.result.taxable > 0 else { return }
        work.tax += extra
        work.result.notes.append("\(code): includes the fixed \(Money.text(extra)) tax per return")
    }
}
