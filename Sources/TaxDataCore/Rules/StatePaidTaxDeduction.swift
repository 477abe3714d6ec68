/// A deduction of federal income tax or FICA paid has, when capped, a non-negative cap for every
/// filing status.
public struct StatePaidTaxDeduction: ValidationRule {
    public let id = RuleID.statePaidTaxDeduction
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for code in data.states.keys.sorted() {
            let state = data.states[code]!
            for (key, deduction) in [("federalTaxDeduction", state.federalTaxDeduction), ("ficaDeduction", state.ficaDeduction)] {
                guard let cap = deduction?.cap else { continue }
                let path = DataPath(.state(code)).key(key).key("cap")
                let missing = FilingStatus.allCases.filter { cap[$0] == nil }
                if !missing.isEmpty {
                    findings.append(.error(id, "\(code) \(key) cap has no amount for \(missing.map(\.rawValue).joined(separator: ", "))", at: path))
                }
                if FilingStatus.allCases.contains(where: { (cap[$0] ?? 0) < 0 }) {
                    findings.append(.error(id, "\(code) \(key) cap must not be negative", at: path))
                }
            }
        }
        return findings
    }
}
