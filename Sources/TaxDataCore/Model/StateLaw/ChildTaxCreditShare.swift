import Foundation

/// 1.4: a nonrefundable credit that is a share of the federal child tax credit (Oklahoma 5%), none
/// above an income limit.
public struct ChildTaxCreditShare: Sendable, Equatable, Codable {
    public var label: String
    public var share: Decimal
    /// No credit when income exceeds this, per filing status.
    public var incomeLimit: StatusTable<Decimal>

    public init(label: String, share: Decimal, incomeLimit: StatusTable<Decimal>) {
        self.label = label
        self.share = share
        self.incomeLimit = incomeLimit
    }

    public func amount(federal: Decimal, income: Decimal, status: FilingStatus) -> Decimal {
        guard let limit = incomeLimit[status], income <= limit else { return 0 }
        return Money.roundedToCent(federal * share)
    }
}
