import Foundation

/// A state credit that is a share of the federal child tax credit has a label, a share in (0, 1], an
/// income limit for every filing status, a federal child tax credit in the same year, a state income
/// tax to reduce, and schema 1.4.
public struct StateChildCreditShare: StateConstructRule {
    public let id = RuleID.stateChildCreditShare
    public static let key = "childTaxCreditShare"
    public static let since = SchemaVersion.v1_4
    public static let noIncomeTax: String? = " to credit"
    public init() {}

    public func construct(of state: StateData) -> ChildTaxCreditShare? { state.childTaxCreditShare }

    public func check(_ credit: ChildTaxCreditShare, _ context: inout StateConstructContext) {
        let (code, data, path) = (context.code, context.data, context.path)
        func error(_ message: String, _ at: DataPath) { context.error(message, at: at) }
        if data.federal.childTaxCredit == nil {
            context.append(Diagnostic.error(id, "\(code) takes a share of the federal child tax credit, which federal.yaml does not have", at: path).against(.federal))
        }
        context.requireLabel(credit.label, naming: "the credit")
        if credit.share <= 0 || credit.share > 1 { error("share \(Money.text(credit.share)) must be above 0 and at most 1", path.key("share")) }
        let missing = credit.incomeLimit.missing
        if !missing.isEmpty { error("incomeLimit has no amount for \(missing.map(\.rawValue).joined(separator: ", "))", path.key("incomeLimit")) }
    }
}
