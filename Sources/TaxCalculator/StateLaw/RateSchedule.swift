import Foundation
import TaxDataCore

extension StateTax {
    /// Taxable income, and the tax on it: a flat rate or brackets. A tax table taxes its row's
    /// midpoint and prints whole dollars.
    func rateSchedule(_ work: inout Work, _ input: Input) {
        let taxable = Swift.max(0, work.base - work.deduction - work.subtracted)
        work.result.taxable = taxable
        let table = state.taxTable.flatMap { $0.applies(to: taxable) ? $0 : nil }
        let taxed = table?.incomeTaxed(taxable) ?? taxable
        switch state.type {
        case .flat:
            work.tax = taxed * (state.rate ?? 0)
            work.result.marginalRate = taxable > 0 ? (state.rate ?? 0) : 0
        default:
            let brackets = state.brackets?[status] ?? []
            work.tax = brackets.tax(on: taxed)
            work.result.marginalRate = taxable > 0 ? (brackets.bracket(for: taxable)?.rate ?? 0) : 0
        }
        if table != nil {
            work.tax = Money.roundedToDollar(work.tax)
            work.result.notes.append("\(code): tax read from the tax table (row midpoint \(Money.text(taxed)), whole dollars)")
        }
    }
}
