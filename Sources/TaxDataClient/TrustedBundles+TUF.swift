import Foundation
import TaxDataCore

/// The decisions of a TUF refresh (clients with a trusted TUF root), pure like the others: what
/// the workflow starts from, what it keeps, and what the trusted targets say of a year.
extension TrustedBundles {
    /// What the refresh starts from: the newest root this client trusts, the one it accepted last
    /// (cached) or the embedded one, whichever has the higher version and verifies; and the
    /// timestamp and snapshot it accepted last, for rollback protection.
    func tufLocal(embeddedRoot: Data, now: Date) -> TUFRefresh.Local {
        let kept = state.tuf
        var local = kept?.local(root: embeddedRoot) ?? TUFRefresh.Local(root: embeddedRoot)
        // A new app release may embed a newer root than the cached one: then the embedded one is
        // the start, and the old timestamp, snapshot and targets are checked against it (and
        // dropped if its keys no longer sign them).
        let embeddedVersion = (try? TUFMetadata.parse(embeddedRoot, as: .root))?.version ?? 0
        if let kept, kept.rootVersion > embeddedVersion, let root = kept.local()?.root, (try? TUFTrustedSet(trustedRoot: root, now: now)) != nil {
            local.root = root
        }
        return local
    }

    /// Keeps a root accepted on the way, even when a later step of the refresh fails: the next
    /// refresh starts from it (a revoked key stays revoked).
    mutating func recordTUFRoot(_ bytes: Data) {
        guard let root = try? TUFMetadata.parse(bytes, as: .root), root.version > (state.tuf?.rootVersion ?? 0) else { return }
        var tuf = state.tuf ?? ClientState.TUF(root: "", rootVersion: 0)
        tuf.root = bytes.base64EncodedString()
        tuf.rootVersion = root.version
        state.tuf = tuf
    }

    /// Keeps what a successful refresh trusted, and the earliest expiry of its timestamp, snapshot
    /// and targets.
    mutating func recordTUF(_ set: TUFTrustedSet, now: Date) {
        let expires = [set.timestamp?.expires, set.snapshot?.expires, set.targets?.expires].compactMap { $0 }.min()
        state.tuf = ClientState.TUF(root: set.root.raw.base64EncodedString(), rootVersion: set.root.version,
                                    timestamp: set.timestamp?.raw.base64EncodedString(), timestampVersion: set.timestamp?.version,
                                    snapshot: set.snapshot?.raw.base64EncodedString(), targets: set.targets?.raw.base64EncodedString(), expires: expires.map { Timestamp($0) }, checkedAt: now)
    }

    /// What the trusted targets say of `year`: its app form's manifest where listed, else its first
    /// form's; unchanged when it is the manifest already cached.
    func tufListing(_ set: TUFTrustedSet, year: Int) throws -> Listing {
        let targets = set.targets?.targets ?? [:]
        let app = "\(year)/\(BundleLayout.appDirectory)/\(BundleLayout.manifestName)", parts = "\(year)/\(BundleLayout.manifestName)"
        guard let path = targets[app] != nil ? app : targets[parts] != nil ? parts : nil, let hash = targets[path]!.hashes["sha256"] else {
            throw Rejection(source: .remote, taxYear: year, reason: .bundleIndex,
                            detail: "the trusted TUF targets (version \(set.targets?.version ?? 0)) list no manifest of \(year)")
        }
        if let current = cached[year], current.manifestChecksum == Manifest.checksum(hash) { return .unchanged(confirmsFresh: true) }
        return .fetchTarget(path, directory: String(path.dropLast(BundleLayout.manifestName.count + 1)))
    }
}

extension Rejection {
    init(_ error: TUFError, year: Int) {
        self.init(source: .remote, taxYear: year, reason: error.rule, detail: "TUF \(error.subject): \(error.message)")
    }
}
