import Foundation

/// The specification's client workflow (1.0, section 5, as python-tuf's `Updater.refresh` runs it)
/// over any way of fetching metadata: a client over HTTP, or the toolchain over a directory it is
/// about to publish. Pure: `fetch` is given a metadata file's name (`2.root.json`, `timestamp.json`,
/// `3.snapshot.json`, `3.targets.json`) and the most bytes to read, and returns its bytes, or nil
/// when the repository has no such file (a 404).
public enum TUFRefresh {
    /// What a client kept from its last refresh: the newest root it trusts, and the timestamp,
    /// snapshot and targets it accepted (for rollback protection, and so that unchanged metadata is
    /// not fetched again). Only `root` is required.
    public struct Local: Sendable {
        public var root: Data
        public var timestamp: Data?
        public var snapshot: Data?
        public var targets: Data?
        public init(root: Data, timestamp: Data? = nil, snapshot: Data? = nil, targets: Data? = nil) {
            self.root = root
            self.timestamp = timestamp
            self.snapshot = snapshot
            self.targets = targets
        }
    }

    public typealias Fetch = @Sendable (_ name: String, _ maxBytes: Int) async throws -> Data?

    /// Refreshes the top-level metadata: root version by version (at most
    /// `TUFTrustedSet.maxRootRotations` steps), then timestamp, snapshot and targets. A local
    /// timestamp or snapshot the new root no longer accepts (its keys were rotated) is dropped, the
    /// specification's fast-forward recovery. Throws the first `TUFError`; `onRoot` is called with
    /// each root accepted on the way, so that a client keeps it even if a later step fails.
    public static func run(_ local: Local, now: Date, crypto: any BundleCrypto = PortableCrypto(),
                           onRoot: (Data) -> Void = { _ in }, fetch: Fetch) async throws -> TUFTrustedSet {
        var set = try TUFTrustedSet(trustedRoot: local.root, now: now, crypto: crypto)
        for _ in 0..<TUFTrustedSet.maxRootRotations {
            let name = "\(set.root.version + 1).root.json"
            guard let bytes = try await fetch(name, TUFRole.root.maxBytes) else { break }
            try set.updateRoot(bytes)
            onRoot(bytes)
        }
        try set.checkRoot()

        if let timestamp = local.timestamp { try? set.updateTimestamp(timestamp) }
        guard let timestamp = try await fetch("timestamp.json", TUFRole.timestamp.maxBytes) else {
            throw TUFError(.tufMissing, "timestamp", "the repository has no timestamp.json")
        }
        try set.updateTimestamp(timestamp)

        if let snapshot = local.snapshot { try? set.updateSnapshot(snapshot, trusted: true) }
        if (try? set.checkSnapshot()) == nil {
            let named = set.timestamp!.meta["snapshot.json"]!
            let name = set.root.consistentSnapshot ? "\(named.version).snapshot.json" : "snapshot.json"
            guard let bytes = try await fetch(name, named.length ?? TUFRole.snapshot.maxBytes) else {
                throw TUFError(.tufMissing, "snapshot", "the repository has no \(name), which timestamp version \(set.timestamp!.version) names")
            }
            try set.updateSnapshot(bytes)
        }

        guard let named = set.snapshot!.meta["targets.json"] else { throw TUFError(.tufMalformed, "snapshot", "names no targets.json") }
        // The local targets, when they are exactly what the snapshot names (version, length, hash).
        if let targets = local.targets, (try? set.updateTargets(targets)) != nil { return set }
        let name = set.root.consistentSnapshot ? "\(named.version).targets.json" : "targets.json"
        guard let bytes = try await fetch(name, named.length ?? TUFRole.targets.maxBytes) else {
            throw TUFError(.tufMissing, "targets", "the repository has no \(name), which snapshot version \(set.snapshot!.version) names")
        }
        try set.updateTargets(bytes)
        return set
    }
}

extension TUFRefresh {
    /// The metadata a client accepted at its last refresh, trusted again without the network: its
    /// root, timestamp, snapshot and targets, verified as they were at `acceptedAt` (when that
    /// refresh ran), so that files fetched later for the data it brought (a state's localities)
    /// are checked against the same targets. Throws the first refusal, or `tuf.missing` when the
    /// client has not completed a refresh.
    public static func accepted(_ local: Local, acceptedAt: Date, crypto: any BundleCrypto = PortableCrypto()) throws -> TUFTrustedSet {
        guard let timestamp = local.timestamp, let snapshot = local.snapshot, let targets = local.targets else {
            throw TUFError(.tufMissing, "targets", "no TUF refresh has been accepted yet")
        }
        var set = try TUFTrustedSet(trustedRoot: local.root, now: acceptedAt, crypto: crypto)
        try set.updateTimestamp(timestamp)
        try set.updateSnapshot(snapshot, trusted: true)
        try set.updateTargets(targets)
        return set
    }
}

extension RuleID {
    /// A file the trusted metadata names is not in the repository.
    public static let tufMissing = RuleID("tuf.missing")

    /// Every refusal of TUF metadata or a target (a client with a trusted TUF root reports them).
    public static let tufRefusals: [RuleID] = [
        .tufMalformed, .tufTooLarge, .tufType, .tufDuplicate, .tufThreshold, .tufVersion, .tufExpired, .tufLength, .tufHash, .tufOrder, .tufMissing,
    ]
}
