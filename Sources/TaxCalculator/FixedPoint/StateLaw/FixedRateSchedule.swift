import Foundation
import TaxDataCore

extension FixedState {
    /// `StateTax.rateSchedule`: taxable income, and the tax on it in units.
    @inline(__always)
    func rateSchedule(_ work: inout Work, _ input: Input) {
        let s = input.status
        let taxable = Swift.max(0, work.base - work.deduction - work.subtracted)
        work.out.taxable = taxable
        let table = tables.taxTable.flatMap { taxable < $0.below ? $0 : nil }
        let taxed = table?.midpoint(taxable) ?? taxable
        if tables.type == .flat {
            work.units = taxed * tables.flatRate
            work.out.marginal = taxable > 0 ? tables.flatRate : 0
        } else {
            (work.units, work.out.marginal) = tables.brackets[s].tax(on: taxable)
            if table != nil { work.units = tables.brackets[s].tax(on: taxed).units }
        }
        if table != nil {
            work.units = FixedPoint.divideRounded(work.units, 100 * FixedPoint.unitsPerCent) * 100 * FixedPoint.unitsPerCent
        }
    }
}
