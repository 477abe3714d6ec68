import Foundation

/// What each `taxdata tuf` command writes, decided without I/O: the next versions of a TUF
/// repository's metadata, signed by the given keys. The caller checks the result as a client would
/// (`TUFPublisher.check`) before anything is written.
///
/// The repository keeps consistent snapshots: every snapshot and targets metadata is written as
/// `N.snapshot.json` and `N.targets.json`, every root as `N.root.json`, and every target as
/// `<dir>/<sha256>.<name>`, so a client in the middle of a refresh never sees a mix of two
/// releases; only `timestamp.json` is replaced.
public enum TUFPublisher {
    /// The repository as published: its newest root, and the timestamp, snapshot and targets metadata
    /// in force (nil before the first release).
    public struct Current: Sendable {
        public var root: TUFMetadata
        public var timestamp: TUFMetadata?
        public var snapshot: TUFMetadata?
        public var targets: TUFMetadata?
        public init(root: TUFMetadata, timestamp: TUFMetadata? = nil, snapshot: TUFMetadata? = nil, targets: TUFMetadata? = nil) {
            self.root = root
            self.timestamp = timestamp
            self.snapshot = snapshot
            self.targets = targets
        }
    }

    /// New metadata files by name (`1.root.json`, `4.targets.json`, `timestamp.json`, ...) and new
    /// target files by their hashed path (`2026/app/<sha256>.app_2026.json`).
    public struct Output: Sendable {
        public var metadata: [String: Data] = [:]
        public var targets: [String: Data] = [:]
        public init() {}
    }

    /// Version 1 of root: each role's keys and threshold.
    public static func initialRoot(roles: [TUFRole: TUFMetadataWriter.RoleKeys], expires: Date, signers: [any Ed25519Signer],
                                   crypto: any BundleCrypto = PortableCrypto()) throws -> Output {
        var output = Output()
        let signed = try TUFMetadataWriter.root(version: 1, expires: expires, consistentSnapshot: true, roles: roles, crypto: crypto)
        output.metadata["1.root.json"] = try TUFMetadataWriter.sign(signed, with: signers, crypto: crypto)
        return output
    }

    /// Root version N+1 with `roles` (a rotation, or keys added or revoked). A client accepts it only
    /// when it is signed by the threshold of the current root's root keys and of its own.
    public static func rotateRoot(_ current: Current, roles: [TUFRole: TUFMetadataWriter.RoleKeys], expires: Date,
                                  signers: [any Ed25519Signer], crypto: any BundleCrypto = PortableCrypto()) throws -> Output {
        var output = Output()
        let version = current.root.version + 1
        let signed = try TUFMetadataWriter.root(version: version, expires: expires, consistentSnapshot: current.root.consistentSnapshot,
                                                roles: roles, crypto: crypto)
        output.metadata["\(version).root.json"] = try TUFMetadataWriter.sign(signed, with: signers, crypto: crypto)
        return output
    }

    /// A release: `files` (path → bytes) become the targets, each also written by its hashed name,
    /// with the next versions of targets, snapshot and timestamp.
    public static func release(_ current: Current, files: [String: Data], targetsExpire: Date, expires: Date,
                               targetsSigners: [any Ed25519Signer], snapshotSigners: [any Ed25519Signer], timestampSigners: [any Ed25519Signer],
                               crypto: any BundleCrypto = PortableCrypto()) throws -> Output {
        var output = Output()
        for (path, bytes) in files {
            output.targets[hashedPath(path, sha256: Hex.encode(try crypto.sha256(bytes)))] = bytes
        }
        let targetsVersion = (current.targets?.version ?? 0) + 1
        let targets = try TUFMetadataWriter.sign(TUFMetadataWriter.targets(version: targetsVersion, expires: targetsExpire, files: files, crypto: crypto),
                                                 with: targetsSigners, crypto: crypto)
        output.metadata["\(targetsVersion).targets.json"] = targets
        try resign(current, targets: (targetsVersion, targets), expires: expires, snapshotSigners: snapshotSigners,
                   timestampSigners: timestampSigners, crypto: crypto, into: &output)
        return output
    }

    /// The online re-signing CI runs on a schedule: a new timestamp naming the same snapshot, or,
    /// with `snapshotSigners`, a new snapshot of the same targets and a timestamp naming it.
    public static func resign(_ current: Current, expires: Date, snapshotSigners: [any Ed25519Signer]?,
                              timestampSigners: [any Ed25519Signer], crypto: any BundleCrypto = PortableCrypto()) throws -> Output {
        guard let snapshot = current.snapshot, let targets = current.targets, let timestamp = current.timestamp else {
            throw TUFError(.tufMissing, "timestamp", "the repository has no release yet: run `taxdata tuf sign-release` first")
        }
        var output = Output()
        if let snapshotSigners {
            try resign(current, targets: (targets.version, targets.raw), expires: expires, snapshotSigners: snapshotSigners,
                       timestampSigners: timestampSigners, crypto: crypto, into: &output)
        } else {
            let signed = try TUFMetadataWriter.timestamp(version: timestamp.version + 1, expires: expires,
                                                         snapshot: (snapshot.version, snapshot.raw), crypto: crypto)
            output.metadata["timestamp.json"] = try TUFMetadataWriter.sign(signed, with: timestampSigners, crypto: crypto)
        }
        return output
    }

    static func resign(_ current: Current, targets: (version: Int, bytes: Data), expires: Date, snapshotSigners: [any Ed25519Signer],
                       timestampSigners: [any Ed25519Signer], crypto: any BundleCrypto, into output: inout Output) throws {
        let snapshotVersion = (current.snapshot?.version ?? 0) + 1
        let snapshot = try TUFMetadataWriter.sign(TUFMetadataWriter.snapshot(version: snapshotVersion, expires: expires, targets: targets, crypto: crypto),
                                                  with: snapshotSigners, crypto: crypto)
        output.metadata["\(snapshotVersion).snapshot.json"] = snapshot
        let timestamp = try TUFMetadataWriter.timestamp(version: (current.timestamp?.version ?? 0) + 1, expires: expires,
                                                        snapshot: (snapshotVersion, snapshot), crypto: crypto)
        output.metadata["timestamp.json"] = try TUFMetadataWriter.sign(timestamp, with: timestampSigners, crypto: crypto)
    }

    /// The keys of `pool` that `root` lists for `role`.
    public static func signers(_ pool: [any Ed25519Signer], for role: TUFRole, in root: TUFMetadata,
                               crypto: any BundleCrypto = PortableCrypto()) throws -> [any Ed25519Signer] {
        let listed = Set(root.roles[role]?.keyIDs ?? [])
        return try pool.filter { listed.contains(try TUFMetadataWriter.keyID($0.publicKey, crypto: crypto)) }
    }

    /// After a root rotation: the targets, snapshot and timestamp that `newRoot` no longer accepts
    /// (their role's keys changed) are signed again, as new versions, by the keys of `pool` that the
    /// new root lists for the role; a new targets means a new snapshot, and a new snapshot a new
    /// timestamp. Throws `tuf.threshold` when a role must be signed again and no key of it is in
    /// the pool: the rotation would leave a repository every client refuses.
    public static func afterRotation(_ current: Current, newRoot: TUFMetadata, pool: [any Ed25519Signer], expires: Date, targetsExpire: Date,
                                     crypto: any BundleCrypto = PortableCrypto()) throws -> Output {
        var output = Output()
        guard let timestamp = current.timestamp, let snapshot = current.snapshot, let targets = current.targets else { return output }
        func accepted(_ metadata: TUFMetadata, _ role: TUFRole) -> Bool { (try? metadata.verify(role, by: newRoot, crypto: crypto)) != nil }
        func keys(_ role: TUFRole, _ version: Int) throws -> [any Ed25519Signer] {
            let keys = try signers(pool, for: role, in: newRoot, crypto: crypto)
            guard !keys.isEmpty else {
                throw TUFError(.tufThreshold, role.rawValue,
                               "root version \(newRoot.version) no longer accepts \(role.rawValue) version \(version): give a key of its new \(role.rawValue) role with --key, so that it is signed again")
            }
            return keys
        }
        var newTargets: (version: Int, bytes: Data)?
        if !accepted(targets, .targets) {
            let signed = TUFMetadataWriter.targets(version: targets.version + 1, expires: targetsExpire, listing: targets.targets)
            let bytes = try TUFMetadataWriter.sign(signed, with: try keys(.targets, targets.version), crypto: crypto)
            output.metadata["\(targets.version + 1).targets.json"] = bytes
            newTargets = (targets.version + 1, bytes)
        }
        if newTargets != nil || !accepted(snapshot, .snapshot) {
            let snapshotKeys = try keys(.snapshot, snapshot.version), timestampKeys = try keys(.timestamp, timestamp.version)
            try resign(current, targets: newTargets ?? (targets.version, targets.raw), expires: expires, snapshotSigners: snapshotKeys,
                       timestampSigners: timestampKeys, crypto: crypto, into: &output)
        } else if !accepted(timestamp, .timestamp) {
            output = try resign(current, expires: expires, snapshotSigners: nil, timestampSigners: try keys(.timestamp, timestamp.version), crypto: crypto)
        }
        return output
    }

    /// `2026/app/<sha256>.app_2026.json` for `2026/app/app_2026.json`.
    public static func hashedPath(_ path: String, sha256: String) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts[parts.count - 1] = "\(sha256).\(parts[parts.count - 1])"
        return parts.joined(separator: "/")
    }

    /// Checks a repository as a client that trusts `trustedRoot` (the `1.root.json` apps embed)
    /// would, at `now`: the root chain, timestamp, snapshot and targets, then every target by its
    /// hashed name, its length and SHA-256. `metadata` and `target` read the repository as it would
    /// be after the write. Returns the trusted set, or throws the first refusal.
    public static func check(trustedRoot: Data, now: Date, crypto: any BundleCrypto = PortableCrypto(),
                             metadata: @escaping @Sendable (String, Int) throws -> Data?,
                             target: (String, Int) throws -> Data?) async throws -> TUFTrustedSet {
        let set = try await TUFRefresh.run(.init(root: trustedRoot), now: now, crypto: crypto) { name, limit in try metadata(name, limit) }
        for path in set.targets!.targets.keys.sorted() {
            let (file, fetchPath) = try set.target(path)
            guard let bytes = try target(fetchPath, file.length) else {
                throw TUFError(.tufMissing, path, "target \(fetchPath) is not in the repository")
            }
            try set.verifyTarget(path, bytes)
        }
        return set
    }
}
