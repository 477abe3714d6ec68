import Foundation

/// 1.3: a standard deduction that is a share of income between a minimum and a maximum (Maryland
/// before 2025).
public struct PercentStandardDeduction: Sendable, Equatable, Codable {
    public var rate: Decimal
    public var minimum: StatusTable<Decimal>
    public var maximum: StatusTable<Decimal>
    public init(rate: Decimal, minimum: StatusTable<Decimal>, maximum: StatusTable<Decimal>) {
        self.rate = rate
        self.minimum = minimum
        self.maximum = maximum
    }

    public func amount(income: Decimal, status: FilingStatus) -> Decimal {
        let low = minimum[status] ?? 0, high = maximum[status] ?? low
        return Swift.min(high, Swift.max(low, Money.roundedToCent(income * rate)))
    }
}
