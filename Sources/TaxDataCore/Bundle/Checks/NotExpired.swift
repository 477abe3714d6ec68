/// The bundle has not expired (`bundle.expired`), read by an `ExpiryPolicy`: by default a past
/// tax year stays valid after its expiration date (the client's reading, and `verify`'s);
/// `verify --strict-expiry` refuses any passed date. Without a clock it does not run.
public struct NotExpired: BundleCheck {
    public var now: ISODate?
    public var policy: ExpiryPolicy
    public init(now: ISODate?, policy: ExpiryPolicy = .pastYearsStayValid) {
        self.now = now
        self.policy = policy
    }
    public let rules: [RuleID] = [.bundleExpired]
    public let stage = BundleCheckStage.contents

    public func check(_ candidate: BundleCandidate) -> [BundleFinding] {
        let manifest = candidate.manifest
        guard let now, let expiration = ISODate(manifest.expirationDate),
              policy.isExpired(expiration: expiration, taxYear: manifest.taxYear, today: now) else { return [] }
        let when = policy == .strict ? "" : ", before the end of its tax year"
        return [(BundleLayout.manifestName, .error(.bundleExpired, "data for \(manifest.taxYear) expired on \(expiration)\(when) (now \(now))"))]
    }
}
