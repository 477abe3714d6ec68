import Foundation

/// 1.3: a nonrefundable credit that is a share of the tax, by income (Connecticut's personal tax
/// credit): the `share` of the row of the highest `over` that income exceeds.
public struct ShareOfTaxCredit: Sendable, Equatable, Codable {
    public var label: String
    public var table: StatusTable<[PhaseOut.Row]>
    public init(label: String, table: StatusTable<[PhaseOut.Row]>) {
        self.label = label
        self.table = table
    }

    public func share(income: Decimal, status: FilingStatus) -> Decimal {
        table[status].flatMap { PhaseOut.Row.select($0, income: income) }?.share ?? 0
    }
}
