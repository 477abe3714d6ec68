import Foundation
import TaxDataCore

struct FixedPaidDeduction: Sendable {
    /// Per status; `Int64.max` when uncapped.
    var cap: [Int64]
    var shares: [[FixedRow]]?
    var itemized: Bool
    /// Subtract the federal earned income credit / the additional child tax credit first.
    var lessEarnedIncomeCredit = false, lessAdditionalChildCredit = false
    /// The same arithmetic as `PaidTaxDeduction.amount`.
    func amount(_ paid: Int64, income: Int64, status s: Int, cap: Int64) -> Int64 {
        var allowed = Swift.max(0, paid)
        if let shares {
            allowed = FixedPoint.roundToCent(allowed * (FixedRow.row(shares[s], income: income)?.share ?? 0))
        }
        return Swift.min(allowed, cap)
    }
}
