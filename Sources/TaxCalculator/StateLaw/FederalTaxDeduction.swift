import Foundation
import TaxDataCore

extension StateTax {
    /// Federal income tax paid (less the refundable credits the rule names), deducted up to a cap
    /// that may phase out.
    func federalTaxDeduction(_ work: inout Work, _ input: Input) {
        guard let rule = state.federalTaxDeductionRule else { return }
        let cap = rule.cap?[status].map { phased(.federalTaxDeduction, $0, &work, input) }
        var net = input.federalTax
        for credit in rule.lessRefundable ?? [] {
            net -= credit == .earnedIncomeCredit ? input.federalEarnedIncomeCredit : input.federalAdditionalChildCredit
        }
        work.subtracted += rule.amount(paid: Swift.max(0, net), income: input.wages, status: status, cap: cap)
    }
}
