/// Every name in the manifest is a plain file name in the year's own directory
/// (`bundle.file-name`): no path, no dot file, nothing a store or a URL could resolve elsewhere.
public struct PlainFileNames: BundleCheck {
    public init() {}
    public let rules: [RuleID] = [.bundleFileName]
    public let stage = BundleCheckStage.manifest
    public var halts: Bool { true }

    public func check(_ candidate: BundleCandidate) -> [BundleFinding] {
        let manifest = candidate.manifest
        let named = Set(manifest.checksums.keys).union(manifest.files.all).union(manifest.sizes.keys)
        return named.sorted().filter { !Manifest.isPlainFileName($0) }.map { name in
            (BundleLayout.manifestName, .error(.bundleFileName, "manifest names '\(name)': only plain file names in the year directory are allowed"))
        }
    }
}
