/// The manifest is byte for byte its canonical encoding (`bundle.not-canonical`; see
/// `CanonicalCheck`), for documents of this build's schema minor or an older one.
public struct ManifestCanonical: BundleCheck {
    public init() {}
    public let rules: [RuleID] = [.bundleNotCanonical]
    public let stage = BundleCheckStage.files
    public var dependsOnlyOnBytes: Bool { true }

    public func check(_ candidate: BundleCandidate) -> [BundleFinding] {
        guard CanonicalCheck.applies(to: candidate.manifest.schemaVersion),
              let difference = CanonicalCheck.mismatch(candidate.manifestBytes, canonical: candidate.manifest) else { return [] }
        return [(BundleLayout.manifestName, .error(.bundleNotCanonical, difference))]
    }
}
