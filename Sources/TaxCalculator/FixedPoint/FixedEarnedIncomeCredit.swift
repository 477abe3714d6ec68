import Foundation
import TaxDataCore

struct FixedEarnedIncomeCredit: Sendable {
    var phaseInRate: Int64, maximum: Int64, phaseOutRate: Int64
    var start: [Int64]
    /// The same arithmetic as `EarnedIncomeCreditSchedule.credit`.
    func credit(wages: Int64, status s: Int) -> Int64 {
        let phasedIn = Swift.min(FixedPoint.roundToCent(wages * phaseInRate), maximum)
        return Swift.max(0, phasedIn - FixedPoint.roundToCent(Swift.max(0, wages - start[s]) * phaseOutRate))
    }
}
