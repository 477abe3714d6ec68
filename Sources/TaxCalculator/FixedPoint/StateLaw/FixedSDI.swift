import Foundation
import TaxDataCore

struct FixedSDI: Sendable {
    var rate: Int64
    var wageBase: Int64?
    var maxAnnualUnits: Int64?
}

extension FixedState {
    /// `StateTax.disabilityInsurance`, in cents.
    @inline(__always)
    func disabilityInsurance(_ work: inout Work, _ input: Input) {
        guard let plan = tables.sdi else { return }
        var contribution = (plan.wageBase.map { Swift.min(input.ficaWages, $0) } ?? input.ficaWages) * plan.rate
        let below = (plan.wageBase.map { input.ficaWages < $0 } ?? true) && (plan.maxAnnualUnits.map { contribution < $0 } ?? true)
        if let maximum = plan.maxAnnualUnits { contribution = Swift.min(contribution, maximum) }
        work.out.sdi = FixedPoint.roundToCent(contribution)
        if below { work.payrollMarginal = plan.rate }
    }
}

extension FixedTableCompiler {
    func disabilityInsurance(_ sdi: StateData.SDI) throws -> FixedSDI {
        FixedSDI(rate: try rate(sdi.rate, "\(code) SDI"),
                 wageBase: try sdi.wageBase.map { try cents($0, "\(code) SDI wage base") },
                 maxAnnualUnits: try sdi.maxWeekly.map { try cents($0 * 52, "\(code) SDI weekly maximum") * FixedPoint.unitsPerCent })
    }
}
