/// The bundle is for the year it was asked for (`year.consistency`): a server, a cache entry or a
/// dist entry cannot answer for one year with another year's data.
public struct ExpectedYear: BundleCheck {
    public var year: Int
    public init(_ year: Int) { self.year = year }
    public let rules: [RuleID] = [.yearConsistency]
    public let stage = BundleCheckStage.manifest
    public var halts: Bool { true }

    public func check(_ candidate: BundleCandidate) -> [BundleFinding] {
        guard candidate.manifest.taxYear != year else { return [] }
        return [(BundleLayout.manifestName, .error(.yearConsistency, "the bundle is for \(candidate.manifest.taxYear), not \(year)"))]
    }
}
