/// Every filing status has a value: federal brackets, standard deduction and Additional Medicare
/// thresholds, the Roth phase-outs, and every per-status table a state has (written or `sameAs`).
public struct RequiredStatuses: ValidationRule {
    public let id = RuleID.statusesRequired
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        func require<V>(_ table: StatusTable<V>?, _ path: DataPath, _ what: String) {
            guard let table else { return }
            let missing = table.missing
            guard !missing.isEmpty else { return }
            findings.append(.error(id, "\(what) has no value for \(missing.map(\.rawValue).joined(separator: ", ")); write it or map it with sameAs",
                                   at: path))
        }
        require(data.federal.brackets, DataPath(.federal).key("brackets"), "federal brackets")
        require(data.federal.standardDeduction, DataPath(.federal).key("standardDeduction"), "federal standardDeduction")
        require(data.fica.medicare.thresholds, DataPath(.fica).key("medicare").key("thresholds"), "Additional Medicare thresholds")
        require(data.retirement.rothIncomePhaseout, DataPath(.retirement).key("rothIncomePhaseout"), "rothIncomePhaseout")
        for code in data.states.keys.sorted() {
            let state = data.states[code]!
            let p = DataPath(.state(code))
            require(state.brackets, p.key("brackets"), "\(code) brackets")
            require(state.standardDeduction, p.key("standardDeduction"), "\(code) standardDeduction")
            require(state.personalExemption, p.key("personalExemption"), "\(code) personalExemption")
            require(state.personalCredit, p.key("personalCredit"), "\(code) personalCredit")
            require(state.nycTax?.brackets, p.key("nycTax").key("brackets"), "\(code) nycTax brackets")
        }
        return findings
    }
}
