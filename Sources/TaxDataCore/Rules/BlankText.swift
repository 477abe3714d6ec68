extension StringProtocol {
    /// Empty or only whitespace (spaces, tabs, newlines): a label or title that names nothing.
    /// Native Swift: Foundation's `trimmingCharacters(in:)` bridged through NSString and was one
    /// seventh of `RuleSet.validate` on a full year.
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
