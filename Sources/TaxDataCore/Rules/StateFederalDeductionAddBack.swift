import Foundation

/// A federal deduction add-back has a label, an income threshold above zero, a cap of at least zero
/// for every filing status, a state that starts from federal taxable income (elsewhere there is no
/// federal deduction to add back), and schema 1.6.
public struct StateFederalDeductionAddBack: StateConstructRule {
    public let id = RuleID.stateFederalDeductionAddBack
    public static let key = "federalDeductionAddBack"
    public static let since = SchemaVersion.v1_6
    public static let noIncomeTax: String? = nil
    public init() {}

    public func construct(of state: StateData) -> FederalDeductionAddBack? { state.federalDeductionAddBack }

    public func check(_ addBack: FederalDeductionAddBack, _ context: inout StateConstructContext) {
        let (code, state, path) = (context.code, context.state, context.path)
        func error(_ message: String, _ at: DataPath) { context.error(message, at: at) }
        if state.incomeBase != .federalTaxableIncome {
            error("\(code) does not start from federal taxable income (incomeBase: federal_taxable_income), so there is no federal deduction to add back", path)
        }
        context.requireLabel(addBack.label, naming: "the add-back")
        if addBack.atLeast <= 0 { error("atLeast \(Money.text(addBack.atLeast)) must be an income above zero", path.key("atLeast")) }
        let missing = addBack.cap.missing
        if !missing.isEmpty { error("cap has no amount for \(missing.map(\.rawValue).joined(separator: ", "))", path.key("cap")) }
        for status in FilingStatus.allCases {
            if let cap = addBack.cap[status], cap < 0 { error("cap \(Money.text(cap)) must be at least zero", path.key("cap").key(status.rawValue)) }
        }
    }
}
