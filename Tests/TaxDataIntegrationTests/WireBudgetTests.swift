import Foundation
import Testing
import TaxDataClient
import TaxDataCore
import TaxDataTestSupport

/// Issue 34's wire budget: one year's update, signatures included, is at most 64 KB on the wire,
/// measured by a relay (`scripts/wire-bytes.py`) between `taxdata fetch` and a real server.
@Suite("The bytes of one year's update on the wire", .serialized)
struct WireBudgetTests {
    static let budget = 64 << 10
    static let script = packageRoot.appendingPathComponent("scripts/wire-bytes.py").path

    /// A relay in front of 127.0.0.1:`port`, and the file where it counts.
    final class Relay {
        let port: Int
        let stats: URL
        private let process = Process()

        init(target: Int, stats: URL) throws {
            self.stats = stats
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", WireBudgetTests.script, "--target", String(target), "--stats", stats.path, "--lifetime", "120"]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let line = String(decoding: pipe.fileHandleForReading.availableDataLine(), as: UTF8.self)
            port = try #require(Int(line.trimmingCharacters(in: .whitespacesAndNewlines)), "no port from the relay: '\(line)'")
        }

        /// The bytes sent to the client once every connection has closed.
        func bytesToClient() async throws -> Int {
            for _ in 0..<100 {
                if let data = try? Data(contentsOf: stats),
                   let counts = try JSONSerialization.jsonObject(with: data) as? [String: Int],
                   counts["open"] == 0, (counts["connections"] ?? 0) > 0 {
                    return counts["toClient"] ?? 0
                }
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            Issue.record("the relay's connections did not close")
            return Int.max
        }

        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    @Test("one year's update with pinned keys, from taxdata serve and from nginx, is at most 64 KB on the wire (the first form, as a 1.0 client fetches it, is the baseline)")
    func update() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let version = dataVersion(plus: 3)
        let (dist, pub) = try CompatibilityTests.signedDist(in: tmp, version: version)
        var servers: [(name: String, port: Int, stop: () -> Void)] = []
        let serve = try ServeProcess(dist: dist, log: tmp.appendingPathComponent("serve.log"))
        servers.append(("taxdata serve", try #require(URLComponents(string: serve.url)?.port), serve.stop))
        if let nginx = nginxPath {
            let server = try NginxProcess(nginx: nginx, dist: dist)
            servers.append(("nginx", server.port, server.stop))
        } else {
            #expect(!nginxRequired, "nginx is required (make test installs it)")
        }
        defer { for server in servers { server.stop() } }

        var lines: [String] = []
        for server in servers {
            func measure(_ binary: String) async throws -> (bytes: Int, stdout: String) {
                let relay = try Relay(target: server.port, stats: tmp.appendingPathComponent("wire-\(UUID().uuidString).json"))
                defer { relay.stop() }
                func fetch() throws -> RunResult {
                    try run(binary, ["fetch", "--url", "http://127.0.0.1:\(relay.port)/", "--cache", tmp.appendingPathComponent("cache-\(UUID().uuidString)").path,
                                     "--key", pub, "--now", "2026-03-02"])
                }
                var fetched = try fetch()
                for _ in 0..<50 where fetched.stdout.contains("[transport.") && server.name == "nginx" {
                    // nginx may still be starting: try again.
                    try await Task.sleep(nanoseconds: 100_000_000)
                    fetched = try fetch()
                }
                #expect(fetched.status == 0 && fetched.stdout.hasPrefix("active: remote 2026 version \(version)"), "\(server.name): \(fetched.stdout)\(fetched.stderr)")
                return (try await relay.bytesToClient(), fetched.stdout)
            }
            let app = try await measure(taxdataBinary)
            #expect(app.bytes <= Self.budget, "\(server.name): one year's update took \(app.bytes) bytes on the wire")
            var line = "\(server.name): app form, gzip \(app.bytes) bytes"
            if let old = compatBinary {
                let first = try await measure(old)
                #expect(first.bytes > 10 * app.bytes, "\(server.name): the first form took \(first.bytes) bytes")
                line += "; first form (the 1.0 client, identity) \(first.bytes) bytes: \(String(format: "%.1f", Double(first.bytes) / Double(app.bytes)))×"
            }
            lines.append(line)
        }
        print("\nOne year's update on the wire (index, signatures, manifest, documents; HTTP headers included):\n" + lines.joined(separator: "\n"))
    }
}
