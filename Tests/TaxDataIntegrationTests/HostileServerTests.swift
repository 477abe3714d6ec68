import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The client against lying HTTP servers (scripts/lying-server.py), end to end: the real
/// `taxdata fetch` over real sockets, with its peak memory (getrusage of the child) and the bytes
/// the server managed to send measured in the same run. Findings 3, 4, 5, 6, 8 and 10 of the
/// hardening issue.
@Suite("Hostile servers: the client stays bounded", .serialized)
struct HostileServerTests {
    static let script = packageRoot.appendingPathComponent("scripts/lying-server.py").path
    /// The client's default `maxResponseBytes`.
    static let maxResponseBytes = 8 << 20
    /// The bound the issue sets: 64 MiB plus twice the response limit.
    static let memoryBoundKiB = (64 << 10) + 2 * (maxResponseBytes >> 10)

    struct Outcome {
        var exit: Int
        var maxrssKiB: Int
        var stdout: String
        var bytesSent: Int
        var requests: [String]
        var cache: URL
    }

    /// A dist built from the real sources, served by the lying server in `mode`, fetched once.
    func fetch(_ mode: String, bombMiB: Int = 1024) throws -> Outcome {
        let tmp = try temporaryDirectory()
        let dist = tmp.appendingPathComponent("dist")
        let built = try spawnTaxdata("build", packageRoot.appendingPathComponent("TaxData").path, "--out", dist.path)
        try #require(built.status == 0, "\(built.stdout)\(built.stderr)")
        let stats = tmp.appendingPathComponent("stats.json")
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", Self.script, "serve", "--dist", dist.path, "--mode", mode, "--stats", stats.path,
                            "--bomb-mib", String(bombMiB), "--lifetime", "60"]
        let portPipe = Pipe()
        server.standardOutput = portPipe
        try server.run()
        // SIGKILL: a child of Foundation's Process may have SIGTERM blocked, and the server must not
        // outlive the test (it would stop by itself only after --lifetime).
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
        let line = String(decoding: portPipe.fileHandleForReading.availableDataLine(), as: UTF8.self)
        let port = try #require(Int(line.trimmingCharacters(in: .whitespacesAndNewlines)), "no port from the lying server: '\(line)'")
        let cache = tmp.appendingPathComponent("cache")
        let measured = try run("/usr/bin/env", ["python3", Self.script, "measure", "--", taxdataBinary, "fetch",
                                                "--url", "http://127.0.0.1:\(port)/", "--cache", cache.path, "--now", "2026-03-01"])
        let result = try JSONSerialization.jsonObject(with: Data(measured.stdout.utf8)) as! [String: Any]
        let sent = (try? JSONSerialization.jsonObject(with: Data(contentsOf: stats))) as? [String: Any] ?? [:]
        return Outcome(exit: result["exit"] as! Int, maxrssKiB: result["maxrssKiB"] as! Int, stdout: result["stdout"] as! String,
                       bytesSent: ((sent["bytesSent"] as? [String: Int]) ?? [:]).values.reduce(0, +),
                       requests: sent["requests"] as? [String] ?? [], cache: cache)
    }

    func expectBounded(_ o: Outcome, _ mode: String) {
        #expect(o.exit == 0, "\(mode): valid data must stay active\n\(o.stdout)")
        #expect(o.maxrssKiB <= Self.memoryBoundKiB, "\(mode): peak memory \(o.maxrssKiB) KiB > \(Self.memoryBoundKiB) KiB")
        // The largest bundle file is under 1 MiB: limit + 1 MiB is far below what the server offers.
        #expect(o.bytesSent <= 3 << 20, "\(mode): the server sent \(o.bytesSent) bytes before the client stopped reading")
        print("hostile server \(mode): exit \(o.exit), peak memory \(o.maxrssKiB / 1024) MiB, server sent \(o.bytesSent / 1024) KiB in \(o.requests.count) request(s)")
    }

    @Test("3: a gzip bomb (1 MiB inflating to 1 GiB) is cut off at the limit, counted in inflated bytes; memory stays bounded")
    func gzipBomb() throws {
        let o = try fetch("gzip-bomb")
        expectBounded(o, "gzip-bomb")
        #expect(o.stdout.contains("[transport.too-large]"), "\(o.stdout)")
        #expect(o.stdout.contains("active: embedded"))
    }

    @Test("4: a CDN that compresses when asked delivers the update, gzip on the wire (the client asks for it)")
    func legitimateCompression() throws {
        let o = try fetch("gzip")
        #expect(o.stdout.contains("active: remote"), "\(o.stdout)")
        #expect(!o.stdout.contains("rejected remote"))
        // The app form's document is 123 KB; gzip brings the whole update under 64 KB.
        #expect(o.bytesSent < 64 << 10, "\(o.bytesSent) bytes sent")
    }

    @Test("5: an endless body, a lying Content-Length and a huge one are cut off at the limit")
    func endlessBodies() throws {
        for mode in ["endless", "lying-length", "huge-length"] {
            let o = try fetch(mode, bombMiB: 512)
            expectBounded(o, mode)
            #expect(o.stdout.contains("rejected remote 2026"), "\(mode): \(o.stdout)")
            #expect(!FileManager.default.fileExists(atPath: o.cache.appendingPathComponent("2026").path), "\(mode): bytes were cached")
        }
    }

    @Test("6: a manifest listing 30 × 8 MiB extra files costs no download")
    func junkManifest() throws {
        let o = try fetch("junk-manifest")
        expectBounded(o, "junk-manifest")
        #expect(o.stdout.contains("[bundle.extra-file]"), "\(o.stdout)")
        #expect(!o.requests.contains { $0.contains("extra_") })
        #expect(o.bytesSent < 64 << 10)
    }

    @Test("8: 304 to a request without If-None-Match is not 'unchanged'")
    func unsolicitedNotModified() throws {
        let o = try fetch("version-lie")
        #expect(o.stdout.contains("[http.status]") && o.stdout.contains("If-None-Match"), "\(o.stdout)")
        #expect(o.stdout.contains("active: embedded"))
    }

    @Test("10: an HTML page served as the signature is not cached")
    func junkSignature() throws {
        let o = try fetch("junk-signature")
        #expect(o.stdout.contains("active: remote"), "\(o.stdout)")
        let stored = try FileManager.default.contentsOfDirectory(atPath: o.cache.appendingPathComponent("2026").path)
        #expect(!stored.contains("manifest.json.sig") && stored.contains("manifest.json"))
    }
}
