import Foundation
import TaxDataCore

/// What the client remembers across launches, per tax year: the highest version it ever accepted
/// (rollback protection), the manifest's ETag, and when it last fetched and checked; and for the
/// whole dist, the newest signed index it accepted (replay protection and freshness).
struct ClientState: Codable, Sendable, Equatable {
    struct Year: Codable, Sendable, Equatable {
        var highestAccepted: DataVersion?
        var manifestETag: String?
        var fetchedAt: Date?
        var lastAttempt: Date?

        /// Raises the highest accepted version; it never goes down.
        mutating func raiseHighestAccepted(to version: DataVersion) {
            highestAccepted = max(highestAccepted ?? version, version)
        }
    }

    /// The newest signed `index.json` accepted (clients with trusted keys).
    struct Index: Codable, Sendable, Equatable {
        /// Its `issuedAt`: an index issued before it is refused (`index.replay`). Only moves forward.
        var issuedAt: Timestamp?
        /// Its `expires`: from then on the data is reported `expired` until a newer index arrives.
        var expires: Timestamp?
        /// When a valid signed index was last fetched (even the same one again, even expired).
        var checkedAt: Date?
    }

    /// The TUF metadata trusted after the last refresh (clients with a trusted TUF root): the newest
    /// root, the timestamp, snapshot and targets (rollback protection for the next refresh, and
    /// nothing fetched again that did not change), base64.
    struct TUF: Codable, Sendable, Equatable {
        var root: String
        var rootVersion: Int
        var timestamp: String?
        var timestampVersion: Int?
        var snapshot: String?
        var targets: String?
        /// The earliest `expires` of the timestamp, snapshot and targets accepted: from then on the
        /// data is reported `expired` until a refresh gets newer ones.
        var expires: Timestamp?
        /// When the metadata was last refreshed successfully.
        var checkedAt: Date?

        /// The kept metadata as bytes (`root` given: the root to start from), nil when the kept
        /// root does not decode.
        func local(root start: Data? = nil) -> TUFRefresh.Local? {
            func bytes(_ text: String?) -> Data? { text.flatMap { Data(base64Encoded: $0) } }
            guard let root = start ?? bytes(root) else { return nil }
            return TUFRefresh.Local(root: root, timestamp: bytes(timestamp), snapshot: bytes(snapshot), targets: bytes(targets))
        }

        /// Newer: a higher root version, or the same root with a newer timestamp.
        func isNewer(than other: TUF) -> Bool {
            rootVersion != other.rootVersion ? rootVersion > other.rootVersion : (timestampVersion ?? 0) > (other.timestampVersion ?? 0)
        }
    }

    var years: [String: Year] = [:]
    /// `VerificationMemo` tokens of the embedded and cached bundles that passed every check at the
    /// last load: the same bytes skip the checks that depend only on them. Rewritten at each load.
    var verified: [String]?
    /// Absent in a state written before schema 1.8 (and by a client without trusted keys).
    var index: Index?
    /// Absent without a trusted TUF root.
    var tuf: TUF?

    subscript(year: Int) -> Year {
        get { years[String(year)] ?? Year() }
        set { years[String(year)] = newValue }
    }

    /// Folds in state another process persisted: versions and times (the index's `issuedAt` too)
    /// only go up, so two processes sharing a cache can never roll each other back.
    mutating func merge(_ other: ClientState) {
        for (key, theirs) in other.years {
            var mine = years[key] ?? Year()
            if let version = theirs.highestAccepted { mine.raiseHighestAccepted(to: version) }
            if let fetched = theirs.fetchedAt, fetched > (mine.fetchedAt ?? .distantPast) {
                mine.fetchedAt = fetched
                mine.manifestETag = theirs.manifestETag
            }
            if let attempt = theirs.lastAttempt, attempt > (mine.lastAttempt ?? .distantPast) { mine.lastAttempt = attempt }
            years[key] = mine
        }
        if let theirs = other.verified {
            // Tokens only name bytes that passed; a token whose bytes are gone matches nothing.
            verified = Array(Self.union(verified, theirs).suffix(Self.maxVerified))
        }
        mergeTUF(other.tuf)
        if let theirs = other.index {
            var mine = index ?? Index()
            if let issued = theirs.issuedAt, issued >= (mine.issuedAt ?? issued) {
                mine.issuedAt = issued
                mine.expires = theirs.expires
            }
            if let checked = theirs.checkedAt, checked > (mine.checkedAt ?? .distantPast) { mine.checkedAt = checked }
            index = mine
        }
    }

    /// Keeps the newer TUF metadata of two processes (never a lower root or timestamp version).
    mutating func mergeTUF(_ theirs: TUF?) {
        guard let theirs else { return }
        guard let mine = tuf else { tuf = theirs; return }
        if theirs.isNewer(than: mine) {
            tuf = theirs
            if let checked = mine.checkedAt, checked > (theirs.checkedAt ?? .distantPast) { tuf?.checkedAt = checked }
        } else if let checked = theirs.checkedAt, checked > (mine.checkedAt ?? .distantPast) {
            tuf?.checkedAt = checked
        }
    }

    /// At most this many `verified` tokens are kept (a few per cached year).
    static let maxVerified = 32

    /// `first`'s tokens, then those of `then` not among them.
    static func union(_ first: [String]?, _ then: [String]?) -> [String] {
        var tokens = first ?? []
        for token in then ?? [] where !tokens.contains(token) { tokens.append(token) }
        return tokens
    }

    static func decode(_ data: Data?) -> ClientState? {
        guard let data else { return ClientState() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(ClientState.self, from: data)
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return try encoder.encode(self)
    }
}
