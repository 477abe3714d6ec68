import Foundation
import TaxDataCore

struct FixedIncomeTestedCredit: Sendable {
    struct Band: Sendable {
        /// A ratio in millionths, or an excess in cents.
        var upTo: Int64
        var share: Int64
    }
    var ratio: Bool
    var base: [Int64]
    var perDependent: [Int64]
    /// Per status; `Int.max` when uncapped.
    var maxDependents: [Int]
    /// Rate in millionths; upTo as a band's.
    var limit: (rate: Int64, upTo: Int64)?
    var bands: [[Band]]
    /// The same arithmetic as `IncomeTestedCredit.amount`, on a tax in cents.
    func amount(_ tax: Int64, income: Int64, status s: Int, dependents: Int) -> Int64 {
        let threshold = base[s] + perDependent[s] * Int64(Swift.min(dependents, maxDependents[s]))
        func within(_ upTo: Int64) -> Bool { ratio ? income * FixedPoint.rateScale <= upTo * threshold : income - threshold <= upTo }
        for band in bands[s] where within(band.upTo) { return FixedPoint.roundToCent(tax * band.share) }
        if let limit, !bands[s].isEmpty, income > threshold, within(limit.upTo) {
            return Swift.max(0, tax - FixedPoint.roundToCent((income - threshold) * limit.rate))
        }
        return 0
    }
}
