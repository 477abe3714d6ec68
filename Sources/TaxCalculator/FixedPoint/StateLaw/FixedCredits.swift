import Foundation
import TaxDataCore

extension FixedState {
    /// `StateTax.credits`: the tax, less the nonrefundable credits, in cents from here on.
    @inline(__always)
    func credits(_ work: inout Work, _ input: Input) {
        let s = input.status, income = input.incomeWages, dependents = Int64(input.dependents)
        let perDependentCredit = dependents > 0 ? phased(.dependentCredit, tables.dependentCredit, income: income, status: s) : 0
        var credits = phased(.credits, phased(.personalCredit, tables.credit[s], income: income, status: s) + dependents * perDependentCredit,
                             income: income, status: s) + work.shareCredit
        if let tableCredit = tables.tableCredit {
            let at = tableCredit.onTaxableIncome && !work.fromLowIncomeTable ? work.out.taxable : income
            credits += tableCredit.amount(income: at, status: s, dependents: dependents)
        }
        work.out.tax = FixedPoint.roundToCent(Swift.max(0, work.units - credits * FixedPoint.unitsPerCent))
    }
}
