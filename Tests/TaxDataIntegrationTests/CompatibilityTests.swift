import Foundation
import Testing
import TaxDataClient
import TaxDataCore
import TaxDataCrypto
import TaxDataTestSupport

/// `taxdata` built from the last commit before the app form (issue 34): its `fetch` is the client
/// of the apps in the field. `scripts/compat-tool.sh` builds it once into `.build-compat/`
/// (`make test-integration` does it first, and sets `TAXDATA_REQUIRE_COMPAT=1`).
let compatBinary: String? = {
    let path = packageRoot.appendingPathComponent(".build-compat/build/debug/taxdata").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}()
let compatRequired = ProcessInfo.processInfo.environment["TAXDATA_REQUIRE_COMPAT"] == "1"
/// The old tool's `TaxData/`, as it was at its commit: what it could publish (this tree's data may
/// use keys it does not know).
let compatTree = packageRoot.appendingPathComponent(".build-compat/src/TaxData")

/// The contract's rule (docs/bundle-contract.md): an app released before a change keeps receiving
/// updates after it. Run with real processes and real servers: the old `taxdata fetch` against
/// `taxdata serve` and nginx serving a dist the new tool published, and the new client against a
/// dist the old tool published.
@Suite("Compatibility: the client of the apps in the field and the dists published now", .serialized,
       .enabled(if: compatBinary != nil || compatRequired, "the old tool is not built: run scripts/compat-tool.sh (make test-integration does)"))
struct CompatibilityTests {
    /// A signed dist written by this tree's `BundleBuilder`, 2026 at `version`, and the public key's PEM file.
    static func signedDist(in tmp: URL, version: String) throws -> (dist: URL, publicKey: String) {
        let key = tmp.appendingPathComponent("k.key.pem").path, pub = tmp.appendingPathComponent("k.pub.pem").path
        try #require(try spawnTaxdata("keygen", "--private", key, "--public", pub).status == 0)
        let signer = try Ed25519PrivateKey(pem: Data(contentsOf: URL(fileURLWithPath: key)))
        let years = compiledYears.map { year -> TaxYearData in
            var year = year
            if year.meta.taxYear == 2026 { year.meta.version = DataVersion(version)! }
            return year
        }
        let dist = tmp.appendingPathComponent("dist")
        let validity = IndexValidity(issuedAt: Timestamp("2026-03-01T00:00:00Z")!, days: 30)
        for file in try BundleBuilder.buildDist(years, signingKeys: [signer], validity: validity) {
            let url = dist.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.contents.write(to: url)
        }
        return (dist, pub)
    }

    @Test("the old client fetches, verifies and activates a year published with the app form, from taxdata serve and from nginx, with and without pinned keys")
    func oldClientReadsNewDist() async throws {
        let old = try #require(compatBinary, "the old tool is required: scripts/compat-tool.sh")
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let version = dataVersion(plus: 3)
        let (dist, pub) = try Self.signedDist(in: tmp, version: version)
        #expect(FileManager.default.fileExists(atPath: dist.appendingPathComponent("2026/app/app_2026.json").path))
        let index = try CanonicalJSON.decode(BundleIndex.self, from: Data(contentsOf: dist.appendingPathComponent("index.json")))
        #expect(index.schemaVersion == .current && index.years.allSatisfy { $0.app != nil }, "the index the old client reads lists the app form")

        var servers: [(name: String, url: String, stop: () -> Void)] = []
        let serve = try ServeProcess(dist: dist, log: tmp.appendingPathComponent("serve.log"))
        servers.append(("taxdata serve", serve.url, serve.stop))
        if let nginx = nginxPath {
            let server = try NginxProcess(nginx: nginx, dist: dist)
            try await waitUntilServing(URL(string: "http://127.0.0.1:\(server.port)/")!)
            servers.append(("nginx", "http://127.0.0.1:\(server.port)/", server.stop))
        } else {
            #expect(!nginxRequired, "nginx is required (make test installs it)")
        }
        defer { for server in servers { server.stop() } }
        for server in servers {
            for keys in [[], ["--key", pub]] {
                let cache = tmp.appendingPathComponent("cache-\(UUID().uuidString)").path
                let fetched = try run(old, ["fetch", "--url", server.url, "--cache", cache, "--now", "2026-03-02"] + keys)
                #expect(fetched.status == 0, "\(server.name) \(keys): \(fetched.stderr)")
                #expect(fetched.stdout.hasPrefix("active: remote 2026 version \(version) (published)"), "\(server.name) \(keys): \(fetched.stdout)")
                #expect(!fetched.stdout.contains("rejected"), "\(server.name) \(keys): \(fetched.stdout)")
                // What it stored is the year's first form, which it read through 2026/manifest.json.
                #expect(FileManager.default.fileExists(atPath: cache + "/2026/states_2026.json"), "\(server.name)")
            }
        }
    }

    @Test("the new client reads a dist the old tool published (no app form): through the signed index, and without keys after the app form's 404")
    func newClientReadsOldDist() async throws {
        let old = try #require(compatBinary, "the old tool is required: scripts/compat-tool.sh")
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let key = tmp.appendingPathComponent("k.key.pem").path, pub = tmp.appendingPathComponent("k.pub.pem").path
        try #require(try run(old, ["keygen", "--private", key, "--public", pub]).status == 0)
        let dist = tmp.appendingPathComponent("dist")
        // The old tree, its 2026 version set above the data this tree embeds (an older one would be
        // a rollback, which the client refuses).
        let tree = tmp.appendingPathComponent("TaxData")
        try FileManager.default.copyItem(at: compatTree, to: tree)
        let yearFile = tree.appendingPathComponent("2026/year.yaml")
        let newer = dataVersion(plus: 3)
        let yearText = try String(contentsOf: yearFile, encoding: .utf8)
        try Data(yearText.replacingOccurrences(of: #"(?m)^version: .*$"#, with: "version: \(newer)", options: .regularExpression).utf8).write(to: yearFile)
        let built = try run(old, ["build", tree.path, "--out", dist.path,
                                  "--sign-key", key, "--issued-at", "2026-03-01T00:00:00Z"])
        try #require(built.status == 0, "\(built.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dist.appendingPathComponent("2026/app").path))
        let verified = try spawnTaxdata("verify", dist.path, "--key", pub, "--require-signature")
        #expect(verified.status == 0, "this tree's verify accepts a dist of schema 1.10: \(verified.stdout)\(verified.stderr)")

        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: dist.appendingPathComponent("2026/manifest.json"))) as? [String: Any]
        let oldVersion = try #require(manifest?["version"] as? String)
        #expect(oldVersion == newer)
        let server = try ServeProcess(dist: dist, log: tmp.appendingPathComponent("serve.log"))
        defer { server.stop() }
        for keys in [[], ["--key", pub]] {
            let cache = tmp.appendingPathComponent("cache-\(UUID().uuidString)").path
            let fetched = try run(taxdataBinary, ["fetch", "--url", server.url, "--cache", cache, "--now", "2026-03-02"] + keys)
            #expect(fetched.status == 0, "\(keys): \(fetched.stderr)")
            #expect(fetched.stdout.hasPrefix("active: remote 2026 version \(oldVersion) (published)"), "\(keys): \(fetched.stdout)")
            #expect(!fetched.stdout.contains("rejected"), "\(keys): \(fetched.stdout)")
            #expect(FileManager.default.fileExists(atPath: cache + "/2026/states_2026.json"))
        }
    }

    /// Waits until `base/index.json` answers 200 (nginx starts in the background).
    func waitUntilServing(_ base: URL) async throws {
        let transport = URLSessionTransport()
        for _ in 0..<100 {
            let status = (try? await transport.send(HTTPRequest(url: base.appendingPathComponent("index.json"), maxBytes: 1 << 20, timeout: 1)))?.status
            if status == 200 { return }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        Issue.record("the server at \(base) did not start")
    }
}
