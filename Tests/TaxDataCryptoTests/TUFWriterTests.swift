import Foundation
import Testing
import TaxDataCore
import TaxDataCrypto

/// TUF metadata signed by the toolchain (OpenSSL) and read by the client's workflow (swift-crypto):
/// a repository with a root of 2 of 3 keys, its rotation, and the refusals a threshold means.
@Suite("TUF metadata the toolchain writes, as the client reads it")
struct TUFWriterTests {
    static let now = Date(timeIntervalSince1970: 1_795_910_400) // 2026-11-29
    static let expires = Date(timeIntervalSince1970: 1_861_920_000) // 2029-01-01

    struct Keys {
        let root = try! (0..<3).map { _ in try Ed25519PrivateKey.generate() }
        let targets = try! Ed25519PrivateKey.generate(), snapshot = try! Ed25519PrivateKey.generate(), timestamp = try! Ed25519PrivateKey.generate()
        let newTargets = try! Ed25519PrivateKey.generate()

        func roles(rootKeys: [Ed25519PrivateKey], targets: Ed25519PrivateKey) -> [TUFRole: TUFMetadataWriter.RoleKeys] {
            [.root: .init(keys: rootKeys.map(\.publicKey), threshold: 2), .targets: .init(keys: [targets.publicKey], threshold: 1),
             .snapshot: .init(keys: [snapshot.publicKey], threshold: 1), .timestamp: .init(keys: [timestamp.publicKey], threshold: 1)]
        }
    }

    static let crypto = OpenSSLCrypto()

    /// Root 1, and the targets, snapshot and timestamp for one file, signed by `targetsKey`.
    static func repository(_ keys: Keys, targetsKey: Ed25519PrivateKey, file: Data) throws -> (root: Data, targets: Data, snapshot: Data, timestamp: Data) {
        let root = try TUFMetadataWriter.sign(TUFMetadataWriter.root(version: 1, expires: expires, consistentSnapshot: true,
                                                                     roles: keys.roles(rootKeys: keys.root, targets: keys.targets), crypto: crypto),
                                              with: Array(keys.root.prefix(2)), crypto: crypto)
        let targets = try TUFMetadataWriter.sign(TUFMetadataWriter.targets(version: 1, expires: expires, files: ["2026/manifest.json": file], crypto: crypto),
                                                 with: [targetsKey], crypto: crypto)
        let snapshot = try TUFMetadataWriter.sign(TUFMetadataWriter.snapshot(version: 1, expires: expires, targets: (1, targets), crypto: crypto),
                                                  with: [keys.snapshot], crypto: crypto)
        let timestamp = try TUFMetadataWriter.sign(TUFMetadataWriter.timestamp(version: 1, expires: expires, snapshot: (1, snapshot), crypto: crypto),
                                                   with: [keys.timestamp], crypto: crypto)
        return (root, targets, snapshot, timestamp)
    }

    static func rule(_ body: () throws -> Void) -> RuleID? {
        do { try body() } catch let error as TUFError { return error.rule } catch { return RuleID("unexpected: \(error)") }
        return nil
    }

    @Test("a repository written and signed by OpenSSL refreshes in the client's workflow; key ids are TUF's")
    func refresh() throws {
        let keys = Keys(), file = Data("{\"taxYear\":2026}\n".utf8)
        let repo = try Self.repository(keys, targetsKey: keys.targets, file: file)
        var set = try TUFTrustedSet(trustedRoot: repo.root, now: Self.now)
        try set.checkRoot()
        try set.updateTimestamp(repo.timestamp)
        try set.updateSnapshot(repo.snapshot)
        try set.updateTargets(repo.targets)
        try set.verifyTarget("2026/manifest.json", file)
        #expect(try set.target("2026/manifest.json").fetchPath == "2026/\(Hex.encode(try Self.crypto.sha256(file))).manifest.json")
        // The key id is the SHA-256 of the key's canonical JSON, computed alike by both implementations.
        #expect(try TUFMetadataWriter.keyID(keys.targets.publicKey, crypto: Self.crypto) == TUFMetadataWriter.keyID(keys.targets.publicKey))
    }

    @Test("a root of threshold 2 is not met by one signature; a rotation revoking a root key and the targets key is followed, and the revoked targets key then signs nothing accepted")
    func thresholdAndRotation() throws {
        let keys = Keys(), file = Data("x".utf8)
        let repo = try Self.repository(keys, targetsKey: keys.targets, file: file)
        let one = try TUFMetadataWriter.sign(TUFMetadataWriter.root(version: 1, expires: Self.expires, consistentSnapshot: true,
                                                                    roles: keys.roles(rootKeys: keys.root, targets: keys.targets), crypto: Self.crypto),
                                             with: [keys.root[0]], crypto: Self.crypto)
        #expect(Self.rule { _ = try TUFTrustedSet(trustedRoot: one, now: Self.now) } == .tufThreshold)
        // The same signer given twice signs once: still one signature.
        let twice = try TUFMetadataWriter.sign(TUFMetadataWriter.root(version: 1, expires: Self.expires, consistentSnapshot: true,
                                                                      roles: keys.roles(rootKeys: keys.root, targets: keys.targets), crypto: Self.crypto),
                                               with: [keys.root[0], keys.root[0]], crypto: Self.crypto)
        #expect(Self.rule { _ = try TUFTrustedSet(trustedRoot: twice, now: Self.now) } == .tufThreshold)

        // Version 2: root key 0 revoked (2 of keys 1 and 2), the targets key replaced.
        let rotated = try TUFMetadataWriter.root(version: 2, expires: Self.expires, consistentSnapshot: true,
                                                 roles: keys.roles(rootKeys: Array(keys.root.dropFirst()), targets: keys.newTargets), crypto: Self.crypto)
        let root2 = try TUFMetadataWriter.sign(rotated, with: keys.root, crypto: Self.crypto)
        var set = try TUFTrustedSet(trustedRoot: repo.root, now: Self.now)
        // Signed by the revoked key and one other only: the new root's threshold (keys 1 and 2) is not met.
        #expect(Self.rule { try set.updateRoot(TUFMetadataWriter.sign(rotated, with: [keys.root[0], keys.root[1]], crypto: Self.crypto)) } == .tufThreshold)
        try set.updateRoot(root2)
        try set.checkRoot()
        // The old targets key's metadata, now that it is revoked.
        let stale = try TUFMetadata.parse(repo.targets, as: .targets)
        #expect(Self.rule { try stale.verify(.targets, by: set.root, crypto: Self.crypto) } == .tufThreshold)
        let fresh = try TUFMetadata.parse(try TUFMetadataWriter.sign(TUFMetadataWriter.targets(version: 1, expires: Self.expires, files: [:]),
                                                                   with: [keys.newTargets], crypto: Self.crypto), as: .targets)
        try fresh.verify(.targets, by: set.root, crypto: Self.crypto)
    }
}
