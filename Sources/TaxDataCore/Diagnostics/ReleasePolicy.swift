/// What `check` reports as a warning and a release (`build --release`) refuses: each such rule,
/// the `publish.*` rule that refuses it, and why. One table, so a new release refusal is one row.
public enum ReleasePolicy {
    public static let refusals: [RuleID: (rule: RuleID, reason: String)] = [
        .dataProvisional: (.publishProvisional, "a release cannot contain provisional values"),
        .dataEstimated: (.publishEstimated, "a release cannot contain estimated values"),
        .sourcesCarriedOver: (.publishCarriedOver, "a release cannot cite last year's publications"),
        .coverageStateRemoved: (.publishStateRemoved, "a release cannot drop a state"),
    ]

    /// `diagnostics` as a release sees them: each warning in `refusals` becomes an error under its
    /// `publish.*` rule; everything else is unchanged.
    public static func apply(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.map { d in
            guard let refusal = refusals[d.rule] else { return d }
            var refused = d
            refused.rule = refusal.rule
            refused.message = refusal.reason + ": " + d.message
            refused.severity = .error
            return refused
        }
    }
}
