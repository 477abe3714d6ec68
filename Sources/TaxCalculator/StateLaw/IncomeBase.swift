import Foundation
import TaxDataCore

extension StateTax {
    /// Wages, or federal taxable income plus the part of the federal deduction added back.
    func incomeBase(_ work: inout Work, _ input: Input) {
        work.base = state.incomeBase == .federalTaxableIncome ? input.federalTaxable : input.wages
        if let addBack = state.federalDeductionAddBack, state.incomeBase == .federalTaxableIncome {
            let amount = addBack.amount(federalDeduction: input.federalDeduction, income: input.wages, status: status)
            if amount > 0 {
                work.base += amount
                work.result.notes.append("\(code): \(addBack.label) \(Money.text(amount)) added to income")
            }
        }
    }
}
