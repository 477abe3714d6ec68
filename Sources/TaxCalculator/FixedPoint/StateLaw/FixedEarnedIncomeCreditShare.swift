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

extension FixedState {
    /// `StateTax.earnedIncomeCredit`, in cents.
    @inline(__always)
    func earnedIncomeCredit(_ work: inout Work, _ input: Input) {
        guard let credit = tables.earnedIncomeCredit else { return }
        let amount = Swift.min(work.out.tax, credit.amount(input.earnedCredit, children: input.children, status: input.status))
        if FixedPoint.roundToCent(input.earnedCredit * credit.refundableAlternative) <= amount { work.out.tax -= amount }
    }
}

extension FixedTableCompiler {
    func earnedIncomeCreditShare(_ credit: EarnedIncomeCreditShare) throws -> FixedEarnedIncomeCreditShare {
        FixedEarnedIncomeCreditShare(share: try share(credit.share, "\(code) earned income credit share"),
                                     childless: try statuses.map { try share(credit.childlessShare?[$0] ?? credit.share, "\(code) earned income credit childless share") },
                                     maximum: try credit.maximum.map { try cents($0, "\(code) earned income credit maximum") },
                                     refundableAlternative: try share(credit.refundableAlternative ?? 0, "\(code) earned income credit refundable alternative"))
    }
}
