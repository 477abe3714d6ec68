import Foundation

/// A state's pre-tax treatment names only known deductions (401k, 403b, 457b, hsa, section125),
/// each once, on a state with an income tax, in schema 1.12.
public struct StatePreTaxTreatment: StateConstructRule {
    public let id = RuleID.statePreTaxTreatment
    public static let key = "preTaxTreatment"
    public static let since = SchemaVersion.v1_12
    public static let noIncomeTax: String? = " to tax pre-tax deductions in"
    public init() {}

    public func construct(of state: StateData) -> PreTaxTreatment? { state.preTaxTreatment }

    public func check(_ treatment: PreTaxTreatment, _ context: inout StateConstructContext) {
        var seen: Set<String> = []
        for (i, item) in treatment.taxed.enumerated() {
            let path = context.path.key("taxed").index(i)
            if !PreTaxTreatment.deductions.contains(item) {
                context.error("taxed '\(item)' is not a pre-tax deduction: one of \(PreTaxTreatment.deductions.joined(separator: ", "))", at: path)
            }
            if !seen.insert(item).inserted { context.error("taxed lists '\(item)' twice", at: path) }
        }
    }
}
