import Foundation

/// 1.6: federal deductions added back to state taxable income at high incomes (Colorado, C.R.S.
/// 39-22-104(3)(p.5) and (p.7)): when income (federal AGI) is at least `atLeast`, the federal
/// deduction above `cap` (per status) is added back. Only for a state that starts from federal
/// taxable income, where the federal standard deduction is already taken.
public struct FederalDeductionAddBack: Sendable, Equatable, Codable {
    public var label: String
    /// The income from which it applies, included ("equal to or exceeding").
    public var atLeast: Decimal
    /// The federal deduction kept, per filing status.
    public var cap: StatusTable<Decimal>

    public init(label: String, atLeast: Decimal, cap: StatusTable<Decimal>) {
        self.label = label
        self.atLeast = atLeast
        self.cap = cap
    }

    /// The amount added back for a federal deduction of `federalDeduction` at `income`.
    public func amount(federalDeduction: Decimal, income: Decimal, status: FilingStatus) -> Decimal {
        guard income >= atLeast, let cap = cap[status] else { return 0 }
        return Swift.max(0, federalDeduction - cap)
    }
}
