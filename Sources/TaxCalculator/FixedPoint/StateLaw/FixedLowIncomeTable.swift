import Foundation
import TaxDataCore

/// Low-income tax tables per status, in cents (see `LowIncomeTable`); a final class, read in place.
final class FixedLowIncomeTable: Sendable {
    struct Table: Sendable {
        var dependents: Int64, through: Int64
        var rows: [FixedRow]
    }
    let tables: [[Table]]
    init(tables: [[Table]]) { self.tables = tables }

    /// The table's tax in cents at `income`, or nil where no table covers it.
    func tax(income: Int64, status s: Int, dependents: Int64) -> Int64? {
        guard let table = tables[s].last(where: { dependents >= $0.dependents }), income <= table.through else { return nil }
        return FixedRow.row(table.rows, income: income)?.amount ?? 0
    }
}
