/// A credit that is a share of the tax (Connecticut's personal tax credit) has a label and a table
/// of shares between 0 and 1 for every filing status, rows rising from `over: 0`, on a state that
/// taxes wages, in schema 1.3.
public struct StateTaxCredit: StateConstructRule {
    public let id = RuleID.stateTaxCredit
    public static let key = "taxCredit"
    public static let since = SchemaVersion.v1_3
    public static let noIncomeTax: String? = " to credit"
    public init() {}

    public func construct(of state: StateData) -> ShareOfTaxCredit? { state.taxCredit }

    public func check(_ credit: ShareOfTaxCredit, _ context: inout StateConstructContext) {
        let (code, data, path) = (context.code, context.data, context.path)
        context.requireLabel(credit.label, naming: "the credit")
        for finding in RowTableCheck(id: id, name: "\(code) \(credit.label)", allowsAmount: false, schema: data.meta.schemaVersion).check(credit.table, at: path.key("table")) { context.append(finding) }
    }
}
