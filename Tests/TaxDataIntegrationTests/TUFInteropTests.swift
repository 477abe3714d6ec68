import Foundation
import Testing
import TaxDataCore
import TaxDataCrypto

/// python-tuf's client (`ngclient.Updater`, from PyPI in the git-ignored .tuf-venv/ that
/// scripts/tuf-venv.sh makes) against TUF metadata the toolchain signs (OpenSSL), over a real HTTP
/// server on 127.0.0.1 (scripts/tuf-interop.py); the Swift workflow (`TUFTrustedSet`) on the same
/// bytes. Both accept the good repository and both refuse the revoked key's.
@Suite("TUF: python-tuf's client and ours on the metadata the toolchain writes", .serialized)
struct TUFInteropTests {
    static let expires = Date(timeIntervalSinceNow: 400 * 86_400)
    static let crypto = OpenSSLCrypto()

    static func venv() throws -> URL {
        let made = try run(packageRoot.appendingPathComponent("scripts/tuf-venv.sh").path, [])
        try #require(made.status == 0, "scripts/tuf-venv.sh failed: \(made.stderr)")
        return URL(fileURLWithPath: made.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Writes a repository (root 1, root 2 rotating a root key and the targets key, and the targets,
    /// snapshot and timestamp, the targets signed by `targetsKey`) and its one target under `directory`.
    static func write(_ directory: URL, targetsKey: (_ old: Ed25519PrivateKey, _ new: Ed25519PrivateKey) -> Ed25519PrivateKey, file: Data) throws {
        let root = try (0..<3).map { _ in try Ed25519PrivateKey.generate() }
        let oldTargets = try Ed25519PrivateKey.generate(), newTargets = try Ed25519PrivateKey.generate()
        let snapshotKey = try Ed25519PrivateKey.generate(), timestampKey = try Ed25519PrivateKey.generate()
        func roles(_ rootKeys: [Ed25519PrivateKey], _ targets: Ed25519PrivateKey) -> [TUFRole: TUFMetadataWriter.RoleKeys] {
            [.root: .init(keys: rootKeys.map(\.publicKey), threshold: 2), .targets: .init(keys: [targets.publicKey], threshold: 1),
             .snapshot: .init(keys: [snapshotKey.publicKey], threshold: 1), .timestamp: .init(keys: [timestampKey.publicKey], threshold: 1)]
        }
        let metadata = directory.appendingPathComponent("metadata"), targets = directory.appendingPathComponent("targets/2026")
        try FileManager.default.createDirectory(at: metadata, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: targets, withIntermediateDirectories: true)
        let root1 = try TUFMetadataWriter.sign(TUFMetadataWriter.root(version: 1, expires: expires, consistentSnapshot: true, roles: roles(root, oldTargets), crypto: crypto),
                                               with: Array(root.prefix(2)), crypto: crypto)
        let root2 = try TUFMetadataWriter.sign(TUFMetadataWriter.root(version: 2, expires: expires, consistentSnapshot: true,
                                                                      roles: roles(Array(root.dropFirst()), newTargets), crypto: crypto),
                                               with: root, crypto: crypto)
        let targetsBytes = try TUFMetadataWriter.sign(TUFMetadataWriter.targets(version: 1, expires: expires, files: ["2026/manifest.json": file], crypto: crypto),
                                                      with: [targetsKey(oldTargets, newTargets)], crypto: crypto)
        let snapshot = try TUFMetadataWriter.sign(TUFMetadataWriter.snapshot(version: 1, expires: expires, targets: (1, targetsBytes), crypto: crypto),
                                                  with: [snapshotKey], crypto: crypto)
        let timestamp = try TUFMetadataWriter.sign(TUFMetadataWriter.timestamp(version: 1, expires: expires, snapshot: (1, snapshot), crypto: crypto),
                                                   with: [timestampKey], crypto: crypto)
        for (name, bytes) in [("1.root.json", root1), ("2.root.json", root2), ("1.targets.json", targetsBytes), ("1.snapshot.json", snapshot),
                              ("timestamp.json", timestamp)] {
            try bytes.write(to: metadata.appendingPathComponent(name))
        }
        try file.write(to: targets.appendingPathComponent("\(Hex.encode(try crypto.sha256(file))).manifest.json"))
    }

    /// python-tuf's outcome, as the script prints it.
    static func pythonTUF(_ directory: URL) throws -> [String: Any] {
        let python = try venv().appendingPathComponent("bin/python").path
        let result = try run(python, [packageRoot.appendingPathComponent("scripts/tuf-interop.py").path, directory.path,
                                      directory.appendingPathComponent("metadata/1.root.json").path, "2026/manifest.json"])
        try #require(result.status == 0, "tuf-interop.py: \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
    }

    /// Our client's outcome on the same files: nil when it accepts, else the rule.
    static func swiftTUF(_ directory: URL, file: Data) throws -> RuleID? {
        func read(_ name: String) throws -> Data { try Data(contentsOf: directory.appendingPathComponent("metadata/" + name)) }
        do {
            var set = try TUFTrustedSet(trustedRoot: read("1.root.json"), now: Date())
            try set.updateRoot(read("2.root.json"))
            try set.checkRoot()
            try set.updateTimestamp(read("timestamp.json"))
            try set.updateSnapshot(read("1.snapshot.json"))
            try set.updateTargets(read("1.targets.json"))
            let fetched = try Data(contentsOf: directory.appendingPathComponent("targets/" + set.target("2026/manifest.json").fetchPath))
            try set.verifyTarget("2026/manifest.json", fetched)
            #expect(fetched == file)
            return nil
        } catch let error as TUFError {
            return error.rule
        }
    }

    @Test("python-tuf's Updater refreshes through the root rotation and downloads the target by its hashed name; our workflow accepts the same bytes")
    func accepted() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = Data("{\"taxYear\":2026}\n".utf8)
        try Self.write(directory, targetsKey: { $1 }, file: file)
        let outcome = try Self.pythonTUF(directory)
        #expect(outcome["ok"] as? Bool == true, "\(outcome)")
        #expect(outcome["root"] as? Int == 2)
        #expect((outcome["targets"] as? [String: String])?["2026/manifest.json"] == Hex.encode(try Self.crypto.sha256(file)))
        #expect(try Self.swiftTUF(directory, file: file) == nil)
    }

    @Test("targets signed by the key root 2 revoked: python-tuf refuses them, and so do we (tuf.threshold)")
    func revoked() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = Data("x".utf8)
        try Self.write(directory, targetsKey: { old, _ in old }, file: file)
        let outcome = try Self.pythonTUF(directory)
        #expect(outcome["ok"] as? Bool == false && (outcome["error"] as? String)?.hasPrefix("UnsignedMetadataError") == true, "\(outcome)")
        #expect(try Self.swiftTUF(directory, file: file) == .tufThreshold)
    }
}
