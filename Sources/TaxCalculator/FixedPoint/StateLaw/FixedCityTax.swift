import Foundation
import TaxDataCore

extension FixedState {
    /// `StateTax.cityTax`, in cents.
    @inline(__always)
    func cityTax(_ work: inout Work, _ input: Input) {
        guard input.newYorkCity, let city = tables.city else { return }
        let (units, rate) = city[input.status].tax(on: work.out.taxable)
        work.out.city = FixedPoint.roundToCent(units)
        work.out.marginal += rate
    }
}

extension FixedTableCompiler {
    func cityTax(_ nyc: StateData.NYCTax) throws -> [FixedSchedule] {
        try statuses.map { try schedule(nyc.brackets[$0], "\(code) NYC \($0.rawValue)") }
    }
}
