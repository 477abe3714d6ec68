import Foundation

/// 1.6: a nonrefundable credit read from a table by income, per return and per dependent (New
/// York's household credit, Tax Law 606(b); Georgia's low income credit, O.C.G.A. 48-7A-3): the
/// `amount` of the last row income reaches in `perReturn`, plus that of `perDependent` for each
/// dependent. Taken with the personal and dependent credits, limited to the tax.
public struct TableCredit: Sendable, Equatable, Codable {
    /// 1.7: the income the rows are read at.
    public enum Basis: String, Sendable, Equatable, Codable, CaseIterable {
        /// Federal AGI (wages less pre-tax deductions): the default.
        case agi
        /// The state's taxable income, or AGI when a low-income table gave the tax (its standard
        /// deduction is built in): Arkansas's additional credit, read at AR1000F line 28.
        case taxableIncome = "taxable_income"
    }
    public var label: String
    public var perReturn: StatusTable<[PhaseOut.Row]>
    public var perDependent: StatusTable<[PhaseOut.Row]>?
    /// 1.7: nil reads the rows at AGI.
    public var on: Basis?

    public init(label: String, perReturn: StatusTable<[PhaseOut.Row]>, perDependent: StatusTable<[PhaseOut.Row]>? = nil, on: Basis? = nil) {
        self.label = label
        self.perReturn = perReturn
        self.perDependent = perDependent
        self.on = on
    }

    /// The per-dependent amount at `income` (0 without a row).
    public func amountPerDependent(income: Decimal, status: FilingStatus) -> Decimal {
        perDependent?[status].flatMap { PhaseOut.Row.select($0, income: income)?.amount } ?? 0
    }

    /// The credit before it is limited to the tax.
    public func amount(income: Decimal, status: FilingStatus, dependents: Int) -> Decimal {
        let perReturn = perReturn[status].flatMap { PhaseOut.Row.select($0, income: income)?.amount } ?? 0
        return perReturn + Decimal(dependents) * amountPerDependent(income: income, status: status)
    }
}
