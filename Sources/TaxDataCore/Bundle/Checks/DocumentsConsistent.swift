/// The documents agree with the manifest and with each other (`year.consistency`,
/// `bundle.inconsistent`): the states document is for the manifest's year, and the combined
/// document is exactly the four documents it combines.
public struct DocumentsConsistent: BundleCheck {
    public init() {}
    public let rules: [RuleID] = [.yearConsistency, .bundleInconsistent]
    public let stage = BundleCheckStage.contents
    public var dependsOnlyOnBytes: Bool { true }

    public func check(_ candidate: BundleCandidate) -> [BundleFinding] {
        guard let documents = candidate.documents else { return [] }
        let manifest = candidate.manifest
        var findings: [BundleFinding] = []
        if documents.states.year != manifest.taxYear {
            findings.append((manifest.files.states, .error(.yearConsistency, "year is \(documents.states.year) but the manifest is for \(manifest.taxYear)")))
        }
        if let combined = documents.combined, let name = manifest.files.combined,
           combined != CombinedDocument(documents.data(meta: manifest.meta)) {
            findings.append((name, .error(.bundleInconsistent, "the combined document differs from the four documents it combines")))
        }
        return findings
    }
}
