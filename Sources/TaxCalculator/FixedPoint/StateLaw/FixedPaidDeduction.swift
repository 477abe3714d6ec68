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

extension FixedState {
    /// `StateTax.federalTaxDeduction`, in cents.
    @inline(__always)
    func federalTaxDeduction(_ work: inout Work, _ input: Input) {
        guard let rule = tables.federalTaxDeduction else { return }
        let s = input.status, income = input.incomeWages
        let cap = rule.cap[s] == Int64.max ? Int64.max : phased(.federalTaxDeduction, rule.cap[s], income: income, status: s)
        let net = input.federalTax - (rule.lessEarnedIncomeCredit ? input.earnedCredit : 0)
            - (rule.lessAdditionalChildCredit ? input.additionalChildCredit : 0)
        work.subtracted += rule.amount(Swift.max(0, net), income: income, status: s, cap: cap)
    }

    /// `StateTax.ficaDeduction`, in cents.
    @inline(__always)
    func ficaDeduction(_ work: inout Work, _ input: Input) {
        guard let rule = tables.ficaDeduction else { return }
        let amount = rule.amount(input.fica, income: input.incomeWages, status: input.status, cap: rule.cap[input.status])
        if rule.itemized { work.deduction = Swift.max(work.deduction, amount) } else { work.subtracted += amount }
    }
}

extension FixedTableCompiler {
    /// A deduction of tax paid (federal income tax or FICA); nil when the state has none.
    func paidDeduction(_ rule: PaidTaxDeduction?, _ what: String) throws -> FixedPaidDeduction? {
        try rule.map { rule in
            FixedPaidDeduction(cap: try statuses.map { try rule.cap?[$0].map { try cents($0, "\(code) \(what) cap") } ?? Int64.max },
                               shares: try rule.shares.map { try rows($0, "\(what) shares") }, itemized: rule.itemized == true,
                               lessEarnedIncomeCredit: rule.lessRefundable?.contains(.earnedIncomeCredit) == true,
                               lessAdditionalChildCredit: rule.lessRefundable?.contains(.additionalChildTaxCredit) == true)
        }
    }
}
