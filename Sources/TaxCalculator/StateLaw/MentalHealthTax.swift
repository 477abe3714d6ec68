import Foundation
import TaxDataCore

extension StateTax {
    /// California's mental health services tax on taxable income above its threshold.
    func mentalHealthTax(_ work: inout Work, _ input: Input) {
        guard let mental = state.mentalHealthTax else { return }
        let taxable = work.result.taxable
        work.result.mentalHealth = Rounding.cent(Swift.max(0, taxable - mental.threshold) * mental.rate)
        if taxable > mental.threshold { work.result.marginalRate += mental.rate }
    }
}
