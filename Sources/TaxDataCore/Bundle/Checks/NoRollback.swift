/// Nothing replaces active data for a year with a lower version (`rollback`). The client gives
/// the active version; it checks the manifest before downloading the files, so a replayed old
/// bundle costs one small request.
///
/// A version below the highest ever accepted but above the active one is allowed: that happens
/// only when the higher version was lost (a corrupt or purged cache), and it is still better than
/// falling back further.
public struct NoRollback: BundleCheck {
    public var active: DataVersion
    /// Where the active data came from, for the message ("cache", "embedded", "remote").
    public var source: String
    public init(active: DataVersion, source: String) {
        self.active = active
        self.source = source
    }
    public let rules: [RuleID] = [.rollback]
    public let stage = BundleCheckStage.manifest
    public var halts: Bool { true }

    public func check(_ candidate: BundleCandidate) -> [BundleFinding] {
        refusal(offered: candidate.manifest.version).map { [(BundleLayout.manifestName, $0)] } ?? []
    }

    /// The refusal of `offered`, if it is older than the active version (also used on the version
    /// a signed index lists, before its manifest is fetched).
    public func refusal(offered: DataVersion) -> Diagnostic? {
        offered < active ? .error(.rollback, "offers \(offered), older than the \(source) \(active)") : nil
    }
}
