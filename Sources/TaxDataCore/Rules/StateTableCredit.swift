/// A table credit has a label, per-return rows (and optional per-dependent rows) for every filing
/// status, rising from `over: 0`, each giving an amount of at least zero, on a state with an income
/// tax, in schema 1.6.
public struct StateTableCredit: ValidationRule {
    public let id = RuleID.stateTableCredit
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for code in data.states.keys.sorted() {
            let state = data.states[code]!
            guard let credit = state.tableCredit else { continue }
            let path = DataPath(.state(code)).key("tableCredit")
            if data.meta.schemaVersion < .v1_6 { findings.append(.error(id, "tableCredit needs schemaVersion \"1.6\" in year.yaml", at: path)) }
            if credit.on != nil, data.meta.schemaVersion < .v1_7 {
                findings.append(.error(id, "on needs schemaVersion \"1.7\" in year.yaml", at: path.key("on")))
            }
            if state.type == .noTax { findings.append(.error(id, "\(code) has no income tax to credit", at: path)) }
            if credit.label.isBlank {
                findings.append(.error(id, "label must name the credit for the user", at: path.key("label")))
            }
            let rows = RowTableCheck(id: id, name: "\(code) \(credit.label)", allowsAmount: true, schema: data.meta.schemaVersion, allowsShare: false)
            findings += rows.check(credit.perReturn, at: path.key("perReturn"))
            if let perDependent = credit.perDependent { findings += rows.check(perDependent, at: path.key("perDependent")) }
        }
        return findings
    }
}
