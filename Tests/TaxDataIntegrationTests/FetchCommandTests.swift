import Foundation
import Testing
import TaxDataTestSupport

@Suite("taxdata fetch")
struct FetchCommandTests {
    @Test("against a stopped server it reports the embedded source and exits 0")
    func stoppedServer() throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let result = try spawnTaxdata("fetch", "--url", "http://127.0.0.1:9/", "--cache", tmp.appendingPathComponent("cache").path,
                                 "--now", "2026-03-01")
        #expect(result.status == 0)
        #expect(result.stdout.contains("active: embedded 2026 version \(dataVersion(2026)) (published)"))
        #expect(result.stdout.contains("rejected remote 2026: [transport."))
        // Once on a terminal, where standard output and standard error meet (the library's log used to repeat it).
        #expect((result.stdout + result.stderr).components(separatedBy: "rejected remote 2026").count - 1 == 1, "\(result.stderr)")
        let json = try spawnTaxdata("fetch", "--url", "http://127.0.0.1:9/", "--cache", tmp.appendingPathComponent("cache").path,
                               "--now", "2026-03-01", "--format", "json")
        let status = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(status["source"] as? String == "embedded")
    }

    @Test("with --key against taxdata serve: fresh; a frozen server past the index's expires is [expired] with the data still active; re-signed, fresh; the old index replayed, refused")
    func signedFreshness() throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let key = tmp.appendingPathComponent("k.key.pem").path, pub = tmp.appendingPathComponent("k.pub.pem").path
        #expect(try spawnTaxdata("keygen", "--private", key, "--public", pub).status == 0)
        let dist = tmp.appendingPathComponent("dist")
        let built = try spawnTaxdata("build", packageRoot.appendingPathComponent("TaxData").path, "--out", dist.path,
                                "--sign-key", key, "--issued-at", "2026-03-01T00:00:00Z")
        try #require(built.status == 0, "\(built.stderr)")
        let server = try ServeProcess(dist: dist, log: tmp.appendingPathComponent("serve.log"))
        defer { server.stop() }
        let cache = tmp.appendingPathComponent("cache").path
        func fetch(_ now: String, json: Bool = false) throws -> RunResult {
            try run(taxdataBinary, ["fetch", "--url", server.url, "--cache", cache, "--key", pub, "--now", now] + (json ? ["--format", "json"] : []))
        }
        let version = dataVersion(2026)
        let fresh = try fetch("2026-03-02")
        #expect(fresh.status == 0 && fresh.stdout.hasPrefix("active: remote 2026 version \(version) (published)"), "\(fresh.stdout)")
        #expect(!fresh.stdout.contains("[expired]") && !fresh.stdout.contains("rejected"), "\(fresh.stdout)")

        // The server freezes; 40 days later it still serves the same, validly signed index.
        let frozen = try fetch("2026-04-10")
        #expect(frozen.status == 0, "valid data stays active: \(frozen.stderr)")
        #expect(frozen.stdout.hasPrefix("active: cache 2026 version \(version) (published)") && frozen.stdout.contains(" [expired]\n"), "\(frozen.stdout)")
        #expect(frozen.stdout.contains("[expired]: the newest signed index.json the client could get expired at 2026-03-31T00:00:00Z"), "\(frozen.stdout)")
        let status = try JSONSerialization.jsonObject(with: Data(try fetch("2026-04-10", json: true).stdout.utf8)) as? [String: Any]
        #expect(status?["freshness"] as? String == "expired" && status?["source"] as? String == "cache", "\(String(describing: status))")

        // The publisher re-signs the same dist; the server reads it per request.
        let oldIndex = try Data(contentsOf: dist.appendingPathComponent("index.json"))
        let oldSignature = try Data(contentsOf: dist.appendingPathComponent("index.json.sig"))
        #expect(try spawnTaxdata("sign", dist.path, "--sign-key", key, "--issued-at", "2026-04-10T00:00:00Z").status == 0)
        let resigned = try fetch("2026-04-10T12:00:00Z")
        #expect(resigned.status == 0 && !resigned.stdout.contains("[expired]") && !resigned.stdout.contains("rejected"), "\(resigned.stdout)")

        // A mirror puts the March index back: refused, and the data stays.
        try oldIndex.write(to: dist.appendingPathComponent("index.json"))
        try oldSignature.write(to: dist.appendingPathComponent("index.json.sig"))
        let replayed = try fetch("2026-04-20")
        #expect(replayed.status == 0 && replayed.stdout.contains("rejected remote 2026: [index.replay]"), "\(replayed.stdout)")
        #expect(replayed.stdout.hasPrefix("active: cache 2026 version \(version)"), "\(replayed.stdout)")
    }

    @Test("usage errors exit 2")
    func usage() throws {
        #expect(try spawnTaxdata("fetch", "--url", "ftp://x", "--cache", "/tmp/x").status == 2)
        #expect(try spawnTaxdata("fetch", "--url", "http://127.0.0.1:9/").status == 2)
        #expect(try spawnTaxdata("fetch", "--url", "http://127.0.0.1:9/", "--cache", "/tmp/x", "--now", "soon").status == 2)
    }
}
