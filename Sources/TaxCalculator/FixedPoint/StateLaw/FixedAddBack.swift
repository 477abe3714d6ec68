import Foundation
import TaxDataCore

struct FixedAddBack: Sendable {
    var start: [Int64], rate: [Int64]
    var step: FixedStep?
    var maximum: [Int64]
    func amount(income: Int64, status s: Int) -> Int64 {
        guard income > start[s] else { return 0 }
        let excess = step.map { $0.counted(income - start[s], status: s) } ?? (income - start[s])
        return Swift.min(maximum[s], FixedPoint.roundToCent(excess * rate[s]))
    }
}
