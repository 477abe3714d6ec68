import Foundation

/// A rule about one state-law construct. What every such rule repeats lives here once: it visits
/// the states in order, takes the construct from each state that has it, refuses it in a year
/// whose schema is older than the construct, and on a state without an income tax; a blank label
/// is one call (`StateConstructContext.requireLabel`); the rule holds only what is specific to it
/// (`check(_:_:)`). A new construct's rule is one file:
///
///     public struct StateDependentDeduction: StateConstructRule {
///         public let id = RuleID.stateDependentDeduction
///         public static let key = "dependentDeduction"
///         public static let since = SchemaVersion.v1_6
///         public static let noIncomeTax: String? = " to deduct from"
///         public func construct(of state: StateData) -> DependentDeduction? { state.dependentDeduction }
///         public func check(_ deduction: DependentDeduction, _ context: inout StateConstructContext) { … }
///     }
public protocol StateConstructRule: ValidationRule {
    associatedtype Construct
    /// The construct's key in a state object (and a state file).
    static var key: String { get }
    /// The first schema version whose bundles may hold the construct.
    static var since: SchemaVersion { get }
    /// Whether this rule reports a year older than `since`. Where several rules check one
    /// construct (`localities`), one of them reports it, so that it is said once.
    static var reportsSchema: Bool { get }
    /// The end of "XX has no income tax…" for a state without one (" to credit"); nil when the
    /// construct may stand on such a state.
    static var noIncomeTax: String? { get }
    /// The construct on `state`, nil when it has none.
    func construct(of state: StateData) -> Construct?
    /// The findings specific to the construct, after the shared ones.
    func check(_ construct: Construct, _ context: inout StateConstructContext)
}

/// What a `StateConstructRule` is handed for one state: where the construct is, the state and its
/// year, and where its findings go.
public struct StateConstructContext {
    public let code: String
    public let state: StateData
    public let data: TaxYearData
    /// The construct's path: `XX/<key>`.
    public let path: DataPath
    let id: RuleID
    public private(set) var findings: [Diagnostic] = []

    /// An error of the rule, at `at` (default: the construct itself).
    public mutating func error(_ message: String, at: DataPath? = nil) {
        findings.append(.error(id, message, at: at ?? path))
    }

    /// A construct's `label`, which apps show beside the amount: an error at `path/label` when it
    /// is blank ("label must name `what` for the user").
    public mutating func requireLabel(_ label: String, naming what: String) {
        if label.isBlank { error("label must name \(what) for the user", at: path.key("label")) }
    }

    /// A finding made another way (one that names the other document it was made against).
    public mutating func append(_ diagnostic: Diagnostic) {
        findings.append(diagnostic)
    }
}

extension StateConstructRule {
    public static var reportsSchema: Bool { true }

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for code in data.states.keys.sorted() {
            let state = data.states[code]!
            guard let construct = construct(of: state) else { continue }
            var context = StateConstructContext(code: code, state: state, data: data, path: DataPath(.state(code)).key(Self.key), id: id)
            if Self.reportsSchema && data.meta.schemaVersion < Self.since { context.error("\(Self.key) needs schemaVersion \"\(Self.since)\" in year.yaml") }
            if let phrase = Self.noIncomeTax, state.type == .noTax { context.error("\(code) has no income tax\(phrase)") }
            check(construct, &context)
            findings += context.findings
        }
        return findings
    }
}
