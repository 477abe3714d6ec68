/// A phase-out reduces a part the state has, starts at a non-negative income for every filing
/// status, and says how: `cliff` (no rate) or `linear` with a rate in (0, 1] dollars per dollar.
public struct StatePhaseOut: ValidationRule {
    public let id = RuleID.statePhaseOut
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for code in data.states.keys.sorted() {
            let state = data.states[code]!
            for (index, phaseOut) in (state.phaseOuts ?? []).enumerated() {
                let path = DataPath(.state(code)).key("phaseOuts").index(index)
                let present: Bool = switch phaseOut.part {
                case .standardDeduction: state.standardDeduction != nil
                case .personalExemption: state.personalExemption != nil
                case .dependentExemption: state.dependentExemption != nil
                case .personalCredit: state.personalCredit != nil
                case .dependentCredit: state.dependentCredit != nil
                }
                if !present {
                    findings.append(.error(id, "\(code) phases out its \(phaseOut.part.rawValue), which it does not have", at: path.key("part")))
                }
                let missing = FilingStatus.allCases.filter { phaseOut.start[$0] == nil }
                if !missing.isEmpty {
                    findings.append(.error(id, "\(code) phase-out of \(phaseOut.part.rawValue) has no start for \(missing.map(\.rawValue).joined(separator: ", "))",
                                           at: path.key("start")))
                }
                if FilingStatus.allCases.contains(where: { (phaseOut.start[$0] ?? 0) < 0 }) {
                    findings.append(.error(id, "\(code) phase-out of \(phaseOut.part.rawValue) starts below zero", at: path.key("start")))
                }
                switch (phaseOut.method, phaseOut.rate) {
                case (.cliff, .some):
                    findings.append(.error(id, "a cliff phase-out takes no rate: the part is lost in full above start", at: path.key("rate")))
                case (.linear, nil):
                    findings.append(.error(id, "a linear phase-out needs rate: the dollars lost per dollar of income above start", at: path))
                case (.linear, .some(let rate)) where rate <= 0 || rate > 1:
                    findings.append(.error(id, "rate \(Money.text(rate)) must be above 0 and at most 1 dollar per dollar", at: path.key("rate")))
                default:
                    break
                }
            }
        }
        return findings
    }
}
