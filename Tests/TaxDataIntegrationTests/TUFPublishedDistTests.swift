import Foundation
import Testing
import TaxDataCore
import TaxDataCrypto
import TaxDataTestSupport

/// Issue 38's done-when, over real sockets: a real dist published with `taxdata tuf`, served by
/// `taxdata serve --tuf` and by nginx (`docs/nginx/taxdata.conf`). python-tuf's `ngclient.Updater`
/// (the reference) and our client (`taxdata fetch --tuf-root`, the library an app links) both
/// update from it, both follow a root rotation that revokes the targets key, and both refuse the
/// revoked key's release. One year's update, metadata included, stays within the 64 KB budget.
@Suite("TUF: a published dist, python-tuf and our client, over taxdata serve and nginx", .serialized)
struct TUFPublishedDistTests {
    static func python(_ base: String, root: URL, _ paths: [String]) throws -> [String: Any] {
        let python = try TUFInteropTests.venv().appendingPathComponent("bin/python").path
        let result = try run(python, [packageRoot.appendingPathComponent("scripts/tuf-interop.py").path, "--url", base, root.path] + paths)
        try #require(result.status == 0, "tuf-interop.py: \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
    }

    /// Every file of the dist's year directories, by path, as `sign-release` publishes them.
    static func distFiles(_ dist: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: dist, includingPropertiesForKeys: [.isRegularFileKey])!
        for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            let path = String(url.standardizedFileURL.path.dropFirst(dist.standardizedFileURL.path.count + 1))
            if path.contains("/") { files[path] = try Data(contentsOf: url) }
        }
        return files
    }

    @Test("python-tuf downloads every target and our client activates the year, from both servers; both follow a rotation that revokes the targets key, and one python-tuf wrote; both refuse what the revoked key signs")
    func publishedDist() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let version = dataVersion(plus: 3)
        let (dist, _) = try CompatibilityTests.signedDist(in: tmp, version: version)
        let keys = tmp.appendingPathComponent("keys"), repo = tmp.appendingPathComponent("repo")
        func key(_ name: String) -> String { keys.appendingPathComponent(name).path }
        for name in ["root1", "root2", "root3", "targets", "snapshot", "timestamp", "targets2"] {
            let made = try run(taxdataBinary, ["keygen", "--private", key("\(name).pem"), "--public", key("\(name).pub")])
            try #require(made.status == 0, "\(made.stderr)")
        }
        let initialised = try run(taxdataBinary, ["tuf", "init", repo.path, "--add", "root=\(key("root1.pub"))", "--add", "root=\(key("root2.pub"))",
                                                  "--add", "root=\(key("root3.pub"))", "--threshold", "root=2", "--add", "targets=\(key("targets.pub"))",
                                                  "--add", "snapshot=\(key("snapshot.pub"))", "--add", "timestamp=\(key("timestamp.pub"))",
                                                  "--key", key("root1.pem"), "--key", key("root2.pem")])
        try #require(initialised.status == 0, "\(initialised.stderr)")
        let released = try run(taxdataBinary, ["tuf", "sign-release", dist.path, "--repo", repo.path,
                                               "--key", key("targets.pem"), "--key", key("snapshot.pem"), "--key", key("timestamp.pem")])
        try #require(released.status == 0, "\(released.stderr)")
        let root1 = repo.appendingPathComponent("metadata/1.root.json")
        let expected = try Self.distFiles(dist).mapValues { Hex.encode(try OpenSSLCrypto().sha256($0)) }
        #expect(released.stdout.hasPrefix("published \(dist.path) into \(repo.path): \(expected.count) targets"), "\(released.stdout)")

        let serve = try ServeProcess(dist: dist, log: tmp.appendingPathComponent("serve.log"), tuf: repo)
        var servers: [(name: String, base: String, stop: () -> Void)] = [("taxdata serve", String(serve.url.dropLast()), serve.stop)]
        if let nginx = nginxPath {
            let server = try NginxProcess(nginx: nginx, dist: dist, tuf: repo)
            servers.append(("nginx", "http://127.0.0.1:\(server.port)", server.stop))
        } else {
            #expect(!nginxRequired, "nginx is required (make test installs it)")
        }
        defer { for server in servers { server.stop() } }

        func fetch(_ base: String) throws -> RunResult {
            try run(taxdataBinary, ["fetch", "--url", base + "/", "--cache", tmp.appendingPathComponent("cache-\(UUID().uuidString)").path,
                                    "--tuf-root", root1.path, "--year", "2026"])
        }
        var lines: [String] = []
        for server in servers {
            let python = try Self.python(server.base, root: root1, ["--all"])
            #expect(python["ok"] as? Bool == true, "\(server.name): \(python)")
            #expect(python["targets"] as? [String: String] == expected, "\(server.name): python-tuf got every target, byte for byte")
            let ours = try fetch(server.base)
            #expect(ours.stdout.hasPrefix("active: remote 2026 version \(version)"), "\(server.name): \(ours.stdout)\(ours.stderr)")

            // One year's update on the wire, TUF metadata included (issue 34's relay, gzip).
            let relay = try WireBudgetTests.Relay(target: Int(URLComponents(string: server.base)!.port!), stats: tmp.appendingPathComponent("wire-\(UUID().uuidString).json"))
            let measured = try fetch("http://127.0.0.1:\(relay.port)")
            let bytes = try await relay.bytesToClient()
            relay.stop()
            #expect(measured.stdout.hasPrefix("active: remote 2026 version \(version)"), "\(server.name): \(measured.stdout)")
            #expect(bytes <= WireBudgetTests.budget, "\(server.name): one year's update by TUF took \(bytes) bytes on the wire")
            lines.append("\(server.name): \(bytes) bytes")
        }
        print("\nOne year's update by TUF on the wire (root, timestamp, snapshot, targets, manifest, documents; HTTP headers included):\n"
              + lines.joined(separator: "\n"))

        // The targets key is stolen: root 2 revokes it (signed by two old root keys), and the
        // targets are signed again by the new key in the same run.
        let rotated = try run(taxdataBinary, ["tuf", "rotate-root", repo.path, "--revoke", "targets=\(key("targets.pub"))", "--add", "targets=\(key("targets2.pub"))",
                                              "--key", key("root1.pem"), "--key", key("root2.pem"), "--key", key("targets2.pem"),
                                              "--key", key("snapshot.pem"), "--key", key("timestamp.pem")])
        try #require(rotated.status == 0, "\(rotated.stderr)")
        for server in servers {
            let python = try Self.python(server.base, root: root1, ["2026/app/manifest.json"])
            #expect(python["ok"] as? Bool == true && python["root"] as? Int == 2, "\(server.name): \(python)")
            #expect(try fetch(server.base).stdout.hasPrefix("active: remote 2026 version \(version)"), "\(server.name)")
        }

        // python-tuf's own Metadata API rotates root again (root 3 adds a key): our tools carry on
        // from the root it wrote, and both clients follow it.
        let made = try run(taxdataBinary, ["keygen", "--private", key("root4.pem"), "--public", key("root4.pub")])
        try #require(made.status == 0)
        let rotatedByPython = try run(try TUFInteropTests.venv().appendingPathComponent("bin/python").path,
                                      [packageRoot.appendingPathComponent("scripts/tuf-python-rotate.py").path, repo.path, "--add-root", key("root4.pub"),
                                       "--sign", key("root1.pem"), "--sign", key("root2.pem")])
        try #require(rotatedByPython.status == 0 && rotatedByPython.stdout == "3\n", "\(rotatedByPython.stdout)\(rotatedByPython.stderr)")
        let resigned = try run(taxdataBinary, ["tuf", "timestamp", repo.path, "--key", key("timestamp.pem"), "--key", key("snapshot.pem")])
        #expect(resigned.status == 0 && resigned.stdout.contains("root version 3"), "\(resigned.stdout)\(resigned.stderr)")
        for server in servers {
            let python = try Self.python(server.base, root: root1, ["2026/app/manifest.json"])
            #expect(python["ok"] as? Bool == true && python["root"] as? Int == 3, "\(server.name): \(python)")
            #expect(try fetch(server.base).stdout.hasPrefix("active: remote 2026 version \(version)"), "\(server.name)")
        }

        // The thief, who also holds the online snapshot and timestamp keys, publishes a release
        // signed by the revoked targets key. No command of ours would write it: it is made here.
        let stolen = try Ed25519PrivateKey(pem: Data(contentsOf: URL(fileURLWithPath: key("targets.pem"))))
        let snapshotKey = try Ed25519PrivateKey(pem: Data(contentsOf: URL(fileURLWithPath: key("snapshot.pem"))))
        let timestampKey = try Ed25519PrivateKey(pem: Data(contentsOf: URL(fileURLWithPath: key("timestamp.pem"))))
        func metadata(_ name: String, _ role: TUFRole) throws -> TUFMetadata {
            try TUFMetadata.parse(Data(contentsOf: repo.appendingPathComponent("metadata/\(name)")), as: role)
        }
        let current = TUFPublisher.Current(root: try metadata("3.root.json", .root), timestamp: try metadata("timestamp.json", .timestamp),
                                           snapshot: try metadata("3.snapshot.json", .snapshot), targets: try metadata("2.targets.json", .targets))
        let attack = try TUFPublisher.release(current, files: ["2026/app/manifest.json": Data("{}".utf8)], targetsExpire: Date() + 86_400 * 30,
                                              expires: Date() + 86_400 * 30, targetsSigners: [stolen], snapshotSigners: [snapshotKey],
                                              timestampSigners: [timestampKey], crypto: OpenSSLCrypto())
        for (name, bytes) in attack.metadata { try bytes.write(to: repo.appendingPathComponent("metadata/\(name)")) }
        for server in servers {
            let python = try Self.python(server.base, root: root1, ["2026/app/manifest.json"])
            #expect(python["ok"] as? Bool == false && (python["error"] as? String ?? "").hasPrefix("UnsignedMetadataError"), "\(server.name): \(python)")
            let ours = try fetch(server.base)
            #expect(ours.stdout.contains("rejected remote 2026: [tuf.threshold]"), "\(server.name): \(ours.stdout)")
        }
        let verified = try run(taxdataBinary, ["tuf", "verify", repo.path])
        #expect(verified.status == 1 && verified.stdout.contains("[tuf.threshold] targets"), "\(verified.stdout)\(verified.stderr)")
    }
}
