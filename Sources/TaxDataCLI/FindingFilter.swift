import TaxDataCore

/// `check --rule ID --only PATH`: which findings are shown (every one counts for the exit status),
/// and the totals printed under many findings, by rule and by file.
struct FindingFilter {
    var rules: Set<String>
    var paths: [String]

    init(rules: [String], paths: [String]) {
        self.rules = Set(rules)
        self.paths = paths.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    }

    var isEmpty: Bool { rules.isEmpty && paths.isEmpty }

    func keeps(_ diagnostic: Diagnostic) -> Bool {
        if !rules.isEmpty, !rules.contains(diagnostic.rule.rawValue) { return false }
        if !paths.isEmpty {
            guard let file = diagnostic.location?.file else { return false }
            return paths.contains { file == $0 || file.hasPrefix($0 + "/") }
        }
        return true
    }

    /// Above this many findings, `check` also prints their totals by rule and by file.
    static let totalsThreshold = 20
    /// How many rules and files the totals name (the most frequent first).
    static let totalsShown = 10

    /// "findings by rule: 400 sanity.inflation-outlier, 12 data.provisional" and the same by file,
    /// when there are more than `totalsThreshold` findings.
    static func totals(_ diagnostics: [Diagnostic]) -> [String] {
        guard diagnostics.count > totalsThreshold else { return [] }
        func line(_ label: String, _ keys: [String]) -> String {
            let counts = Dictionary(keys.map { ($0, 1) }, uniquingKeysWith: +)
            let sorted = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            let named = sorted.prefix(totalsShown).map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            let more = sorted.count > totalsShown ? ", … (\(sorted.count) in all)" : ""
            return "findings by \(label): \(named)\(more)"
        }
        return [line("rule", diagnostics.map(\.rule.rawValue)),
                line("file", diagnostics.map { $0.location?.file ?? "(no file)" })]
    }
}
