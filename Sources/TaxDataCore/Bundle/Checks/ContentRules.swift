/// The year's data passes the same rules as `taxdata check` (`RuleSet`): a bundle the client
/// accepts is one `check` accepts. A bundle whose manifest says `published` is read as a release
/// (`ReleasePolicy`): estimated figures outside a pending state and carried-over citations are
/// refused as `publish.*`, as `build --release` refuses them.
public struct ContentRules: BundleCheck {
    public var ruleSet: RuleSet
    public init(_ ruleSet: RuleSet = .standard) { self.ruleSet = ruleSet }
    public var rules: [RuleID] { ruleSet.rules.map(\.id) + ReleasePolicy.refusals.values.map(\.rule).sorted() }
    public let stage = BundleCheckStage.contents
    public var dependsOnlyOnBytes: Bool { true }

    public func check(_ candidate: BundleCandidate) -> [BundleFinding] {
        guard let data = candidate.data else { return [] }
        // Without its audit trail (the app form, on a device that did not fetch the provenance
        // document) the rules that read it have nothing to read; the signed manifest still binds it.
        let applicable = candidate.documents?.hasAuditTrail == false ? RuleSet(ruleSet.rules.filter { !$0.readsAuditTrail }) : ruleSet
        var diagnostics = applicable.validate(data)
        if data.meta.status == .published { diagnostics = ReleasePolicy.apply(diagnostics) }
        return diagnostics.map { (BundleVerifier.fileName(for: $0.path, in: candidate.manifest), $0) }
    }
}
