import Foundation
import TaxDataCore

extension StateTax {
    /// A low-income table's tax, in place of the tax when it is lower (`LowIncomeTable`).
    func lowIncomeTable(_ work: inout Work, _ input: Input) {
        guard let rule = state.lowIncomeTable,
              let low = rule.tax(income: input.wages, status: status, dependents: input.dependents), low < work.tax else { return }
        work.result.notes.append("\(code): \(rule.label): tax \(Money.text(low)) in place of \(Money.text(Rounding.cent(work.tax)))")
        work.tax = low
        work.fromLowIncomeTable = true
    }
}
