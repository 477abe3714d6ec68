import Foundation

/// 1.4: a nonrefundable credit that is a share of the federal earned income credit (Ohio 30%,
/// Delaware 20%, South Carolina 125%, …), applied after the state's other credits.
public struct EarnedIncomeCreditShare: Sendable, Equatable, Codable {
    public var label: String
    public var share: Decimal
    /// Another share for filers without qualifying children, per filing status (Maryland).
    public var childlessShare: StatusTable<Decimal>?
    /// The credit is never more than this (South Carolina from 2026).
    public var maximum: Decimal?
    /// 1.6: the share of a refundable alternative the filer may choose instead (Delaware 4.5%,
    /// Virginia 15% in 2024): when it exceeds the nonrefundable credit the tax allows, the
    /// nonrefundable credit is not taken (the tax before refundable credits stays whole).
    public var refundableAlternative: Decimal?

    public init(label: String, share: Decimal, childlessShare: StatusTable<Decimal>? = nil, maximum: Decimal? = nil,
                refundableAlternative: Decimal? = nil) {
        self.refundableAlternative = refundableAlternative
        self.label = label
        self.share = share
        self.childlessShare = childlessShare
        self.maximum = maximum
    }

    /// The credit for a federal credit of `federal`, to the cent, before it is limited to the tax.
    public func amount(federal: Decimal, children: Int, status: FilingStatus) -> Decimal {
        let rate = children == 0 ? (childlessShare?[status] ?? share) : share
        let credit = Money.roundedToCent(federal * rate)
        return maximum.map { Swift.min(credit, $0) } ?? credit
    }
}
