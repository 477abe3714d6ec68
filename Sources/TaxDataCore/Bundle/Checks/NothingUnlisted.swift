/// No file sits beside the listed ones except the manifest's signature (`bundle.unlisted-file`).
public struct NothingUnlisted: BundleCheck {
    /// Files that may sit beside the listed ones without being listed.
    public static let permitted: Set<String> = [BundleLayout.manifestName, BundleLayout.signatureName]
    public init() {}
    public let rules: [RuleID] = [.bundleUnlistedFile]
    public let stage = BundleCheckStage.files

    public func check(_ candidate: BundleCandidate) -> [BundleFinding] {
        candidate.files.keys.sorted()
            .filter { candidate.manifest.checksums[$0] == nil && !Self.permitted.contains($0) }
            .map { ($0, .error(.bundleUnlistedFile, "is not listed in the manifest")) }
    }
}
