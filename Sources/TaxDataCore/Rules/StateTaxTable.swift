import Foundation

/// A tax table has a positive `below`, a row width in whole dollars above one, row offsets whose
/// `from` rise from zero with offsets in whole dollars in [0, rowWidth), brackets or a flat rate to
/// read, and schema 1.6.
public struct StateTaxTable: ValidationRule {
    public let id = RuleID.stateTaxTable
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for code in data.states.keys.sorted() {
            let state = data.states[code]!
            guard let table = state.taxTable else { continue }
            let path = DataPath(.state(code)).key("taxTable")
            func error(_ message: String, _ at: DataPath) { findings.append(.error(id, message, at: at)) }
            func whole(_ value: Decimal) -> Bool { Money.roundedToDollar(value) == value }
            if data.meta.schemaVersion < .v1_6 { error("taxTable needs schemaVersion \"1.6\" in year.yaml", path) }
            if state.type == .noTax { error("\(code) has no income tax to read from a table", path) }
            if table.below <= 0 { error("below \(Money.text(table.below)) must be an income above zero", path.key("below")) }
            if table.rowWidth <= 1 || !whole(table.rowWidth) {
                error("rowWidth \(Money.text(table.rowWidth)) must be a whole number of dollars above 1", path.key("rowWidth"))
            }
            for (index, row) in (table.rowOffsets ?? []).enumerated() {
                let at = path.key("rowOffsets").index(index)
                if index == 0, row.from != 0 { error("the first row offset must start from 0", at.key("from")) }
                if index > 0, row.from <= table.rowOffsets![index - 1].from { error("from must rise from entry to entry", at.key("from")) }
                if row.offset < 0 || row.offset >= table.rowWidth || !whole(row.offset) {
                    error("offset \(Money.text(row.offset)) must be whole dollars, at least 0 and below rowWidth", at.key("offset"))
                }
            }
        }
        return findings
    }
}
