import Foundation

/// 1.7: low-income tax tables (Arkansas, A.C.A. 26-51-301): up to a table's end, the filer pays the
/// tax printed for the row that income (federal AGI, the standard deduction built in) reaches, in
/// place of the bracket tax when that is smaller. Each filing status has its tables by the number
/// of dependents from which they apply (Arkansas: 0-1 and 2 or more); a status with no tables has
/// none. Income below the first row pays nothing. The personal and dependent credits are still
/// taken from the table's tax.
public struct LowIncomeTable: Sendable, Equatable, Codable {
    public struct Table: Sendable, Equatable, Codable {
        /// The number of dependents from which this table applies (the last one a filer reaches).
        public var dependents: Int
        /// The last income the table covers ("Above $17,500, use … the Regular Income Tax Table").
        public var through: Decimal
        /// Rows by income, `over: 0` first, each giving the tax (`amount`).
        public var rows: [PhaseOut.Row]

        public init(dependents: Int, through: Decimal, rows: [PhaseOut.Row]) {
            self.dependents = dependents
            self.through = through
            self.rows = rows
        }
    }
    public var label: String
    public var tables: StatusTable<[Table]>

    public init(label: String, tables: StatusTable<[Table]>) {
        self.label = label
        self.tables = tables
    }

    /// The table a filer of `status` with `dependents` uses, if any.
    public func table(status: FilingStatus, dependents: Int) -> Table? {
        tables[status]?.last { dependents >= $0.dependents }
    }

    /// The table's tax at `income`, or nil where no table covers it.
    public func tax(income: Decimal, status: FilingStatus, dependents: Int) -> Decimal? {
        guard let table = table(status: status, dependents: dependents), income <= table.through else { return nil }
        return PhaseOut.Row.select(table.rows, income: income)?.amount ?? 0
    }
}
