/// Every listed file has a size, and, when a limit is given (the client's byte limit for one
/// response), no size exceeds it (`bundle.manifest`, `bundle.size`): a hostile manifest costs no
/// download.
public struct ManifestSizes: BundleCheck {
    public var maxFileBytes: Int?
    public init(maxFileBytes: Int? = nil) { self.maxFileBytes = maxFileBytes }
    public let rules: [RuleID] = [.bundleManifest, .bundleSize]
    public let stage = BundleCheckStage.manifest

    public func check(_ candidate: BundleCandidate) -> [BundleFinding] {
        let manifest = candidate.manifest
        var findings: [BundleFinding] = []
        for name in manifest.checksums.keys.sorted() {
            guard let size = manifest.sizes[name] else {
                findings.append((BundleLayout.manifestName, .error(.bundleManifest, "no size for '\(name)'")))
                continue
            }
            if size < 0 || (maxFileBytes.map { size > $0 } ?? false) {
                findings.append((BundleLayout.manifestName, .error(.bundleSize,
                    "'\(name)' is listed with \(size) bytes, beyond the \(maxFileBytes ?? 0)-byte limit for one file")))
            }
        }
        return findings
    }
}
