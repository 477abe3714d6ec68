import Foundation

/// The metadata a TUF client trusts, updated in the specification's order (1.0, section 5): root
/// version by version, then timestamp, snapshot and targets. Pure: the caller fetches the bytes; each
/// update either is accepted, or throws a `TUFError` and changes nothing (but for an expired
/// timestamp, snapshot or targets, which is kept for rollback protection and reported, as the
/// specification and python-tuf do).
public struct TUFTrustedSet: Sendable {
    /// The most root versions one refresh walks (python-tuf's bound).
    public static let maxRootRotations = 256

    public private(set) var root: TUFMetadata
    public private(set) var timestamp: TUFMetadata?
    public private(set) var snapshot: TUFMetadata?
    public private(set) var targets: TUFMetadata?
    public let now: Date
    let crypto: any BundleCrypto

    /// Starts from a root the client already trusts (embedded, or cached): it must be signed by its
    /// own root role's threshold. Its expiry is checked after the root updates (`checkRoot`).
    public init(trustedRoot bytes: Data, now: Date, crypto: any BundleCrypto = PortableCrypto()) throws {
        let root = try TUFMetadata.parse(bytes, as: .root)
        try root.verify(.root, by: root, crypto: crypto)
        self.root = root
        self.now = now
        self.crypto = crypto
    }

    /// Accepts root version N+1: signed by the threshold of the trusted root's root role and by its
    /// own. A version that is not exactly the next is refused. Rotated timestamp or snapshot keys
    /// drop the trusted timestamp and snapshot (the fast-forward recovery).
    public mutating func updateRoot(_ bytes: Data) throws {
        guard timestamp == nil else { throw TUFError(.tufOrder, "root", "root is updated before the timestamp") }
        let new = try TUFMetadata.parse(bytes, as: .root)
        try new.verify(.root, by: root, crypto: crypto)
        guard new.version == root.version + 1 else {
            throw TUFError(.tufVersion, "root", "version \(new.version) does not follow the trusted version \(root.version)")
        }
        try new.verify(.root, by: new, crypto: crypto)
        root = new
    }

    /// After the root updates: an expired final root stops the refresh (a freeze attack, or a root
    /// that must be rotated).
    public func checkRoot() throws {
        if root.isExpired(at: now) { throw TUFError(.tufExpired, "root", "version \(root.version) expired \(root.expires)") }
    }

    /// Accepts a timestamp signed by the root's timestamp role, never older than the trusted one,
    /// and naming a snapshot version never older than the trusted one names.
    public mutating func updateTimestamp(_ bytes: Data) throws {
        guard snapshot == nil else { throw TUFError(.tufOrder, "timestamp", "the timestamp is updated before the snapshot") }
        try checkRoot()
        let new = try TUFMetadata.parse(bytes, as: .timestamp)
        try new.verify(.timestamp, by: root, crypto: crypto)
        if let old = timestamp {
            guard new.version >= old.version else {
                throw TUFError(.tufVersion, "timestamp", "version \(new.version) is older than the trusted \(old.version)")
            }
            let oldSnapshot = old.meta["snapshot.json"]!.version, newSnapshot = new.meta["snapshot.json"]!.version
            guard newSnapshot >= oldSnapshot else {
                throw TUFError(.tufVersion, "timestamp", "names snapshot version \(newSnapshot), older than the trusted \(oldSnapshot)")
            }
            if new.version == old.version { return }
        }
        timestamp = new
        if new.isExpired(at: now) { throw TUFError(.tufExpired, "timestamp", "version \(new.version) expired \(new.expires)") }
    }

    /// Accepts the snapshot the timestamp names: its length and hashes where listed, signed by the
    /// root's snapshot role, of exactly the named version, dropping no targets metadata and rolling
    /// none back. A `trusted` snapshot is the client's own copy from its last refresh: its length
    /// and hashes are not checked against the new timestamp, and it is kept even when the timestamp
    /// names a newer version (then this throws `tuf.version` and the named one must be fetched),
    /// so that the fetched one is checked for rollback against it (python-tuf does the same).
    public mutating func updateSnapshot(_ bytes: Data, trusted: Bool = false) throws {
        guard let timestamp else { throw TUFError(.tufOrder, "snapshot", "the snapshot is updated after the timestamp") }
        guard targets == nil else { throw TUFError(.tufOrder, "snapshot", "the snapshot is updated before the targets") }
        if timestamp.isExpired(at: now) { throw TUFError(.tufExpired, "timestamp", "version \(timestamp.version) expired \(timestamp.expires)") }
        let named = timestamp.meta["snapshot.json"]!
        if !trusted { try Self.check(bytes, against: named, "snapshot", crypto: crypto) }
        let new = try TUFMetadata.parse(bytes, as: .snapshot)
        try new.verify(.snapshot, by: root, crypto: crypto)
        if let old = snapshot {
            for (file, meta) in old.meta {
                guard let kept = new.meta[file] else { throw TUFError(.tufVersion, "snapshot", "drops \(file), which the trusted snapshot lists") }
                guard kept.version >= meta.version else {
                    throw TUFError(.tufVersion, "snapshot", "names \(file) version \(kept.version), older than the trusted \(meta.version)")
                }
            }
        }
        snapshot = new
        try checkSnapshot()
    }

    /// The snapshot is the one the timestamp names, and has not expired.
    public func checkSnapshot() throws {
        guard let timestamp, let snapshot else { throw TUFError(.tufOrder, "snapshot", "no snapshot yet") }
        let named = timestamp.meta["snapshot.json"]!
        guard snapshot.version == named.version else {
            throw TUFError(.tufVersion, "snapshot", "version \(snapshot.version), but the timestamp names \(named.version)")
        }
        if snapshot.isExpired(at: now) { throw TUFError(.tufExpired, "snapshot", "version \(snapshot.version) expired \(snapshot.expires)") }
    }

    /// Accepts the targets metadata the snapshot names: its length and hashes where listed, signed by
    /// the root's targets role, of exactly the named version.
    public mutating func updateTargets(_ bytes: Data) throws {
        guard let snapshot else { throw TUFError(.tufOrder, "targets", "targets are updated after the snapshot") }
        try checkSnapshot()
        guard let named = snapshot.meta["targets.json"] else { throw TUFError(.tufMalformed, "snapshot", "names no targets.json") }
        try Self.check(bytes, against: named, "targets", crypto: crypto)
        let new = try TUFMetadata.parse(bytes, as: .targets)
        try new.verify(.targets, by: root, crypto: crypto)
        guard new.version == named.version else {
            throw TUFError(.tufVersion, "targets", "version \(new.version), but the snapshot names \(named.version)")
        }
        targets = new
        if new.isExpired(at: now) { throw TUFError(.tufExpired, "targets", "version \(new.version) expired \(new.expires)") }
    }

    /// The target at `path` as the trusted targets metadata lists it, and the name to fetch it by
    /// (`<sha256>.<name>` in its directory when the repository keeps consistent snapshots).
    public func target(_ path: String) throws -> (file: TUFMetadata.TargetFile, fetchPath: String) {
        guard let targets else { throw TUFError(.tufOrder, path, "a target is looked up after the targets metadata") }
        guard let file = targets.targets[path] else { throw TUFError(.tufMalformed, path, "is not a target of targets version \(targets.version)") }
        guard root.consistentSnapshot, let hash = file.hashes["sha256"] else { return (file, path) }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return (file, (parts.dropLast() + ["\(hash).\(parts.last!)"]).joined(separator: "/"))
    }

    /// Checks a downloaded target's bytes against its listing: its length, then its SHA-256.
    public func verifyTarget(_ path: String, _ bytes: Data) throws {
        let (file, _) = try target(path)
        try Self.check(bytes, length: file.length, hashes: file.hashes, requireHash: true, path, crypto: crypto)
    }

    static func check(_ bytes: Data, against meta: TUFMetadata.MetaFile, _ subject: String, crypto: any BundleCrypto) throws {
        try check(bytes, length: meta.length, hashes: meta.hashes, requireHash: false, subject, crypto: crypto)
    }

    static func check(_ bytes: Data, length: Int?, hashes: [String: String]?, requireHash: Bool, _ subject: String, crypto: any BundleCrypto) throws {
        if let length, bytes.count != length {
            throw TUFError(.tufLength, subject, "\(bytes.count) bytes, but \(length) are listed")
        }
        guard let hashes else {
            if requireHash { throw TUFError(.tufHash, subject, "lists no hash") }
            return
        }
        // Hashes this client cannot check are not skipped: without sha256 the file is refused.
        guard let expected = hashes["sha256"] else { throw TUFError(.tufHash, subject, "lists no sha256 hash, the one this client checks") }
        guard Hex.encode(try crypto.sha256(bytes)) == expected else { throw TUFError(.tufHash, subject, "its SHA-256 is not the one listed") }
    }
}
