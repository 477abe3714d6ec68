import CompressNIO
import Foundation
import TaxDataTestSupport
import Hummingbird
import HummingbirdTesting
import Testing
import TaxDataCore
@testable import TaxDataServer

@Suite("taxdata serve: routes, in process")
struct RouteTests {
    func app(_ faults: [Fault] = [], seed: UInt64 = 1) throws -> (some ApplicationProtocol, URL) {
        let dist = try makeDist()
        let server = TaxDataServer(dist: DistDirectory(root: dist), faults: FaultPlan(faults, seed: seed), slowSeconds: 0.01)
        return (Application(router: server.buildRouter(), logger: quietLogger), dist)
    }

    @Test("bundle files, ETag / If-None-Match, Cache-Control, content type")
    func files() async throws {
        let (app, dist) = try app()
        defer { try? FileManager.default.removeItem(at: dist) }
        try await app.test(.router) { client in
            let manifestOnDisk = try Data(contentsOf: dist.appendingPathComponent("2026/manifest.json"))
            let etag = try await client.execute(uri: "/2026/manifest.json", method: .get) { response -> String in
                #expect(response.status == .ok)
                #expect(Data(buffer: response.body) == manifestOnDisk)
                #expect(response.headers[.contentType] == "application/json")
                #expect(response.headers[.cacheControl] == "public, max-age=60, must-revalidate")
                return response.headers[.eTag]!
            }
            #expect(etag.hasPrefix("\"sha256-") && etag.count == 73)
            try await client.execute(uri: "/2026/manifest.json", method: .get, headers: [.ifNoneMatch: etag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/2026/federal_2026.json", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "public, no-cache")
            }
            try await client.execute(uri: "/index.json", method: .get) { response in
                #expect(response.status == .ok)
            }
            let manifest = try CanonicalJSON.decode(Manifest.self, from: manifestOnDisk)
            let hex = manifest.checksums["states_2026.json"]!.dropFirst(7)
            try await client.execute(uri: "/2026/sha256/\(hex)", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
            }
            for bad in ["/2026/vectors/manifest.json", "/2026/..%2Findex.json", "/2026/.hidden", "/abcd/manifest.json", "/2026/sha256/00", "/2031/manifest.json", "/etc/passwd",
                        "/02026/manifest.json", "/+2026/manifest.json", "/v1/tax-data/02026", "/v1/tax-data/+2026/version", "/v1/tax-data/٢٠٢٦"] {
                try await client.execute(uri: bad, method: .get) { response in #expect(response.status == .notFound, "\(bad)") }
            }
        }
    }

    @Test("each year's vectors form (schema 1.14) is served like the others: its manifest, signature route and document; nothing unlisted")
    func vectorsForm() async throws {
        let dist = try makeDist(vectorsForm: true)
        defer { try? FileManager.default.removeItem(at: dist) }
        let app = Application(router: TaxDataServer(dist: DistDirectory(root: dist), slowSeconds: 0.01).buildRouter(), logger: quietLogger)
        try await app.test(.router) { client in
            for path in ["2026/vectors/manifest.json", "2026/vectors/vectors_2026.json"] {
                let onDisk = try Data(contentsOf: dist.appendingPathComponent(path))
                try await client.execute(uri: "/" + path, method: .get) { response in
                    #expect(response.status == .ok, "\(path)")
                    #expect(Data(buffer: response.body) == onDisk, "\(path)")
                }
            }
            try Data("{}".utf8).write(to: dist.appendingPathComponent("2026/vectors/other.json"))
            for missing in ["/2026/vectors/manifest.json.sig", "/2026/vectors/other.json", "/2026/vectors/vectors_2025.json"] {
                try await client.execute(uri: missing, method: .get) { response in #expect(response.status == .notFound, "\(missing)") }
            }
        }
    }

    @Test("the bundle contract's endpoints: the combined document and the version check")
    func endpoints() async throws {
        let (app, dist) = try app()
        defer { try? FileManager.default.removeItem(at: dist) }
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/tax-data/2026", method: .get) { response in
                #expect(response.status == .ok)
                let document = try CanonicalJSON.decode(CombinedDocument.self, from: Data(buffer: response.body))
                #expect(document.version.description == dataVersion(plus: 1))
                #expect(document.states["NY"]?.nycTax != nil)
            }
            for (current, hasUpdate, isRequired) in [(dataVersion(plus: 0), true, false), (dataVersion(plus: 1), false, false), ("2026.0.9", true, true)] {
                try await client.execute(uri: "/v1/tax-data/2026/version?current=\(current)", method: .get) { response in
                    let answer = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as! [String: Any]
                    #expect(answer["hasUpdate"] as? Bool == hasUpdate)
                    #expect(answer["isRequired"] as? Bool == isRequired)
                    #expect(answer["latestVersion"] as? String == dataVersion(plus: 1))
                    #expect(answer.keys.contains("changeLog"))
                }
            }
            try await client.execute(uri: "/v1/tax-data/1999", method: .get) { #expect($0.status == .notFound) }
        }
    }

    @Test("a new dist in place of the old one is served without a restart")
    func republish() async throws {
        let first = try makeDist(version2026: dataVersion(plus: 1)), second = try makeDist(version2026: dataVersion(plus: 2))
        defer { try? FileManager.default.removeItem(at: first); try? FileManager.default.removeItem(at: second) }
        let live = first.deletingLastPathComponent().appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: first, to: live)
        defer { try? FileManager.default.removeItem(at: live) }
        let server = TaxDataServer(dist: DistDirectory(root: live))
        let app = Application(router: server.buildRouter(), logger: quietLogger)
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/tax-data/2026/version", method: .get) { response in
                #expect(String(buffer: response.body).contains(dataVersion(plus: 1)))
            }
            try FileManager.default.removeItem(at: live)
            try FileManager.default.copyItem(at: second, to: live)
            try await client.execute(uri: "/v1/tax-data/2026/version", method: .get) { response in
                #expect(String(buffer: response.body).contains(dataVersion(plus: 2)))
            }
        }
    }

    @Test("fault specs parse; probabilities are repeatable under a seed; faults can be limited to a path")
    func faultPlan() throws {
        #expect(try Fault(parsing: "corrupt:0.3@/2026/") == Fault(mode: .corrupt, probability: 0.3, pathPrefix: "/2026/"))
        #expect(throws: FaultError.self) { try Fault(parsing: "explode") }
        #expect(throws: FaultError.self) { try Fault(parsing: "corrupt:1.5") }
        #expect(throws: FaultError.self) { try Fault(parsing: "slow@2026") }
        let a = FaultPlan([Fault(mode: .corrupt, probability: 0.3)], seed: 42)
        let b = FaultPlan([Fault(mode: .corrupt, probability: 0.3)], seed: 42)
        let runA = (0..<500).map { _ in a.fault(for: "/x") != nil }
        let runB = (0..<500).map { _ in b.fault(for: "/x") != nil }
        #expect(runA == runB)
        let share = Double(runA.filter { $0 }.count) / 500
        #expect(share > 0.2 && share < 0.4)
        let limited = FaultPlan([Fault(mode: .http500, pathPrefix: "/2026/manifest.json")])
        #expect(limited.fault(for: "/2026/manifest.json") == .http500)
        #expect(limited.fault(for: "/2026/fica_2026.json") == nil)
    }

    @Test("gzip when asked: a body of 1 KB or more is sent compressed with its own ETag, which revalidates; identity otherwise; Vary on both")
    func gzipNegotiation() async throws {
        let (app, dist) = try app([])
        defer { try? FileManager.default.removeItem(at: dist) }
        let original = try Data(contentsOf: dist.appendingPathComponent("2026/app/app_2026.json"))
        try await app.test(.router) { client in
            var gzipETag = ""
            try await client.execute(uri: "/2026/app/app_2026.json", method: .get, headers: [.acceptEncoding: "br;q=1, gzip;q=0.8"]) { response in
                #expect(response.headers[.contentEncoding] == "gzip" && response.headers[.vary] == "Accept-Encoding")
                var packed = response.body
                #expect(packed.readableBytes < original.count / 4)
                #expect(Data(buffer: try packed.decompress(with: .gzip())) == original)
                gzipETag = try #require(response.headers[.eTag])
                #expect(gzipETag.hasSuffix("-gzip\""))
            }
            try await client.execute(uri: "/2026/app/app_2026.json", method: .get,
                                     headers: [.acceptEncoding: "gzip", .ifNoneMatch: gzipETag]) { response in
                #expect(response.status == .notModified)
            }
            for refusal in ["identity", "gzip;q=0", "*;q=0", "br"] {
                try await client.execute(uri: "/2026/app/app_2026.json", method: .get, headers: [.acceptEncoding: refusal]) { response in
                    #expect(response.headers[.contentEncoding] == nil, "\(refusal)")
                    #expect(Data(buffer: response.body) == original && response.headers[.vary] == "Accept-Encoding")
                }
            }
            try await client.execute(uri: "/index.json.sig", method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                #expect(response.status == .notFound || response.headers[.contentEncoding] == nil, "small bodies stay as they are")
            }
        }
        #expect(TaxDataServer.acceptsGzip("*") && TaxDataServer.acceptsGzip("x-gzip") && !TaxDataServer.acceptsGzip(nil))
        #expect(!TaxDataServer.acceptsGzip("gzip;q=0, *;q=1"), "an explicit refusal wins over the wildcard")
    }

    @Test("each fault changes the response as described", arguments: FaultMode.allCases.filter { $0 != .endless && $0 != .drop })
    func faultResponses(mode: FaultMode) async throws {
        let (app, dist) = try app([Fault(mode: mode)])
        defer { try? FileManager.default.removeItem(at: dist) }
        let original = try Data(contentsOf: dist.appendingPathComponent("2026/manifest.json"))
        try await app.test(.router) { client in
            try await client.execute(uri: "/2026/manifest.json", method: .get) { response in
                let body = Data(buffer: response.body)
                switch mode {
                case .http500: #expect(response.status == .internalServerError)
                case .notFound: #expect(response.status == .notFound)
                case .slow, .wrongContentType:
                    #expect(body == original)
                    if mode == .wrongContentType { #expect(response.headers[.contentType]?.hasPrefix("text/html") == true) }
                case .truncate: #expect(body == original.prefix(original.count / 2))
                case .corrupt: #expect(body.count == original.count && body != original)
                case .garbage: #expect((try? JSONSerialization.jsonObject(with: body)) == nil)
                case .badChecksum, .invalidData, .rollback, .expired:
                    let manifest = try CanonicalJSON.decode(Manifest.self, from: body)
                    #expect(body != original)
                    if mode == .rollback { #expect(manifest.version.description == "2026.0.0") }
                    if mode == .expired { #expect(manifest.expirationDate == "2026-01-02") }
                case .gzipBomb, .gzipMismatch:
                    #expect(response.headers[.contentEncoding] == "gzip")
                    var packed = response.body
                    let inflated = Data(buffer: try packed.decompress(with: .gzip()))
                    if mode == .gzipBomb {
                        #expect(body.count < 64 << 10 && inflated.count == 16 << 20 && inflated.allSatisfy { $0 == 0 })
                    } else {
                        #expect(inflated.count == original.count && inflated != original)
                    }
                case .endless, .drop: break
                }
            }
        }
    }
}
