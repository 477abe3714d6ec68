import ArgumentParser

/// How findings are printed.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    /// `path:line:column: error: [rule-id] message`, for people and editors.
    case text
    /// One JSON document, for tools.
    case json
    /// GitHub Actions annotation lines (`::error file=…,line=…::…`).
    case github

    static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// How a report (not a list of findings) is printed: `calc` and `fetch` have no annotations to give.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    /// For people.
    case text
    /// One JSON document, for tools.
    case json
}

/// A command that ran and failed for a reason that is not a usage error: printed as
/// `Error: <description>` by ArgumentParser, exit status 1, without the usage text.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
