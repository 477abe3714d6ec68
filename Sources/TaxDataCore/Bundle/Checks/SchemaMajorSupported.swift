/// The manifest's schema major is one this build reads (`schema.unsupported`). A newer minor is
/// fine (its additions are optional); a newer major is refused before anything else is read.
public struct SchemaMajorSupported: BundleCheck {
    public init() {}
    public let rules: [RuleID] = [.schemaUnsupported]
    public let stage = BundleCheckStage.manifest
    public var halts: Bool { true }

    public func check(_ candidate: BundleCandidate) -> [BundleFinding] {
        let version = candidate.manifest.schemaVersion
        guard !SchemaVersion.supportedMajors.contains(version.major) else { return [] }
        return [(BundleLayout.manifestName, .error(.schemaUnsupported, "schemaVersion \(version) is not supported by this build"))]
    }
}
