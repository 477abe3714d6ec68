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

extension FixedState {
    /// `StateTax.lowIncomeTable`.
    @inline(__always)
    func lowIncomeTable(_ work: inout Work, _ input: Input) {
        guard let rule = tables.lowIncomeTable,
              let low = rule.tax(income: input.incomeWages, status: input.status, dependents: Int64(input.dependents)),
              low * FixedPoint.unitsPerCent < work.units else { return }
        work.units = low * FixedPoint.unitsPerCent
        work.fromLowIncomeTable = true
    }
}

extension FixedTableCompiler {
    func lowIncomeTable(_ rule: LowIncomeTable) throws -> FixedLowIncomeTable {
        FixedLowIncomeTable(tables: try statuses.map { status in
            try (rule.tables[status] ?? []).map { table in
                FixedLowIncomeTable.Table(dependents: Int64(table.dependents), through: try cents(table.through, "\(code) low-income table end"),
                                          rows: try table.rows.map { row in
                                              FixedRow(over: try cents(row.over, "\(code) low-income table row"),
                                                       amount: try cents(row.amount ?? 0, "\(code) low-income table tax"), share: nil,
                                                       inclusive: row.inclusive == true)
                                          })
            }
        })
    }
}
