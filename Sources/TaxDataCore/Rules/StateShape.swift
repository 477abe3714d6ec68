/// A state's parts match its type: `no_tax` has no rate or brackets, `flat` has a rate and no
/// brackets, `progressive` has brackets and no flat rate.
public struct StateShape: ValidationRule {
    public let id = RuleID.stateShape
    public init() {}
    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for code in data.states.keys.sorted() {
            let state = data.states[code]!
            let p = DataPath(.state(code))
            switch state.type {
            case .noTax:
                if state.rate != nil { findings.append(.error(id, "\(code) is no_tax but has a rate", at: p.key("rate"))) }
                if state.brackets != nil { findings.append(.error(id, "\(code) is no_tax but has brackets", at: p.key("brackets"))) }
            case .flat:
                if state.rate == nil { findings.append(.error(id, "\(code) is flat but has no rate", at: p.key("type"))) }
                if state.brackets != nil { findings.append(.error(id, "\(code) is flat but has brackets; use type progressive", at: p.key("brackets"))) }
            case .progressive:
                if state.brackets == nil { findings.append(.error(id, "\(code) is progressive but has no brackets", at: p.key("type"))) }
                if state.rate != nil { findings.append(.error(id, "\(code) is progressive but has a flat rate", at: p.key("rate"))) }
            }
            if state.nycTax != nil && code != "NY" {
                findings.append(.error(id, "\(code) has nycTax; only NY can", at: p.key("nycTax")))
            }
        }
        return findings
    }
}
