import Foundation
import TaxDataTestSupport
import Testing
import TaxDataClient
import TaxDataCore
import TaxDataServer

/// For each fault: the real server on 127.0.0.1, the real client (URLSession, file cache).
@Suite("Fallback matrix: every fault over real sockets", .serialized)
struct FaultMatrixTests {
    /// What the client must end up with under each fault (first refresh), and the reasons accepted.
    static let expectations: [(FaultMode, DataSource, String, Set<String>)] = [
        (.http500, .embedded, dataVersion(plus: 0), ["http.status"]),
        (.notFound, .embedded, dataVersion(plus: 0), ["http.status"]),
        (.slow, .embedded, dataVersion(plus: 0), ["transport.timeout"]),
        (.drop, .embedded, dataVersion(plus: 0), ["transport.connection", "transport.offline"]),
        (.truncate, .embedded, dataVersion(plus: 0), ["bundle.manifest"]),
        // Which rule sees the flipped bytes first depends on where they land (a manifest's file name: bundle.extra-file).
        (.corrupt, .embedded, dataVersion(plus: 0), ["bundle.manifest", "bundle.checksum", "bundle.extra-file", "bundle.file-name"]),
        (.badChecksum, .embedded, dataVersion(plus: 0), ["bundle.checksum"]),
        (.invalidData, .embedded, dataVersion(plus: 0), ["brackets.contiguous"]),
        (.rollback, .embedded, dataVersion(plus: 0), ["rollback"]),
        (.expired, .embedded, dataVersion(plus: 0), ["bundle.expired"]),
        (.garbage, .embedded, dataVersion(plus: 0), ["bundle.manifest"]),
        (.endless, .embedded, dataVersion(plus: 0), ["transport.too-large"]),
        (.wrongContentType, .remote, dataVersion(plus: 1), []),
        (.gzipBomb, .embedded, dataVersion(plus: 0), ["transport.too-large"]),
        (.gzipMismatch, .embedded, dataVersion(plus: 0), ["bundle.manifest", "bundle.checksum"]),
    ]

    @Test("every fault falls back safely, caches nothing it rejected, and recovers")
    func matrix() async throws {
        #expect(Set(Self.expectations.map(\.0)) == Set(FaultMode.allCases), "a fault mode without a row")
        let dist = try makeDist(version2026: dataVersion(plus: 1))
        defer { try? FileManager.default.removeItem(at: dist) }
        let plan = FaultPlan()
        let server = TaxDataServer(dist: DistDirectory(root: dist), faults: plan, slowSeconds: 2)
        let (port, task) = await start(server)
        defer { task.cancel() }
        let base = URL(string: "http://127.0.0.1:\(port)/")!
        var rows: [[String]] = [["fault", "active after fault", "reason", "cache written", "after recovery"]]
        for (mode, source, version, reasons) in Self.expectations {
            let cache = FileManager.default.temporaryDirectory.appendingPathComponent("taxdata-matrix-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: cache) }
            plan.set([Fault(mode: mode)])
            let client = try TaxDataProvider(
                configuration: .init(baseURL: base, requestTimeout: 1, maxResponseBytes: 1 << 20, useVersionEndpoint: false),
                transport: defaultTransport(), store: FileBundleStore(directory: cache), clock: FixedClock(),
                embedded: try EmbeddedBundles.packaged(), logger: quietLogger)
            let status = await client.refresh()
            let remoteReasons = status.rejections.filter { $0.source == .remote }.map(\.reason.rawValue)
            let cached = FileManager.default.fileExists(atPath: cache.appendingPathComponent("2026").path)
            #expect(status.source == source, "\(mode): \(status.source) \(status.rejections)")
            #expect(status.version == version, "\(mode)")
            if reasons.isEmpty {
                #expect(remoteReasons.isEmpty, "\(mode): \(remoteReasons)")
                #expect(cached)
            } else {
                #expect(remoteReasons.contains { reasons.contains($0) }, "\(mode): got \(remoteReasons)")
                #expect(!cached, "\(mode): rejected bytes reached the cache")
            }
            // The fault goes away: the next good response gets through.
            plan.set([])
            let recovered = await client.refresh()
            #expect(recovered.source == .remote || recovered.source == .cache, "\(mode) recovery: \(recovered.rejections)")
            #expect(recovered.version == dataVersion(plus: 1), "\(mode) recovery")
            rows.append([mode.rawValue, "\(status.source.rawValue) \(status.version)", remoteReasons.first ?? "-",
                         cached ? "yes (accepted)" : "no", "\(recovered.source.rawValue) \(recovered.version)"])
        }
        let widths = (0..<rows[0].count).map { c in rows.map { $0[c].count }.max()! }
        print("\nFallback matrix (server on 127.0.0.1:\(port), client timeout 1 s):")
        for row in rows {
            print("| " + row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: " | ") + " |")
        }
    }

    @Test("gzip on the wire: a body that inflates to other bytes than the listed file is bundle.checksum; one that inflates past the file's size is transport.too-large; nothing is cached")
    func compressedAttacks() async throws {
        let dist = try makeDist(version2026: dataVersion(plus: 1))
        defer { try? FileManager.default.removeItem(at: dist) }
        let plan = FaultPlan()
        let server = TaxDataServer(dist: DistDirectory(root: dist), faults: plan)
        let (port, task) = await start(server)
        defer { task.cancel() }
        let base = URL(string: "http://127.0.0.1:\(port)/")!
        for (mode, reason) in [(FaultMode.gzipMismatch, "bundle.checksum"), (.gzipBomb, "transport.too-large")] {
            let cache = FileManager.default.temporaryDirectory.appendingPathComponent("taxdata-gzip-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: cache) }
            plan.set([Fault(mode: mode, pathPrefix: "/2026/app/app_2026.json")])
            let client = try TaxDataProvider(
                configuration: .init(baseURL: base, requestTimeout: 2, useVersionEndpoint: false),
                transport: defaultTransport(), store: FileBundleStore(directory: cache), clock: FixedClock(),
                embedded: try EmbeddedBundles.packaged(), logger: quietLogger)
            let status = await client.refresh()
            #expect(status.source == .embedded, "\(mode)")
            #expect(status.rejections.filter { $0.source == .remote }.map(\.reason.rawValue) == [reason], "\(mode): \(status.rejections)")
            #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent("2026").path), "\(mode)")
            plan.set([])
            #expect(await client.refresh().source == .remote, "\(mode): recovers once the server is honest")
        }
    }
}
