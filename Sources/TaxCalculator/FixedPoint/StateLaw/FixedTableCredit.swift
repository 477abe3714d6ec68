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
