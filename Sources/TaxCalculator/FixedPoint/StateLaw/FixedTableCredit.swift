import Foundation
import TaxDataCore

/// A table credit's rows per status, in cents (see `TableCredit`); a final class, read in place.
final class FixedTableCredit: Sendable {
    let perReturn: [[FixedRow]], perDependent: [[FixedRow]]
    /// Read at the state's taxable income (AGI after a low-income table) instead of AGI.
    let onTaxableIncome: Bool
    init(perReturn: [[FixedRow]], perDependent: [[FixedRow]], onTaxableIncome: Bool) {
        self.perReturn = perReturn
        self.perDependent = perDependent
        self.onTaxableIncome = onTaxableIncome
    }

    func amount(income: Int64, status s: Int, dependents: Int64) -> Int64 {
        (FixedRow.row(perReturn[s], income: income)?.amount ?? 0)
            + (dependents > 0 ? dependents * (FixedRow.row(perDependent[s], income: income)?.amount ?? 0) : 0)
    }
}

extension FixedTableCompiler {
    func tableCredit(_ credit: TableCredit) throws -> FixedTableCredit {
        FixedTableCredit(perReturn: try rows(credit.perReturn, "table credit"),
                         perDependent: try credit.perDependent.map { try rows($0, "table credit per dependent") } ?? statuses.map { _ in [] },
                         onTaxableIncome: credit.on == .taxableIncome)
    }
}
