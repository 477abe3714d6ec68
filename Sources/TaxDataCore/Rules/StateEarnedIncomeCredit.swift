import Foundation

/// A state credit that is a share of the federal earned income credit has a label, a share above
/// 0 and at most 2 (South Carolina's is 125%), a childless share for every filing status when one
/// is written, a non-negative maximum, a federal earned income credit in the same year to take a
/// share of, a state income tax to reduce, and schema 1.4; a refundable alternative (1.6) is a
/// share above 0 and at most 2.
public struct StateEarnedIncomeCredit: StateConstructRule {
    public let id = RuleID.stateEarnedIncomeCredit
    public static let key = "earnedIncomeCredit"
    public static let since = SchemaVersion.v1_4
    public static let noIncomeTax: String? = " to credit"
    public init() {}

    public func construct(of state: StateData) -> EarnedIncomeCreditShare? { state.earnedIncomeCredit }

    public func check(_ credit: EarnedIncomeCreditShare, _ context: inout StateConstructContext) {
        let (code, data, path) = (context.code, context.data, context.path)
        func error(_ message: String, _ at: DataPath) { context.error(message, at: at) }
        if data.federal.earnedIncomeCredit == nil {
            context.append(Diagnostic.error(id, "\(code) takes a share of the federal earned income credit, which federal.yaml does not have", at: path).against(.federal))
        }
        context.requireLabel(credit.label, naming: "the credit")
        func checkShare(_ share: Decimal, _ at: DataPath) {
            if share < 0 || share > 2 { error("share \(Money.text(share)) must be between 0 and 2 (a share of the federal credit)", at) }
        }
        checkShare(credit.share, path.key("share"))
        if credit.share == 0 { error("share must be above 0", path.key("share")) }
        if let childless = credit.childlessShare {
            let missing = childless.missing
            if !missing.isEmpty { error("childlessShare has no value for \(missing.map(\.rawValue).joined(separator: ", "))", path.key("childlessShare")) }
            for (status, share) in childless.written { checkShare(share, path.key("childlessShare").key(status.rawValue)) }
        }
        if let maximum = credit.maximum, maximum < 0 { error("maximum must not be negative", path.key("maximum")) }
        if let alternative = credit.refundableAlternative {
            let at = path.key("refundableAlternative")
            if data.meta.schemaVersion < .v1_6 { error("refundableAlternative needs schemaVersion \"1.6\" in year.yaml", at) }
            if alternative <= 0 || alternative > 2 { error("refundableAlternative \(Money.text(alternative)) must be above 0 and at most 2", at) }
        }
    }
}
