import Foundation

/// A state credit that is a share of the federal child tax credit has a label, a share in (0, 1], an
/// income limit for every filing status, a federal child tax credit in the same year, a state income
/// tax to reduce, and schema 1.4.
public struct StateChildCreditShare: ValidationRule {
    public let id = RuleID.stateChildCreditShare
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for code in data.states.keys.sorted() {
            let state = data.states[code]!
            guard let credit = state.childTaxCreditShare else { continue }
            let path = DataPath(.state(code)).key("childTaxCreditShare")
            func error(_ message: String, _ at: DataPath) { findings.append(.error(id, message, at: at)) }
            if data.meta.schemaVersion < .v1_4 { error("childTaxCreditShare needs schemaVersion \"1.4\" in year.yaml", path) }
            if state.type == .noTax { error("\(code) has no income tax to credit", path) }
            if data.federal.childTaxCredit == nil {
                findings.append(Diagnostic.error(id, "\(code) takes a share of the federal child tax credit, which federal.yaml does not have", at: path).against(.federal))
            }
            if credit.label.isBlank { error("label must name the credit for the user", path.key("label")) }
            if credit.share <= 0 || credit.share > 1 { error("share \(Money.text(credit.share)) must be above 0 and at most 1", path.key("share")) }
            let missing = credit.incomeLimit.missing
            if !missing.isEmpty { error("incomeLimit has no amount for \(missing.map(\.rawValue).joined(separator: ", "))", path.key("incomeLimit")) }
        }
        return findings
    }
}
