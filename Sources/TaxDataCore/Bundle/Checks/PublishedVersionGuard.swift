/// Against the last published manifest for the year (`build --previous`): the version never goes
/// down, and content never changes without the version going up (`publish.version`). Apps keep
/// the highest version they accepted, so a changed bundle at the same version would never reach
/// them, and a lower one would be refused as a rollback.
public struct PublishedVersionGuard: BundleCheck {
    public var published: Manifest?
    public init(published: Manifest?) { self.published = published }
    public let rules: [RuleID] = [.publicationVersion]
    public let stage = BundleCheckStage.manifest

    public func check(_ candidate: BundleCandidate) -> [BundleFinding] {
        guard let old = published else { return [] }
        let new = candidate.manifest
        let contents = { (m: Manifest) in
            [m.files.federal, m.files.fica, m.files.states, m.files.retirement, m.files.app, m.files.provenance].map { $0.flatMap { m.checksums[$0] } }
        }
        let changed = contents(old) != contents(new)
        var finding: Diagnostic?
        if new.version < old.version {
            finding = Diagnostic(.error, .publicationVersion, "version \(new.version) is lower than the published \(old.version)", taxYear: new.taxYear)
        } else if changed && new.version == old.version {
            finding = Diagnostic(.error, .publicationVersion,
                "content changed since the published \(old.version) but the version did not go up; bump version in \(new.taxYear)/year.yaml",
                taxYear: new.taxYear)
        }
        return finding.map { [(BundleLayout.manifestName, $0)] } ?? []
    }
}
