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
