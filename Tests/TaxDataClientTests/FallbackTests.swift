import Foundation
import TaxDataTestSupport
import Testing
import TaxDataClient
import TaxDataCore
import TaxDataCrypto

/// One test per branch of the fallback, over an in-memory transport and store.
@Suite("Client fallback: remote → cache → embedded")
struct FallbackTests {
    /// Refreshes once and returns the status; asserts the cache did not receive rejected bytes.
    func refreshRejected(_ transport: MemoryTransport, reason: RuleID, keys: [Ed25519PublicKey] = []) async throws -> TaxDataStatus {
        let store = MemoryStore()
        let client = try provider(transport, store, keys: keys)
        let status = await client.refresh()
        #expect(status.source == .embedded)
        #expect(status.version == dataVersion(plus: 0))
        #expect(status.rejections.contains { $0.source == .remote && $0.reason == reason }, "\(status.rejections)")
        #expect(store.yearsStored.isEmpty, "rejected bytes reached the cache")
        #expect(await client.federalBrackets(for: .single).count == 7)
        return status
    }

    @Test("the embedded bundle is valid and active when there is nothing else")
    func embeddedOnly() async throws {
        let client = try TaxDataProvider(configuration: .init(baseURL: nil), transport: MemoryTransport(), store: MemoryStore(),
                                         clock: TestClock("2026-03-01T12:00:00Z"), embedded: embedded, logger: quietLogger)
        let status = await client.status()
        #expect(status.source == .embedded && status.taxYear == 2026 && status.rejections.isEmpty)
        #expect(await client.standardDeduction(for: .single) == Money.parse("16100"))
        #expect(await client.fica().socialSecurity.wageBase == Money.parse("184500"))
        #expect(await client.stateConfig("ca", year: 2025)?.name == "California")
    }

    @Test("offline") func offline() async throws {
        let t = MemoryTransport(); t.failAll(TransportError(.offline, "no network"))
        _ = try await refreshRejected(t, reason: "transport.offline")
    }

    @Test("404") func notFound() async throws { _ = try await refreshRejected(MemoryTransport(), reason: "http.status") }

    @Test("500") func serverError() async throws {
        let t = MemoryTransport(); t.fallback = .response(HTTPResponse(status: 500))
        _ = try await refreshRejected(t, reason: "http.status")
    }

    @Test("a response body in an encoding the client refuses") func encoding() async throws {
        let t = MemoryTransport(); t.failAll(TransportError(.encoding, "Content-Encoding: br"))
        _ = try await refreshRejected(t, reason: .transportEncoding)
    }

    @Test("a connection that fails") func connection() async throws {
        let t = MemoryTransport(); t.failAll(TransportError(.connection, "reset by peer"))
        _ = try await refreshRejected(t, reason: .transportConnection)
    }

    @Test("every client refusal is a catalogued RuleID, distinct from every bundle check")
    func refusalCatalogue() {
        #expect(Set(RuleID.clientRefusals).count == RuleID.clientRefusals.count)
        let checks = Set(RuleSet.standard.rules.map(\.id)).union(BundleChecks.catalogue.flatMap(\.rules))
        #expect(RuleID.clientRefusals.allSatisfy { !checks.contains($0) }, "\(RuleID.clientRefusals.filter(checks.contains))")
    }

    @Test("timeout") func timeout() async throws {
        let t = MemoryTransport(); t.failAll(TransportError(.timeout, "15 s"))
        _ = try await refreshRejected(t, reason: "transport.timeout")
    }

    @Test("a truncated body") func truncated() async throws {
        var files = try bundleFiles(version: dataVersion(plus: 1))
        files["states_2026.json"] = files["states_2026.json"]!.prefix(1000)
        let t = MemoryTransport(); t.serve(year: 2026, files: files)
        _ = try await refreshRejected(t, reason: "bundle.size")
    }

    @Test("an oversized body is cut off at the manifest's size") func oversized() async throws {
        var files = try bundleFiles(version: dataVersion(plus: 1))
        files["fica_2026.json"] = files["fica_2026.json"]! + Data(repeating: 0x20, count: 10_000)
        let t = MemoryTransport(); t.serve(year: 2026, files: files)
        _ = try await refreshRejected(t, reason: "transport.too-large")
        let request = t.requests.first { $0.url.lastPathComponent == "fica_2026.json" }!
        let manifest = try CanonicalJSON.decode(Manifest.self, from: files["manifest.json"]!)
        #expect(request.maxBytes == manifest.sizes["fica_2026.json"])
    }

    @Test("a checksum mismatch") func checksum() async throws {
        var files = try bundleFiles(version: dataVersion(plus: 1))
        var bytes = files["federal_2026.json"]!; bytes[bytes.count / 2] ^= 1; files["federal_2026.json"] = bytes
        let t = MemoryTransport(); t.serve(year: 2026, files: files)
        _ = try await refreshRejected(t, reason: "bundle.checksum")
    }

    @Test("valid checksums over invalid brackets") func invalidBrackets() async throws {
        let files = try bundleFiles(version: dataVersion(plus: 1)) { data in
            var single = data.federal.brackets[.single]!
            single[2].floor = Money.parse("50000")!
            data.federal.brackets = StatusTable(written: data.federal.brackets.written.merging([.single: single]) { $1 },
                                                aliases: data.federal.brackets.aliases)
        }
        let t = MemoryTransport(); t.serve(year: 2026, files: files)
        _ = try await refreshRejected(t, reason: "brackets.contiguous")
    }

    @Test("an unknown schema major") func schemaMajor() async throws {
        let files = try bundleFiles(version: dataVersion(plus: 1)) { $0.meta.schemaVersion = SchemaVersion(major: 2, minor: 0) }
        let t = MemoryTransport(); t.serve(year: 2026, files: files)
        _ = try await refreshRejected(t, reason: "schema.unsupported")
    }

    @Test("a bad signature and an untrusted signer") func signatures() async throws {
        let trusted = try Ed25519PrivateKey.generate(), other = try Ed25519PrivateKey.generate()
        let issued = "2026-03-01T00:00:00Z"
        let t = MemoryTransport()
        try t.publish(files: try bundleFiles(version: dataVersion(plus: 1), signedBy: [other]), issuedAt: issued, signedBy: [other])
        _ = try await refreshRejected(t, reason: "signature.untrusted", keys: [trusted.publicKey])
        // The index signed by the trusted key, the manifest's own signature not.
        let t1 = MemoryTransport()
        try t1.publish(files: try bundleFiles(version: dataVersion(plus: 1), signedBy: [other]), issuedAt: issued, signedBy: [trusted])
        _ = try await refreshRejected(t1, reason: "signature.untrusted", keys: [trusted.publicKey])
        var forged = try bundleFiles(version: dataVersion(plus: 1), signedBy: [trusted])
        forged["manifest.json.sig"] = try SignatureEnvelope.sign(Data("something else".utf8), with: [trusted])
        let t2 = MemoryTransport(); try t2.publish(files: forged, issuedAt: issued, signedBy: [trusted])
        _ = try await refreshRejected(t2, reason: "signature.invalid", keys: [trusted.publicKey])
        let t3 = MemoryTransport(); try t3.publish(files: try bundleFiles(version: dataVersion(plus: 1)), issuedAt: issued, signedBy: [trusted])
        _ = try await refreshRejected(t3, reason: "signature.missing", keys: [trusted.publicKey])
        // Signed by the trusted key: accepted.
        let t4 = MemoryTransport()
        try t4.publish(files: try bundleFiles(version: dataVersion(plus: 1), signedBy: [trusted]), issuedAt: issued, signedBy: [trusted])
        let status = await (try provider(t4, MemoryStore(), keys: [trusted.publicKey])).refresh()
        #expect(status.source == .remote && status.version == dataVersion(plus: 1))
    }

    @Test("an accepted update is cached, survives a restart, and rollback is refused across restarts")
    func acceptCacheRollback() async throws {
        let store = MemoryStore(), t = MemoryTransport()
        t.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 2)))
        let first = try provider(t, store)
        let accepted = await first.refresh()
        #expect(accepted.source == .remote && accepted.version == dataVersion(plus: 2))
        #expect(store.yearsStored[2026] != nil)
        // Restart, offline: the cache is verified and used.
        let offline = MemoryTransport(); offline.failAll(TransportError(.offline, "plane"))
        let second = try provider(offline, store)
        #expect(await second.status().source == .cache)
        #expect(await second.refresh().version == dataVersion(plus: 2))
        // The server now serves an older version: refused, even by a new process.
        let older = MemoryTransport(); older.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 1)))
        let third = try provider(older, store)
        let status = await third.refresh()
        #expect(status.version == dataVersion(plus: 2) && status.source == .cache)
        #expect(status.rejections.contains { $0.reason == "rollback" })
        // The remembered highest version only grows: a restart with the older bundle in the cache
        // (the newer one lost) keeps v2 as the highest accepted, and the server's v1 stays refused.
        store.yearsStored[2026] = try bundleFiles(version: dataVersion(plus: 1))
        let fourth = try provider(older, store)
        #expect(String(decoding: store.state ?? Data(), as: UTF8.self).contains(dataVersion(plus: 2)))
        #expect(await fourth.status().version == dataVersion(plus: 1))
    }

    @Test("a corrupt cache file is discarded, never used")
    func corruptCache() async throws {
        let store = MemoryStore(), t = MemoryTransport()
        t.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 2)))
        _ = await (try provider(t, store)).refresh()
        store.yearsStored[2026]!["states_2026.json"] = Data("{\"year\": 2026}".utf8)
        let client = try provider(MemoryTransport(), store)
        let status = await client.status()
        #expect(status.source == .embedded)
        #expect(status.rejections.contains { $0.source == .cache && $0.reason == "bundle.size" })
        #expect(store.yearsStored[2026] == nil)
        // Corrupt state file: rebuilt from the verified cache (which is kept), never from nothing.
        store.state = Data("not json".utf8)
        store.yearsStored[2026] = try bundleFiles(version: dataVersion(plus: 2))
        let again = try provider(MemoryTransport(), store)
        #expect(await again.status().rejections.contains { $0.reason == "cache.state" })
        #expect(await again.status().source == .cache)
    }

    @Test("a cache directory left by an older app version is discarded")
    func olderAppCache() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("taxdata-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("2026"), withIntermediateDirectories: true)
        try Data("taxdata-cache 0\n".utf8).write(to: directory.appendingPathComponent("FORMAT"))
        try Data("{}".utf8).write(to: directory.appendingPathComponent("2026/tax_data_2026.json"))
        let client = try provider(MemoryTransport(), FileBundleStore(directory: directory))
        let status = await client.status()
        #expect(status.source == .embedded)
        #expect(status.rejections.contains { $0.reason == "cache.format" })
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("2026").path))
    }

    @Test("a cache directory that cannot be written: the verified update is still used in this session")
    func unwritableCache() async throws {
        let store = MemoryStore(); store.failWrites = true
        let t = MemoryTransport(); t.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 3)))
        let status = await (try provider(t, store)).refresh()
        #expect(status.source == .remote && status.version == dataVersion(plus: 3))
        #expect(status.rejections.contains { $0.reason == "cache.write" })
        // And a real directory that is a file.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-dir-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let onFile = await (try provider(t, FileBundleStore(directory: file))).refresh()
        #expect(onFile.source == .remote)
        #expect(onFile.rejections.contains { $0.reason == "cache.write" })
    }

    @Test("conditional requests: a 304 costs no body and keeps the cache")
    func etag() async throws {
        let store = MemoryStore(), t = MemoryTransport()
        t.serve(appForm: 2026, files: try appBundleFiles(version: dataVersion(plus: 2)))
        let clock = TestClock("2026-03-01T12:00:00Z")
        _ = await (try provider(t, store, clock: clock)).refresh()
        #expect(t.requests.map(\.url.path) == ["/2026/app/manifest.json", "/2026/app/manifest.json.sig", "/2026/app/app_2026.json"],
                "the app form, without its provenance document")
        let before = t.requests.count
        let second = try provider(t, store, clock: clock)
        let status = await second.refresh()
        #expect(status.source == .cache && status.version == dataVersion(plus: 2))
        let conditional = t.requests[before...]
        #expect(conditional.count == 1) // the manifest only: 304, no files
        #expect(conditional.first?.headers["If-None-Match"] != nil)
    }

    @Test("a server without the app form (a dist published before schema 1.11): its 404 is asked once per refresh, then the year's first form")
    func firstFormServer() async throws {
        let store = MemoryStore(), t = MemoryTransport()
        t.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 2)))
        let clock = TestClock("2026-03-01T12:00:00Z")
        let status = await (try provider(t, store, clock: clock)).refresh()
        #expect(status.source == .remote && status.version == dataVersion(plus: 2), "\(status.rejections)")
        #expect(t.requests.prefix(2).map(\.url.path) == ["/2026/app/manifest.json", "/2026/manifest.json"])
        let before = t.requests.count
        let again = await (try provider(t, store, clock: clock)).refresh()
        #expect(again.source == .cache)
        #expect(t.requests[before...].map(\.url.path) == ["/2026/app/manifest.json", "/2026/manifest.json"], "a 404, then a 304")
    }

    @Test("policy: no fetch within the interval; a stale cache is used when the server fails, and is marked stale")
    func policyAndStale() async throws {
        let store = MemoryStore(), t = MemoryTransport(), clock = TestClock("2026-03-01T12:00:00Z")
        t.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 2)))
        let client = try provider(t, store, clock: clock)
        _ = await client.refreshIfNeeded()
        let count = t.requests.count
        clock.advance(3600)
        _ = await client.refreshIfNeeded()
        #expect(t.requests.count == count) // within 24 h: no request
        clock.advance(8 * 24 * 3600)
        t.failAll(TransportError(.offline, "down"))
        let status = await client.refreshIfNeeded()
        #expect(t.requests.count > count)
        #expect(status.source == .remote || status.source == .cache)
        #expect(status.version == dataVersion(plus: 2))
        #expect(status.isStale)
    }

    @Test("outdated data is reported: 2027 asked, 2026 used")
    func outdated() async throws {
        let client = try provider(MemoryTransport(), MemoryStore(), clock: TestClock("2027-02-01T12:00:00Z"))
        let status = await client.status()
        #expect(status.taxYear == 2026)
        #expect(status.outdatedMessage == "Using 2026 tax data. 2027 rates may differ.")
    }

    @Test("an accepted update reaches the updates stream")
    func updatesStream() async throws {
        let t = MemoryTransport(); t.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 1)))
        let client = try provider(t, MemoryStore())
        let stream = await client.updates()
        _ = await client.refresh()
        let update = await first(of: stream, within: 30)
        #expect(update?.version == dataVersion(plus: 1))
        #expect(update?.source == .remote)
    }
}
