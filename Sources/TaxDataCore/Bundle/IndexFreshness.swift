import Foundation

/// When a signed `index.json` was issued and until when it vouches for the dist (schema 1.8,
/// `issuedAt` and `expires`). A publisher re-signs the index before it expires (`taxdata sign`);
/// a client that can get nothing newer keeps using its data but no longer calls it fresh, so a
/// mirror that freezes on an old, validly signed index is noticed.
public struct IndexValidity: Sendable, Equatable {
    public var issuedAt: Timestamp
    public var expires: Timestamp

    public init(issuedAt: Timestamp, expires: Timestamp) {
        self.issuedAt = issuedAt
        self.expires = expires
    }

    /// Issued at `issuedAt`, valid for `days` whole days.
    public init(issuedAt: Timestamp, days: Int) {
        self.init(issuedAt: issuedAt, expires: issuedAt.adding(days: days))
    }

    /// Expired from the `expires` instant on.
    public func isExpired(at now: Timestamp) -> Bool { now >= expires }

    /// The index with this validity written into it.
    public func stamped(_ index: BundleIndex) -> BundleIndex {
        var index = index
        index.issuedAt = issuedAt.description
        index.expires = expires.description
        return index
    }
}

/// The index-expiry check: is the validity an index declares well formed, and has it passed?
/// Pure; the time it checks against is the caller's (`verify --now`, the client's clock).
public enum IndexFreshness {
    /// How long a newly signed index is valid unless `--validity` says otherwise.
    public static let defaultValidityDays = 30

    /// What an index declares about its validity.
    public enum Declared: Sendable, Equatable {
        /// Neither `issuedAt` nor `expires`: no freshness information.
        case absent
        case valid(IndexValidity)
        /// Malformed: the `index.validity` error that says how.
        case invalid(Diagnostic)
    }

    /// The validity `index` declares: nil when it has neither field (an unsigned index, or one
    /// written before schema 1.8: no freshness information); an `index.validity` error when only
    /// one is present, either is not a UTC time like `2026-03-01T12:00:00Z`, or `expires` is not
    /// after `issuedAt`.
    public static func validity(of index: BundleIndex) -> Declared {
        switch (index.issuedAt, index.expires) {
        case (nil, nil):
            return .absent
        case (let issued?, nil):
            return .invalid(.error(.indexValidity, "index.json has issuedAt \(issued) but no expires"))
        case (nil, let expires?):
            return .invalid(.error(.indexValidity, "index.json has expires \(expires) but no issuedAt"))
        case (let issuedText?, let expiresText?):
            guard let issued = Timestamp(issuedText) else {
                return .invalid(.error(.indexValidity, "issuedAt '\(issuedText)' is not a UTC time like 2026-03-01T12:00:00Z"))
            }
            guard let expires = Timestamp(expiresText) else {
                return .invalid(.error(.indexValidity, "expires '\(expiresText)' is not a UTC time like 2026-03-31T12:00:00Z"))
            }
            guard issued < expires else {
                return .invalid(.error(.indexValidity, "index.json expires at \(expires), not after it was issued (\(issued))"))
            }
            return .valid(IndexValidity(issuedAt: issued, expires: expires))
        }
    }

    /// What `verify` reports about an index: `index.validity` (always an error), and, when `now` is
    /// given and the index has expired, `index.expired`: an error under `.strict`
    /// (`verify --strict-expiry`), otherwise a warning, so that CI of an old dist still passes but
    /// says it must be re-signed.
    public static func check(_ index: BundleIndex, now: Timestamp?, policy: ExpiryPolicy = .pastYearsStayValid) -> [Diagnostic] {
        switch validity(of: index) {
        case .invalid(let problem):
            return [problem]
        case .absent:
            return []
        case .valid(let validity):
            guard let now, validity.isExpired(at: now) else { return [] }
            let message = "index.json expired at \(validity.expires) (issued \(validity.issuedAt), now \(now)): "
                + "clients no longer call this data fresh; re-sign it with `taxdata sign`"
            return [policy == .strict ? .error(.indexExpired, message) : .warning(.indexExpired, message)]
        }
    }
}
