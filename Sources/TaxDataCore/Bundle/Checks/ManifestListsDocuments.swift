/// The manifest lists exactly the contract's documents of one form, each with a checksum, and no
/// other file (`bundle.manifest`, `bundle.extra-file`): a bundle cannot smuggle in a file the app
/// would store, nor mix the two forms (`Manifest.Files.form`).
public struct ManifestListsDocuments: BundleCheck {
    public init() {}
    public let rules: [RuleID] = [.bundleManifest, .bundleExtraFile]
    public let stage = BundleCheckStage.manifest
    public var halts: Bool { true }

    public func check(_ candidate: BundleCandidate) -> [BundleFinding] {
        let manifest = candidate.manifest
        guard manifest.files.form != nil else {
            return [(BundleLayout.manifestName, .error(.bundleManifest,
                "files must name either the four documents (federal, fica, states, retirement; combined optional) or the app form's two (app, provenance), not \(manifest.files.all.isEmpty ? "nothing" : "some of each")"))]
        }
        var findings: [BundleFinding] = []
        for name in manifest.files.all where manifest.checksums[name] == nil {
            findings.append((BundleLayout.manifestName, .error(.bundleManifest, "files lists '\(name)' but checksums has no entry for it")))
        }
        let named = Set(manifest.checksums.keys).union(manifest.files.all).union(manifest.sizes.keys)
        for name in named.subtracting(manifest.files.all).sorted() {
            findings.append((BundleLayout.manifestName, .error(.bundleExtraFile,
                "manifest lists '\(name)', which is not one of the bundle's documents (\(manifest.files.all.joined(separator: ", ")))")))
        }
        return findings
    }
}
