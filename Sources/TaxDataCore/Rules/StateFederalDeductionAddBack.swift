import Foundation

/// A federal deduction add-back has a label, an income threshold above zero, a cap of at least zero
/// for every filing status, a state that starts from federal taxable income (elsewhere there is no
/// federal deduction to add back), and schema 1.6.
public struct StateFederalDeductionAddBack: ValidationRule {
    public let id = RuleID.stateFederalDeductionAddBack
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for code in data.states.keys.sorted() {
            let state = data.states[code]!
            guard let addBack = state.federalDeductionAddBack else { continue }
            let path = DataPath(.state(code)).key("federalDeductionAddBack")
            func error(_ message: String, _ at: DataPath) { findings.append(.error(id, message, at: at)) }
            if data.meta.schemaVersion < .v1_6 { error("federalDeductionAddBack needs schemaVersion \"1.6\" in year.yaml", path) }
            if state.incomeBase != .federalTaxableIncome {
                error("\(code) does not start from federal taxable income (incomeBase: federal_taxable_income), so there is no federal deduction to add back", path)
            }
            if addBack.label.isBlank { error("label must name the add-back for the user", path.key("label")) }
            if addBack.atLeast <= 0 { error("atLeast \(Money.text(addBack.atLeast)) must be an income above zero", path.key("atLeast")) }
            let missing = addBack.cap.missing
            if !missing.isEmpty { error("cap has no amount for \(missing.map(\.rawValue).joined(separator: ", "))", path.key("cap")) }
            for status in FilingStatus.allCases {
                if let cap = addBack.cap[status], cap < 0 { error("cap \(Money.text(cap)) must be at least zero", path.key("cap").key(status.rawValue)) }
            }
        }
        return findings
    }
}
