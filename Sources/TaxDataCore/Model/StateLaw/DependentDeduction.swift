import Foundation

/// 1.6: a deduction per dependent that does not count the first `exceptFirst` dependents, with its
/// amount per filing status (New Mexico's deduction for certain dependents, NMSA 7-2-39: $4,000 for
/// each dependent after the first, on joint and head-of-household returns only).
public struct DependentDeduction: Sendable, Equatable, Codable {
    public var label: String
    public var amount: StatusTable<Decimal>
    public var exceptFirst: Int

    public init(label: String, amount: StatusTable<Decimal>, exceptFirst: Int) {
        self.label = label
        self.amount = amount
        self.exceptFirst = exceptFirst
    }

    /// The dependents it counts.
    public func counted(_ dependents: Int) -> Int { Swift.max(0, dependents - exceptFirst) }

    public func total(dependents: Int, status: FilingStatus) -> Decimal {
        Decimal(counted(dependents)) * (amount[status] ?? 0)
    }
}
