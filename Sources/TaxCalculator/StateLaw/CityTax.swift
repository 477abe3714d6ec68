import Foundation
import TaxDataCore

extension StateTax {
    /// New York City's tax on the state taxable income, for residents.
    func cityTax(_ work: inout Work, _ input: Input) {
        guard input.newYorkCity, let city = state.nycTax?.brackets[status] else { return }
        let taxable = work.result.taxable
        work.result.city = Rounding.cent(city.tax(on: taxable))
        work.result.marginalRate += taxable > 0 ? (city.bracket(for: taxable)?.rate ?? 0) : 0
    }
}
