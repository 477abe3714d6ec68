/// A position in a source file: 1-based line and column.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// One finding: a value, never thrown, so a run reports every problem at once.
public struct Diagnostic: Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case error
        case warning

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .error && rhs == .warning }
    }

    public var severity: Severity
    public var rule: RuleID
    public var message: String
    /// The tax year the finding is about, when it is about one.
    public var taxYear: Int?
    /// Where in the data model; set by the rules.
    public var path: DataPath?
    /// Where in a source file; set by the compiler (from the path, or directly for syntax errors).
    public var location: SourceLocation?
    /// The other document the finding was made against, when it compares two (a state's share of
    /// the federal earned income credit: `.federal`). `check` leaves it out when that document
    /// failed, whose own errors say more.
    public var against: DataPath.Document?

    public init(_ severity: Severity, _ rule: RuleID, _ message: String,
                taxYear: Int? = nil, path: DataPath? = nil, location: SourceLocation? = nil) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.taxYear = taxYear
        self.path = path
        self.location = location
    }

    public static func error(_ rule: RuleID, _ message: String, at path: DataPath? = nil) -> Diagnostic {
        Diagnostic(.error, rule, message, path: path)
    }

    public static func warning(_ rule: RuleID, _ message: String, at path: DataPath? = nil) -> Diagnostic {
        Diagnostic(.warning, rule, message, path: path)
    }

    /// The same finding, made against `document` (`against`).
    public func against(_ document: DataPath.Document) -> Diagnostic {
        var finding = self
        finding.against = document
        return finding
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }
    public var errors: [Diagnostic] { filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { filter { $0.severity == .warning } }
}
