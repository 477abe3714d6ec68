import Foundation
import TaxDataTestSupport
import Testing
import TaxDataClient
import TaxDataCore
#if canImport(Glibc)
import Glibc
#endif

let nginxPath = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
/// `make test` sets TAXDATA_REQUIRE_NGINX=1 after installing nginx, so the test cannot be skipped there.
let nginxRequired = ProcessInfo.processInfo.environment["TAXDATA_REQUIRE_NGINX"] == "1"

/// A free TCP port on 127.0.0.1 (bound, read, released).
func freePort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
    return Int(UInt16(bigEndian: address.sin_port))
}

@Suite("Static hosting: a real nginx serving dist/ with docs/nginx/taxdata.conf", .serialized,
       .enabled(if: nginxPath != nil || nginxRequired, "nginx is not installed; `make test` installs it"))
struct NginxTests {
    @Test("the client fetches, verifies and caches from nginx; ETag revalidation and the combined document work")
    func clientAgainstNginx() async throws {
        let nginx = try #require(nginxPath, "nginx is required (make test installs it)")
        let dist = try makeDist(version2026: dataVersion(plus: 1))
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("taxdata-nginx-\(UUID().uuidString)")
        let cache = prefix.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: prefix); try? FileManager.default.removeItem(at: dist) }
        // nginx workers run as an unprivileged user: the dist must be world-readable.
        _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "a+rX", dist.path]).waitUntilExit()
        let port = freePort()
        let template = try String(contentsOf: packageRoot.appendingPathComponent("docs/nginx/taxdata.conf"), encoding: .utf8)
        let config = template.replacingOccurrences(of: "@PREFIX@", with: prefix.path)
            .replacingOccurrences(of: "@DIST@", with: dist.path).replacingOccurrences(of: "@PORT@", with: String(port))
        try config.write(to: prefix.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-p", prefix.path, "-c", prefix.appendingPathComponent("nginx.conf").path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            kill(process.processIdentifier, SIGQUIT)
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning && Date() < deadline { usleep(10_000) }
        }
        let base = URL(string: "http://127.0.0.1:\(port)/")!
        let transport = URLSessionTransport()
        // Wait until nginx answers.
        var ready = false
        for _ in 0..<100 where !ready {
            ready = (try? await transport.send(HTTPRequest(url: base.appendingPathComponent("index.json"), maxBytes: 1 << 20, timeout: 1)))?.status == 200
            if !ready { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        #expect(ready, "nginx did not start: \((try? String(contentsOf: prefix.appendingPathComponent("error.log"), encoding: .utf8)) ?? "")")

        let manifest = try await transport.send(HTTPRequest(url: base.appendingPathComponent("2026/manifest.json"), maxBytes: 1 << 20, timeout: 2))
        #expect(manifest.headers["cache-control"] == "public, max-age=60, must-revalidate")
        #expect(manifest.headers["content-type"]?.hasPrefix("application/json") == true)
        let etag = try #require(manifest.headers["etag"])
        let revalidated = try await transport.send(HTTPRequest(url: base.appendingPathComponent("2026/manifest.json"),
                                                               headers: ["If-None-Match": etag], maxBytes: 1 << 20, timeout: 2))
        #expect(revalidated.status == 304)
        let combined = try await transport.send(HTTPRequest(url: base.appendingPathComponent("v1/tax-data/2026"), maxBytes: 1 << 20, timeout: 2))
        #expect(combined.status == 200)
        #expect(try CanonicalJSON.decode(CombinedDocument.self, from: combined.body).version.description == dataVersion(plus: 1))

        let client = try TaxDataProvider(configuration: .init(baseURL: base, requestTimeout: 2), transport: transport,
                                         store: FileBundleStore(directory: cache), clock: FixedClock(), embedded: try EmbeddedBundles.packaged())
        let status = await client.refresh()
        #expect(status.source == .remote && status.version == dataVersion(plus: 1), "\(status.rejections)")
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("2026/states_2026.json").path))
        // A second refresh is a conditional request: 304, nothing downloaded again, data unchanged.
        let again = await client.refresh()
        #expect(again.version == dataVersion(plus: 1))
        #expect(again.rejections.filter { $0.source == .remote }.isEmpty, "\(again.rejections)")
    }
}
