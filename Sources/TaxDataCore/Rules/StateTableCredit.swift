/// A table credit has a label, per-return rows (and optional per-dependent rows) for every filing
/// status, rising from `over: 0`, each giving an amount of at least zero, on a state with an income
/// tax, in schema 1.6.
public struct StateTableCredit: StateConstructRule {
    public let id = RuleID.stateTableCredit
    public static let key = "tableCredit"
    public static let since = SchemaVersion.v1_6
    public static let noIncomeTax: String? = " to credit"
    public init() {}

    public func construct(of state: StateData) -> TableCredit? { state.tableCredit }

    public func check(_ credit: TableCredit, _ context: inout StateConstructContext) {
        let (code, data, path) = (context.code, context.data, context.path)
        func error(_ message: String, _ at: DataPath) { context.error(message, at: at) }
        if credit.on != nil, data.meta.schemaVersion < .v1_7 {
            error("on needs schemaVersion \"1.7\" in year.yaml", path.key("on"))
        }
        context.requireLabel(credit.label, naming: "the credit")
        let rows = RowTableCheck(id: id, name: "\(code) \(credit.label)", allowsAmount: true, schema: data.meta.schemaVersion, allowsShare: false)
        for finding in rows.check(credit.perReturn, at: path.key("perReturn")) { context.append(finding) }
        if let perDependent = credit.perDependent {
            for finding in rows.check(perDependent, at: path.key("perDependent")) { context.append(finding) }
        }
    }
}
