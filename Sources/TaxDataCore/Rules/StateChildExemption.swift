import Foundation

/// An additional exemption per qualifying child (Indiana) is not negative, belongs to a state that
/// taxes income, and needs schema 1.4 (a 1.3 client would leave it out).
public struct StateChildExemption: StateConstructRule {
    public let id = RuleID.stateChildExemption
    public static let key = "childExemption"
    public static let since = SchemaVersion.v1_4
    public static let noIncomeTax: String? = " to exempt from"
    public init() {}

    public func construct(of state: StateData) -> Decimal? { state.childExemption }

    public func check(_ amount: Decimal, _ context: inout StateConstructContext) {
        let path = context.path
        func error(_ message: String, _ at: DataPath) { context.error(message, at: at) }
        if amount < 0 { error("childExemption must not be negative", path) }
    }
}
