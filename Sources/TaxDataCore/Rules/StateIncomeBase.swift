/// A state whose taxable income starts from federal taxable income already has the federal
/// standard deduction taken: a standard deduction or personal exemption of its own would be taken
/// twice.
public struct StateIncomeBase: ValidationRule {
    public let id = RuleID.stateIncomeBase
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        data.states.keys.sorted().compactMap { code in
            let state = data.states[code]!
            guard state.incomeBase == .federalTaxableIncome else { return nil }
            if state.type == .noTax { return .error(id, "\(code) has no income tax, so no income base", at: DataPath(.state(code)).key("incomeBase")) }
            guard state.standardDeduction != nil || state.personalExemption != nil else { return nil }
            return .error(id, "\(code) starts from federal taxable income, which already has the federal standard deduction taken; remove its own standardDeduction/personalExemption or start from wages",
                          at: DataPath(.state(code)).key("incomeBase"))
        }
    }
}
