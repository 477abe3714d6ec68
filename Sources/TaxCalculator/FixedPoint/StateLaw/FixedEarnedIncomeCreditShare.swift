import Foundation
import TaxDataCore

struct FixedEarnedIncomeCreditShare: Sendable {
    var share: Int64
    /// Per status (the share itself where no childless share is written).
    var childless: [Int64]
    var maximum: Int64?
    /// Millionths; 0 when there is no refundable alternative.
    var refundableAlternative: Int64
    func amount(_ federal: Int64, children: Int, status s: Int) -> Int64 {
        let credit = FixedPoint.roundToCent(federal * (children == 0 ? childless[s] : share))
        return maximum.map { Swift.min(credit, $0) } ?? credit
    }
}
