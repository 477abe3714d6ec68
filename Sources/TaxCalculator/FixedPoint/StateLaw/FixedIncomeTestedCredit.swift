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

extension FixedState {
    /// `StateTax.incomeTestedCredit`, in cents.
    @inline(__always)
    func incomeTestedCredit(_ work: inout Work, _ input: Input) {
        guard let credit = tables.incomeTested else { return }
        work.out.tax -= Swift.min(work.out.tax, credit.amount(work.out.tax, income: input.incomeWages, status: input.status,
                                                              dependents: input.dependents))
    }
}

extension FixedTableCompiler {
    func incomeTestedCredit(_ credit: IncomeTestedCredit) throws -> FixedIncomeTestedCredit {
        let ratio = credit.measure == .ratio
        return FixedIncomeTestedCredit(
            ratio: ratio, base: try table(credit.base, "income-tested credit base"),
            perDependent: try table(credit.perDependent, "income-tested credit per dependent"),
            maxDependents: statuses.map { credit.maxDependents?[$0] ?? Int.max },
            limit: try credit.limit.map { (rate: try rate($0.rate, "\(code) income-tested credit limit rate"),
                                           upTo: ratio ? try share($0.upTo, "\(code) income-tested credit limit") : try cents($0.upTo, "\(code) income-tested credit limit")) },
            bands: try statuses.map { status in
                try (credit.bands[status] ?? []).map { band in
                    FixedIncomeTestedCredit.Band(upTo: ratio ? try share(band.upTo, "\(code) income-tested credit band") : try cents(band.upTo, "\(code) income-tested credit band"),
                                                 share: try rate(band.share, "\(code) income-tested credit share"))
                }
            })
    }
}
