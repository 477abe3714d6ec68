import Foundation

/// A refundable share of the federal earned income credit (schema 1.12): Kansas's 17% (K.S.A.
/// 79-32,205, "such excess amount shall be refunded"). Refundable credits are not in the state
/// income tax shown (which is before refundable credits, like PolicyEngine's
/// `state_income_tax_before_refundable_credits`): the calculator reports the whole credit among
/// the result's refundable credits. A new key, so that a client before 1.12 does not apply it as a
/// nonrefundable `earnedIncomeCredit`.
public struct RefundableEarnedIncomeCredit: Sendable, Equatable, Codable {
    /// What the user is shown.
    public var label: String
    /// The share of the federal credit (0.17).
    public var share: Decimal

    public init(label: String, share: Decimal) {
        self.label = label
        self.share = share
    }
}
