import Foundation
import TaxDataTestSupport
import Testing
import TaxDataClient
import TaxDataCore
import TaxDataCrypto
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
        try await Self.run(Self.expectations, plan: plan, base: base, trustedRoot: nil,
                           title: "Fallback matrix (server on 127.0.0.1:\(port), client timeout 1 s):")
    }

    /// Runs each fault of `expectations` against a new client and cache, then the recovery, and
    /// prints the table.
    static func run(_ expectations: [(FaultMode, DataSource, String, Set<String>)], plan: FaultPlan, base: URL, trustedRoot: Data?,
                    title: String) async throws {
        var rows: [[String]] = [["fault", "active after fault", "reason", "cache written", "after recovery"]]
        for (mode, source, version, reasons) in expectations {
            let cache = FileManager.default.temporaryDirectory.appendingPathComponent("taxdata-matrix-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: cache) }
            plan.set([Fault(mode: mode)])
            let client = try TaxDataProvider(
                configuration: .init(baseURL: base, requestTimeout: 1, maxResponseBytes: 1 << 20, useVersionEndpoint: false, trustedRoot: trustedRoot),
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
            #expect(recovered.rejections.isEmpty && recovered.version == dataVersion(plus: 1), "\(mode) recovery: \(recovered.rejections)")
            rows.append([mode.rawValue, "\(status.source.rawValue) \(status.version)", remoteReasons.first ?? "-",
                         cached ? "yes (accepted)" : "no", "\(recovered.source.rawValue) \(recovered.version)"])
        }
        let widths = (0..<rows[0].count).map { c in rows.map { $0[c].count }.max()! }
        print("\n" + title)
        for row in rows {
            print("| " + row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: " | ") + " |")
        }
    }

    /// The same faults against a client with a trusted TUF root (issue 38), the repository served
    /// under `/tuf/`. The faults that rewrite a year's bundle act on the dist's paths, which a TUF
    /// client never asks for: it gets its files by their hashed names, intact.
    static let tufExpectations: [(FaultMode, DataSource, String, Set<String>)] = [
        (.http500, .embedded, dataVersion(plus: 0), ["http.status"]),
        (.notFound, .embedded, dataVersion(plus: 0), ["tuf.missing"]),
        (.slow, .embedded, dataVersion(plus: 0), ["transport.timeout"]),
        (.drop, .embedded, dataVersion(plus: 0), ["transport.connection", "transport.offline"]),
        (.truncate, .embedded, dataVersion(plus: 0), ["tuf.malformed"]),
        (.corrupt, .embedded, dataVersion(plus: 0), ["tuf.malformed", "tuf.threshold", "tuf.length", "tuf.hash"]),
        (.badChecksum, .remote, dataVersion(plus: 1), []),
        (.invalidData, .remote, dataVersion(plus: 1), []),
        (.rollback, .remote, dataVersion(plus: 1), []),
        (.expired, .remote, dataVersion(plus: 1), []),
        (.garbage, .embedded, dataVersion(plus: 0), ["tuf.malformed"]),
        (.endless, .embedded, dataVersion(plus: 0), ["transport.too-large"]),
        (.wrongContentType, .remote, dataVersion(plus: 1), []),
        (.gzipBomb, .embedded, dataVersion(plus: 0), ["transport.too-large"]),
        (.gzipMismatch, .embedded, dataVersion(plus: 0), ["tuf.malformed", "tuf.length", "tuf.hash"]),
    ]

    /// A TUF repository publishing `dist` (every file of its year directories), valid from the
    /// fixed clock's day; returns its directory and its `1.root.json`.
    static func tufRepository(for dist: URL) throws -> (URL, Data) {
        let keys = try (0..<4).map { _ in try Ed25519PrivateKey.generate() }
        let roles: [TUFRole: TUFMetadataWriter.RoleKeys] = [.root: .init(keys: [keys[0].publicKey], threshold: 1), .targets: .init(keys: [keys[1].publicKey], threshold: 1),
                                                            .snapshot: .init(keys: [keys[2].publicKey], threshold: 1), .timestamp: .init(keys: [keys[3].publicKey], threshold: 1)]
        let now = FixedClock().now(), crypto = OpenSSLCrypto()
        let first = try TUFPublisher.initialRoot(roles: roles, expires: now + 365 * 86_400, signers: [keys[0]], crypto: crypto)
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: dist, includingPropertiesForKeys: [.isRegularFileKey])!
        for case let url as URL in enumerator where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            let path = String(url.standardizedFileURL.path.dropFirst(dist.standardizedFileURL.path.count + 1))
            if path.contains("/") { files[path] = try Data(contentsOf: url) }
        }
        let release = try TUFPublisher.release(.init(root: try TUFMetadata.parse(first.metadata["1.root.json"]!, as: .root)), files: files,
                                               targetsExpire: now + 365 * 86_400, expires: now + 30 * 86_400, targetsSigners: [keys[1]],
                                               snapshotSigners: [keys[2]], timestampSigners: [keys[3]], crypto: crypto)
        let repo = FileManager.default.temporaryDirectory.appendingPathComponent("taxdata-tuf-\(UUID().uuidString)")
        for (path, bytes) in first.metadata.map({ ("metadata/\($0.key)", $0.value) }) + release.metadata.map({ ("metadata/\($0.key)", $0.value) })
            + release.targets.map({ ("targets/\($0.key)", $0.value) }) {
            let url = repo.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: url)
        }
        return (repo, first.metadata["1.root.json"]!)
    }

    @Test("with a TUF root: every fault falls back safely to what the client had, caches nothing it rejected, and recovers")
    func tufMatrix() async throws {
        #expect(Set(Self.tufExpectations.map(\.0)) == Set(FaultMode.allCases), "a fault mode without a row")
        let dist = try makeDist(version2026: dataVersion(plus: 1))
        let (repo, root) = try Self.tufRepository(for: dist)
        defer { try? FileManager.default.removeItem(at: dist); try? FileManager.default.removeItem(at: repo) }
        let plan = FaultPlan()
        let server = TaxDataServer(dist: DistDirectory(root: dist), tuf: DistDirectory(root: repo), faults: plan, slowSeconds: 2)
        let (port, task) = await start(server)
        defer { task.cancel() }
        let base = URL(string: "http://127.0.0.1:\(port)/")!
        try await Self.run(Self.tufExpectations, plan: plan, base: base, trustedRoot: root,
                           title: "Fallback matrix with a TUF root (server on 127.0.0.1:\(port), client timeout 1 s):")
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
