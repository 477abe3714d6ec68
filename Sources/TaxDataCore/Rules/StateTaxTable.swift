import Foundation

/// A tax table has a positive `below`, a row width in whole dollars above one, row offsets whose
/// `from` rise from zero with offsets in whole dollars in [0, rowWidth), brackets or a flat rate to
/// read, and schema 1.6.
public struct StateTaxTable: StateConstructRule {
    public let id = RuleID.stateTaxTable
    public static let key = "taxTable"
    public static let since = SchemaVersion.v1_6
    public static let noIncomeTax: String? = " to read from a table"
    public init() {}

    public func construct(of state: StateData) -> TaxTable? { state.taxTable }

    public func check(_ table: TaxTable, _ context: inout StateConstructContext) {
        let path = context.path
        func error(_ message: String, _ at: DataPath) { context.error(message, at: at) }
        func whole(_ value: Decimal) -> Bool { Money.roundedToDollar(value) == value }
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
}
