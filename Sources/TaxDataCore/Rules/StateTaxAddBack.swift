/// An add-back to the tax (Connecticut's phase-out add-back and benefit recapture) has a label, a
/// start, a rate (one, or one per status) in (0, 1], and a maximum for every filing status, on a
/// progressive state, in schema 1.3.
public struct StateTaxAddBack: ValidationRule {
    public let id = RuleID.stateTaxAddBack
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for code in data.states.keys.sorted() {
            let state = data.states[code]!
            for (index, addBack) in (state.taxAddBacks ?? []).enumerated() {
                let path = DataPath(.state(code)).key("taxAddBacks").index(index)
                func error(_ message: String, _ at: DataPath) { findings.append(.error(id, message, at: at)) }
                if index == 0, data.meta.schemaVersion < .v1_3 { error("taxAddBacks needs schemaVersion \"1.3\" in year.yaml", path) }
                if state.type == .noTax { error("\(code) has no income tax to add to", path) }
                if addBack.label.isBlank { error("label must name the add-back for the user", path.key("label")) }
                var tables = [("start", addBack.start), ("maximum", addBack.maximum)]
                if let rates = addBack.rates { tables.append(("rate", rates)) }
                if let size = addBack.step?.size { tables.append(("step", size)) }
                for (key, table) in tables {
                    if !table.missing.isEmpty { error("\(key) has no value for \(table.missing.map(\.rawValue).joined(separator: ", "))", path.key(key)) }
                    if table.written.values.contains(where: { $0 < 0 }) { error("\(key) must not be negative", path.key(key)) }
                }
                let rates = addBack.rates.map { Array($0.written.values) } ?? addBack.rate.map { [$0] } ?? []
                if rates.contains(where: { $0 <= 0 || $0 > 1 }) { error("every rate must be above 0 and at most 1 dollar per dollar", path.key("rate")) }
                if addBack.step?.size.written.values.contains(0) == true { error("step size must be above zero", path.key("step")) }
            }
        }
        return findings
    }
}
