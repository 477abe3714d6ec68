import Foundation
import Testing
import TaxDataClient
import TaxDataCore
import TaxDataCrypto
import TaxDataServer
import TaxDataTestSupport

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

    /// One attack on python-tuf's own fixture repository (`Fixtures/tuf/`): the file replaced, and
    /// what each client must say. nil: accepted.
    struct Attack: Sendable, CustomStringConvertible {
        var name: String
        var edit: @Sendable (URL) throws -> Void
        var python: String?
        var ours: Set<String>?
        var description: String { name }
    }

    static let fixtures = packageRoot.appendingPathComponent("Fixtures/tuf")

    static func replace(_ name: String, with fixture: String) -> @Sendable (URL) throws -> Void {
        { repo in
            let target = repo.appendingPathComponent("metadata/\(name)")
            try FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(fixture), to: target)
        }
    }

    static let attacks: [Attack] = [
        Attack(name: "none: python-tuf's repository as it wrote it", edit: { _ in }, python: nil, ours: nil),
        Attack(name: "root 2 signed by one key of root 1's two", edit: replace("2.root.json", with: "bad/2.root.one-signature.json"),
               python: "UnsignedMetadataError", ours: ["tuf.threshold"]),
        Attack(name: "root 2 not signed by its own new keys", edit: replace("2.root.json", with: "bad/2.root.unsigned-by-new.json"),
               python: "UnsignedMetadataError", ours: ["tuf.threshold"]),
        Attack(name: "root version 3 served as the next after 1", edit: replace("2.root.json", with: "bad/3.root.skips.json"),
               python: "BadVersionNumberError", ours: ["tuf.version"]),
        Attack(name: "an expired final root", edit: replace("2.root.json", with: "bad/2.root.expired.json"),
               python: "ExpiredMetadataError", ours: ["tuf.expired"]),
        Attack(name: "targets signed by the revoked key", edit: replace("1.targets.json", with: "bad/1.targets.revoked-key.json"),
               python: "", ours: ["tuf.threshold", "tuf.length", "tuf.hash"]),
        Attack(name: "the timestamp's one signature listed twice", edit: replace("timestamp.json", with: "bad/timestamp.duplicate-signature.json"),
               python: "", ours: ["tuf.duplicate"]),
        Attack(name: "endless data: a timestamp over python-tuf's 16,384-byte bound", edit: { repo in
            var bytes = try Data(contentsOf: fixtures.appendingPathComponent("timestamp-v2.json"))
            bytes.append(Data(repeating: 0x20, count: 20_000))
            try bytes.write(to: repo.appendingPathComponent("metadata/timestamp.json"))
        }, python: "", ours: ["tuf.too-large"]),
        Attack(name: "a target's bytes changed under its hashed name", edit: { repo in
            let directory = repo.appendingPathComponent("targets/2026")
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first)
            var bytes = try Data(contentsOf: directory.appendingPathComponent(name))
            bytes[0] ^= 1
            try bytes.write(to: directory.appendingPathComponent(name))
        }, python: "LengthOrHashMismatchError", ours: ["tuf.hash"]),
        Attack(name: "the snapshot the timestamp names is missing", edit: { repo in
            try FileManager.default.removeItem(at: repo.appendingPathComponent("metadata/1.snapshot.json"))
        }, python: "", ours: ["tuf.missing"]),
    ]

    @Test("python-tuf's repository and each attack on it: python-tuf's updater, taxdata tuf verify and the client over a socket accept and refuse the same cases", arguments: attacks)
    func sameVerdicts(attack: Attack) async throws {
        let repo = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: repo) }
        let metadata = repo.appendingPathComponent("metadata")
        try FileManager.default.createDirectory(at: metadata, withIntermediateDirectories: true)
        for name in ["1.root.json", "2.root.json", "1.snapshot.json", "1.targets.json"] {
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: metadata.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("timestamp-v2.json"), to: metadata.appendingPathComponent("timestamp.json"))
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("targets"), to: repo.appendingPathComponent("targets"))
        try attack.edit(repo)

        let python = try Self.venv().appendingPathComponent("bin/python").path
        let result = try run(python, [packageRoot.appendingPathComponent("scripts/tuf-interop.py").path, repo.path, metadata.appendingPathComponent("1.root.json").path, "--all"])
        try #require(result.status == 0, "tuf-interop.py: \(result.stderr)")
        let outcome = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        let ours = try run(taxdataBinary, ["tuf", "verify", repo.path, "--root", metadata.appendingPathComponent("1.root.json").path])
        let rule = ours.stdout.firstMatch(of: /\[(tuf\.[a-z-]+)\]/).map { String($0.1) }
        if let expected = attack.python {
            #expect(outcome["ok"] as? Bool == false, "python-tuf accepted it: \(outcome)")
            #expect((outcome["error"] as? String ?? "").hasPrefix(expected), "python-tuf: \(outcome)")
        } else {
            #expect(outcome["ok"] as? Bool == true, "python-tuf: \(outcome)")
        }
        if let expected = attack.ours {
            #expect(ours.status == 1 && rule.map(expected.contains) == true, "ours: \(ours.stdout)\(ours.stderr)")
        } else {
            #expect(ours.status == 0 && ours.stdout.contains("OK, root version 2"), "ours: \(ours.stdout)\(ours.stderr)")
        }

        // And the client an app links, over a real socket: the repository served by `taxdata serve`'s
        // server under /tuf/. The fixture's one target is not a bundle, so a repository the client
        // accepts ends in a bundle refusal, never a TUF one.
        let dist = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dist) }
        let (port, task) = await start(TaxDataServer(dist: DistDirectory(root: dist), tuf: DistDirectory(root: repo)))
        defer { task.cancel() }
        let cache = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let client = try TaxDataProvider(configuration: .init(baseURL: URL(string: "http://127.0.0.1:\(port)/")!, taxYear: 2026, useVersionEndpoint: false,
                                                              trustedRoot: try Data(contentsOf: metadata.appendingPathComponent("1.root.json"))),
                                         transport: defaultTransport(), store: FileBundleStore(directory: cache), clock: FixedClock(),
                                         embedded: try EmbeddedBundles.packaged(), logger: quietLogger)
        let status = await client.refresh()
        let reasons = status.rejections.filter { $0.source == .remote }.map(\.reason.rawValue)
        if let expected = attack.ours {
            // Over a socket an oversized file is not served at all: `taxdata serve` reads no more of a
            // metadata file than a client would, and answers 404 (tuf.missing). The client's own bound
            // against a server that sends more is TUFClientTests' (transport.too-large).
            let allowed = expected.union(expected.contains("tuf.too-large") ? ["tuf.missing", "transport.too-large"] : [])
            #expect(reasons.count == 1 && allowed.contains(reasons[0]), "the client: \(status.rejections)")
        } else {
            #expect(!reasons.isEmpty && !reasons.contains { $0.hasPrefix("tuf.") }, "the client: \(status.rejections)")
        }
        #expect(status.source == .embedded)
    }
}
