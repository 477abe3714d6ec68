import Foundation
import TaxDataCore

extension StateTax {
    /// No tax when the state's wages are strictly below the status's threshold.
    func noTaxBelow(_ work: inout Work, _ input: Input) {
        guard let rule = state.noTaxBelow, let threshold = rule.amount[status], input.wages < threshold, work.tax > 0 else { return }
        work.tax = 0
        work.result.notes.append("\(code): \(rule.label): income below \(Money.text(threshold)), no tax")
    }
}
