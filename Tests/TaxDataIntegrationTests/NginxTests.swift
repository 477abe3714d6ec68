import Foundation
import TaxDataTestSupport
import Testing
import TaxDataClient
import TaxDataCore

@Suite("Static hosting: a real nginx serving dist/ with docs/nginx/taxdata.conf", .serialized,
       .enabled(if: nginxPath != nil || nginxRequired, "nginx is not installed; `make test` installs it"))
struct NginxTests {
    @Test("the client fetches, verifies and caches from nginx; ETag revalidation and the combined document work")
    func clientAgainstNginx() async throws {
        let nginx = try #require(nginxPath, "nginx is required (make test installs it)")
        let dist = try makeDist(version2026: dataVersion(plus: 1))
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("taxdata-cache-\(UUID().uuidString)")
        let server = try NginxProcess(nginx: nginx, dist: dist)
        defer { server.stop(); try? FileManager.default.removeItem(at: cache); try? FileManager.default.removeItem(at: dist) }
        let port = server.port
        let base = URL(string: "http://127.0.0.1:\(port)/")!
        let transport = URLSessionTransport()
        // Wait until nginx answers.
        var ready = false
        for _ in 0..<100 where !ready {
            ready = (try? await transport.send(HTTPRequest(url: base.appendingPathComponent("index.json"), maxBytes: 1 << 20, timeout: 1)))?.status == 200
            if !ready { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        #expect(ready, "nginx did not start: \(server.errorLog)")

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
                                         store: FileBundleStore(directory: cache), clock: FixedClock(), embedded: try EmbeddedBundles.packaged(), logger: quietLogger)
        let status = await client.refresh()
        #expect(status.source == .remote && status.version == dataVersion(plus: 1), "\(status.rejections)")
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("2026/app_2026.json").path))
        // A second refresh is a conditional request: 304, nothing downloaded again, data unchanged.
        let again = await client.refresh()
        #expect(again.version == dataVersion(plus: 1))
        #expect(again.rejections.filter { $0.source == .remote }.isEmpty, "\(again.rejections)")
    }
}
