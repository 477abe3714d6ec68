import Foundation
import Testing
import TaxDataCore
import TaxDataCrypto

/// What `taxdata tuf` publishes (`TUFPublisher`, signed with OpenSSL), refreshed by the client's
/// workflow (`TUFRefresh`) from an in-memory repository: releases, re-signing, rotation, and the
/// attacks that need a client's own state (rollback against its snapshot, fast-forward recovery).
@Suite("TUF: the repository the toolchain publishes, and the client's refresh from it")
struct TUFPublisherTests {
    static let crypto = OpenSSLCrypto()
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// A repository in memory: every metadata file ever written, and the targets by hashed path.
    final class Repo: @unchecked Sendable {
        var metadata: [String: Data] = [:]
        var targets: [String: Data] = [:]
        var current: TUFPublisher.Current
        let rootKeys = (0..<2).map { _ in try! Ed25519PrivateKey.generate() }
        var targetsKey = try! Ed25519PrivateKey.generate(), snapshotKey = try! Ed25519PrivateKey.generate()
        var timestampKey = try! Ed25519PrivateKey.generate()

        init(rootExpires: Date = now + 365 * 86_400) throws {
            let output = try TUFPublisher.initialRoot(roles: Self.roles(rootKeys, targetsKey, snapshotKey, timestampKey),
                                                      expires: rootExpires, signers: rootKeys, crypto: crypto)
            current = .init(root: try TUFMetadata.parse(output.metadata["1.root.json"]!, as: .root))
            try apply(output)
        }

        static func roles(_ root: [Ed25519PrivateKey], _ targets: Ed25519PrivateKey, _ snapshot: Ed25519PrivateKey,
                          _ timestamp: Ed25519PrivateKey) -> [TUFRole: TUFMetadataWriter.RoleKeys] {
            [.root: .init(keys: root.map(\.publicKey), threshold: 2), .targets: .init(keys: [targets.publicKey], threshold: 1),
             .snapshot: .init(keys: [snapshot.publicKey], threshold: 1), .timestamp: .init(keys: [timestamp.publicKey], threshold: 1)]
        }

        func apply(_ output: TUFPublisher.Output, publish: Bool = true) throws {
            for (name, bytes) in output.metadata {
                metadata[name] = bytes
                let role = TUFRole.allCases.first { name.hasSuffix("\($0.rawValue).json") }!
                let parsed = try TUFMetadata.parse(bytes, as: role)
                guard publish else { continue }
                switch role {
                case .root: current.root = parsed
                case .timestamp: current.timestamp = parsed
                case .snapshot: current.snapshot = parsed
                case .targets: current.targets = parsed
                }
            }
            targets.merge(output.targets) { new, _ in new }
        }

        func release(_ files: [String: Data]) throws {
            try apply(try TUFPublisher.release(current, files: files, targetsExpire: now + 365 * 86_400, expires: now + 30 * 86_400,
                                               targetsSigners: [targetsKey], snapshotSigners: [snapshotKey], timestampSigners: [timestampKey], crypto: crypto))
        }

        func refresh(_ local: TUFRefresh.Local, at time: Date = now) async throws -> TUFTrustedSet {
            let files = metadata
            return try await TUFRefresh.run(local, now: time, crypto: crypto) { name, _ in files[name] }
        }

        func check() async throws -> TUFTrustedSet {
            let files = metadata, targets = targets
            return try await TUFPublisher.check(trustedRoot: files["1.root.json"]!, now: now, crypto: crypto,
                                                metadata: { name, _ in files[name] }, target: { path, _ in targets[path] })
        }
    }

    static func rule(_ body: () async throws -> Void) async -> RuleID? {
        do { try await body(); return nil } catch let error as TUFError { return error.rule } catch { return nil }
    }

    @Test("releases: every file a target by its hashed name, versions counted up; a missing or changed target fails the check a command runs before writing")
    func releases() async throws {
        let repo = try Repo()
        try repo.release(["2026/manifest.json": Data("one".utf8)])
        try repo.release(["2026/manifest.json": Data("two".utf8), "2026/app/app_2026.json": Data("app".utf8)])
        let set = try await repo.check()
        #expect(set.targets?.version == 2 && set.snapshot?.version == 2 && set.timestamp?.version == 2)
        #expect(try set.target("2026/app/app_2026.json").fetchPath == "2026/app/\(Hex.encode(try Self.crypto.sha256(Data("app".utf8)))).app_2026.json")
        #expect(repo.targets.count == 3, "the first release's target stays for clients in the middle of a refresh")

        let hashed = try set.target("2026/manifest.json").fetchPath
        repo.targets[hashed] = Data("tw0".utf8)
        #expect(await Self.rule { _ = try await repo.check() } == .tufHash)
        repo.targets[hashed] = nil
        #expect(await Self.rule { _ = try await repo.check() } == .tufMissing)
    }

    @Test("rollback against the client's own snapshot: a new snapshot that names older targets is refused (tuf.version)")
    func targetsRollback() async throws {
        let repo = try Repo()
        try repo.release(["2026/manifest.json": Data("one".utf8)])
        let firstTargets = repo.current.targets!
        try repo.release(["2026/manifest.json": Data("two".utf8)])
        let trusted = try await repo.refresh(.init(root: repo.metadata["1.root.json"]!))
        let local = TUFRefresh.Local(root: trusted.root.raw, timestamp: trusted.timestamp?.raw, snapshot: trusted.snapshot?.raw, targets: trusted.targets?.raw)

        // The online keys (snapshot and timestamp) are stolen: a new snapshot names targets version 1.
        var doctored = repo.current
        doctored.targets = firstTargets
        try repo.apply(try TUFPublisher.resign(doctored, expires: Self.now + 30 * 86_400, snapshotSigners: [repo.snapshotKey],
                                               timestampSigners: [repo.timestampKey], crypto: Self.crypto))
        #expect(await Self.rule { _ = try await repo.refresh(local) } == .tufVersion)
        #expect(await Self.rule { _ = try await repo.refresh(.init(root: repo.metadata["1.root.json"]!)) } == nil,
                "a client without that snapshot cannot tell: that is what keeping it is for")
    }

    @Test("fast-forward recovery: after a timestamp key is stolen and a huge version signed, rotating the timestamp key lets clients accept the real timestamp again")
    func fastForward() async throws {
        let repo = try Repo()
        try repo.release(["2026/manifest.json": Data("one".utf8)])
        // The thief signs timestamp version 1,000,000 with the stolen key; a client accepts it.
        let forged = try TUFMetadataWriter.sign(TUFMetadataWriter.timestamp(version: 1_000_000, expires: Self.now + 30 * 86_400,
                                                                            snapshot: (repo.current.snapshot!.version, repo.current.snapshot!.raw), crypto: Self.crypto),
                                                with: [repo.timestampKey], crypto: Self.crypto)
        let legit = repo.metadata["timestamp.json"]!
        repo.metadata["timestamp.json"] = forged
        let fooled = try await repo.refresh(.init(root: repo.metadata["1.root.json"]!))
        #expect(fooled.timestamp?.version == 1_000_000)
        repo.metadata["timestamp.json"] = legit
        let local = TUFRefresh.Local(root: fooled.root.raw, timestamp: fooled.timestamp?.raw, snapshot: fooled.snapshot?.raw, targets: fooled.targets?.raw)
        #expect(await Self.rule { _ = try await repo.refresh(local) } == .tufVersion, "before the rotation the real timestamp looks like a rollback")

        // The publisher rotates the timestamp key: root 2, and the timestamp signed again by the new key.
        repo.timestampKey = try Ed25519PrivateKey.generate()
        let rotated = try TUFPublisher.rotateRoot(repo.current, roles: Repo.roles(repo.rootKeys, repo.targetsKey, repo.snapshotKey, repo.timestampKey),
                                                  expires: Self.now + 365 * 86_400, signers: repo.rootKeys, crypto: Self.crypto)
        try repo.apply(rotated)
        let again = try TUFPublisher.afterRotation(repo.current, newRoot: repo.current.root, pool: [repo.timestampKey],
                                                   expires: Self.now + 30 * 86_400, targetsExpire: Self.now + 365 * 86_400, crypto: Self.crypto)
        #expect(Array(again.metadata.keys) == ["timestamp.json"], "only the timestamp needs signing again")
        try repo.apply(again)
        let recovered = try await repo.refresh(local)
        #expect(recovered.root.version == 2 && recovered.timestamp?.version == 2)
    }

    @Test("a rotation that revokes the targets key needs the new targets key in the same run (tuf.threshold without it); root is signed by the old threshold and the new")
    func rotation() async throws {
        let repo = try Repo()
        try repo.release(["2026/manifest.json": Data("one".utf8)])
        let newTargets = try Ed25519PrivateKey.generate()
        let roles = Repo.roles(repo.rootKeys, newTargets, repo.snapshotKey, repo.timestampKey)
        let rotated = try TUFPublisher.rotateRoot(repo.current, roles: roles, expires: Self.now + 365 * 86_400, signers: repo.rootKeys, crypto: Self.crypto)
        let newRoot = try TUFMetadata.parse(rotated.metadata["2.root.json"]!, as: .root)
        #expect(await Self.rule {
            _ = try TUFPublisher.afterRotation(repo.current, newRoot: newRoot, pool: [repo.snapshotKey, repo.timestampKey],
                                               expires: Self.now + 30 * 86_400, targetsExpire: Self.now + 365 * 86_400, crypto: Self.crypto)
        } == .tufThreshold)
        let again = try TUFPublisher.afterRotation(repo.current, newRoot: newRoot, pool: [newTargets, repo.snapshotKey, repo.timestampKey],
                                                   expires: Self.now + 30 * 86_400, targetsExpire: Self.now + 365 * 86_400, crypto: Self.crypto)
        try repo.apply(rotated)
        try repo.apply(again)
        let set = try await repo.check()
        #expect(set.root.version == 2 && set.targets?.version == 2 && set.targets?.targets.keys.sorted() == ["2026/manifest.json"])

        // One old root key alone cannot rotate: below the trusted root's threshold of 2.
        let weak = try TUFPublisher.rotateRoot(repo.current, roles: roles, expires: Self.now + 365 * 86_400, signers: [repo.rootKeys[0]], crypto: Self.crypto)
        var trusted = try TUFTrustedSet(trustedRoot: repo.metadata["2.root.json"]!, now: Self.now, crypto: Self.crypto)
        #expect(await Self.rule { try trusted.updateRoot(weak.metadata["3.root.json"]!) } == .tufThreshold)
    }

    @Test("an expired root stops every update (tuf.expired) until it is rotated; root 2 then lets the same client update")
    func expiredRoot() async throws {
        let repo = try Repo(rootExpires: Self.now + 10 * 86_400)
        try repo.release(["2026/manifest.json": Data("one".utf8)])
        let later = Self.now + 20 * 86_400
        let embedded = TUFRefresh.Local(root: repo.metadata["1.root.json"]!)
        #expect(await Self.rule { _ = try await repo.refresh(embedded, at: later) } == .tufExpired)
        try repo.apply(try TUFPublisher.rotateRoot(repo.current, roles: Repo.roles(repo.rootKeys, repo.targetsKey, repo.snapshotKey, repo.timestampKey),
                                                   expires: Self.now + 365 * 86_400, signers: repo.rootKeys, crypto: Self.crypto))
        let recovered = try await repo.refresh(embedded, at: later)
        #expect(recovered.root.version == 2 && recovered.targets?.targets.keys.sorted() == ["2026/manifest.json"])
    }
}
