import Foundation

/// A deduction, from state taxable income, of a tax already paid (schema 1.2): federal income tax
/// (Alabama, in full) or FICA (Massachusetts, capped). `cap` nil means the whole amount.
public struct PaidTaxDeduction: Sendable, Equatable, Codable {
    /// 1.6: a refundable federal credit taken off the federal tax before it is deducted.
    public enum RefundableCredit: String, Sendable, Equatable, Codable, CaseIterable {
        case earnedIncomeCredit = "earned_income_credit"
        /// The refundable part of the child tax credit (Schedule 8812).
        case additionalChildTaxCredit = "additional_child_tax_credit"
    }
    /// The most that may be deducted, per filing status; nil: no cap. A phase-out of part
    /// `federalTaxDeduction` reduces it (1.4).
    public var cap: StatusTable<Decimal>?
    /// 1.4: the share of the tax paid that may be deducted, by income rows (Missouri: 35% … 5%).
    public var shares: StatusTable<[PhaseOut.Row]>?
    /// 1.4: deducted instead of the standard deduction when larger (an itemized deduction, Alabama's
    /// FICA), not on top of it.
    public var itemized: Bool?
    /// 1.6: federal tax only: the refundable federal credits subtracted from it first (Alabama: the
    /// earned income credit and the additional child tax credit; Missouri: the earned income credit).
    /// An older client ignores the key and deducts the tax before them.
    public var lessRefundable: [RefundableCredit]?

    public init(cap: StatusTable<Decimal>? = nil, shares: StatusTable<[PhaseOut.Row]>? = nil, itemized: Bool? = nil,
                lessRefundable: [RefundableCredit]? = nil) {
        self.lessRefundable = lessRefundable
        self.cap = cap
        self.shares = shares
        self.itemized = itemized
    }

    /// Whether a schema 1.2 client reads this deduction exactly (else the bundle carries it under
    /// the `…Schedule` key, which such a client ignores).
    public var isSchema12: Bool { shares == nil && itemized != true }

    /// The deduction of `paid` at `income`, with the cap already phased out (`cap`: nil for none).
    public func amount(paid: Decimal, income: Decimal, status: FilingStatus, cap: Decimal?) -> Decimal {
        var allowed = Swift.max(0, paid)
        if let rows = shares?[status] {
            allowed = Money.roundedToCent(allowed * (PhaseOut.Row.select(rows, income: income)?.share ?? 0))
        }
        return cap.map { Swift.min(allowed, $0) } ?? allowed
    }
}
