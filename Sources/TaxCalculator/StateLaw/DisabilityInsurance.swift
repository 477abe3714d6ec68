import Foundation
import TaxDataCore

extension StateTax {
    /// State disability insurance on wages, up to its wage base and its maximum (uncapped in CA
    /// from 2024). It counts in the marginal rate while the wages are below both.
    func disabilityInsurance(_ work: inout Work, _ input: Input) {
        guard let sdi = state.sdi else { return }
        var base = input.sdiWages
        if let wageBase = sdi.wageBase { base = Swift.min(base, wageBase) }
        var contribution = base * sdi.rate
        let below = (sdi.wageBase.map { input.sdiWages < $0 } ?? true) && (sdi.maxWeekly.map { contribution < $0 * 52 } ?? true)
        if let weekly = sdi.maxWeekly { contribution = Swift.min(contribution, weekly * 52) }
        work.result.sdi = Rounding.cent(contribution)
        if below { work.payrollMarginal = sdi.rate }
    }
}
