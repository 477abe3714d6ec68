import Foundation

/// Low-income tax tables have a label and tables for every filing status (an empty list: the
/// status has none), each status's tables by dependents rising from zero, each table with an end
/// above zero and rows of tax amounts (`over: 0` first, rising, at least zero) that start below the
/// end (`through`, the last income the table covers), on a state with an income tax, in schema 1.7.
public struct StateLowIncomeTable: StateConstructRule {
    public let id = RuleID.stateLowIncomeTable
    public static let key = "lowIncomeTable"
    public static let since = SchemaVersion.v1_7
    public static let noIncomeTax: String? = " to read from a table"
    public init() {}

    public func construct(of state: StateData) -> LowIncomeTable? { state.lowIncomeTable }

    public func check(_ rule: LowIncomeTable, _ context: inout StateConstructContext) {
        let (code, data, path) = (context.code, context.data, context.path)
        func error(_ message: String, _ at: DataPath) { context.error(message, at: at) }
        context.requireLabel(rule.label, naming: "the tables")
        let tablesPath = path.key("tables")
        let missing = rule.tables.missing
        if !missing.isEmpty {
            error("\(code) \(rule.label): no tables for \(missing.map(\.rawValue).joined(separator: ", ")) (write [] for a status without one)", tablesPath)
        }
        let rows = RowTableCheck(id: id, name: "\(code) \(rule.label)", allowsAmount: true, schema: data.meta.schemaVersion, allowsShare: false)
        for (status, tables) in rule.tables.writtenInOrder {
            for (index, table) in tables.enumerated() {
                let at = tablesPath.key(status.rawValue).index(index)
                if index == 0, table.dependents != 0 {
                    error("the first \(status.rawValue) table must apply from dependents: 0", at.key("dependents"))
                }
                if index > 0, table.dependents <= tables[index - 1].dependents {
                    error("dependents must rise from table to table", at.key("dependents"))
                }
                if table.through <= 0 { error("through \(Money.text(table.through)) must be an income above zero", at.key("through")) }
                for finding in rows.check(table.rows, status: status, at: at.key("rows")) { context.append(finding) }
                if let last = table.rows.last, last.over >= table.through {
                    error("the last row (\(Money.text(last.over))) must start below the table's end (\(Money.text(table.through)))", at.key("rows").index(table.rows.count - 1).key("over"))
                }
            }
        }
    }
}
