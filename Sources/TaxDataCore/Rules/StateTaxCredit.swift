/// A credit that is a share of the tax (Connecticut's personal tax credit) has a label and a table
/// of shares between 0 and 1 for every filing status, rows rising from `over: 0`, on a state that
/// taxes wages, in schema 1.3.
public struct StateTaxCredit: ValidationRule {
    public let id = RuleID.stateTaxCredit
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for code in data.states.keys.sorted() {
            let state = data.states[code]!
            guard let credit = state.taxCredit else { continue }
            let path = DataPath(.state(code)).key("taxCredit")
            if data.meta.schemaVersion < .v1_3 { findings.append(.error(id, "taxCredit needs schemaVersion \"1.3\" in year.yaml", at: path)) }
            if state.type == .noTax { findings.append(.error(id, "\(code) has no income tax to credit", at: path)) }
            if credit.label.isBlank {
                findings.append(.error(id, "label must name the credit for the user", at: path.key("label")))
            }
            findings += RowTableCheck(id: id, name: "\(code) \(credit.label)", allowsAmount: false, schema: data.meta.schemaVersion).check(credit.table, at: path.key("table"))
        }
        return findings
    }
}
