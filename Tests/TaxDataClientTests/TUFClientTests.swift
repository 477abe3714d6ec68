import Foundation
import Testing
@testable import TaxDataClient
import TaxDataCore
import TaxDataCrypto

/// Issue 38: a client with a trusted TUF root follows the TUF client workflow. An in-memory
/// repository (`TUFPublisher`, signed with OpenSSL) is served by `MemoryTransport` under `/tuf/`;
/// time is the test's.
@Suite("Client: the TUF workflow (rotation, revocation, freeze, rollback, tampered targets)")
struct TUFClientTests {
    static let crypto = OpenSSLCrypto()

    /// A TUF repository in memory, served under `/tuf/`, as `taxdata tuf` publishes it.
    final class Repository {
        let rootKeys = (0..<3).map { _ in try! Ed25519PrivateKey.generate() }
        var targetsKey = try! Ed25519PrivateKey.generate()
        var snapshotKey = try! Ed25519PrivateKey.generate()
        var timestampKey = try! Ed25519PrivateKey.generate()
        let transport: MemoryTransport
        let root1: Data
        var current: TUFPublisher.Current
        let clock: TestClock

        init(_ transport: MemoryTransport, clock: TestClock) throws {
            self.transport = transport
            self.clock = clock
            let output = try TUFPublisher.initialRoot(roles: Self.roles(Array(rootKeys), targetsKey, snapshotKey, timestampKey),
                                                      expires: clock.now() + 365 * 86_400, signers: Array(rootKeys.prefix(2)), crypto: crypto)
            root1 = output.metadata["1.root.json"]!
            current = .init(root: try TUFMetadata.parse(root1, as: .root))
            serve(output)
        }

        static func roles(_ root: [Ed25519PrivateKey], _ targets: Ed25519PrivateKey, _ snapshot: Ed25519PrivateKey,
                          _ timestamp: Ed25519PrivateKey) -> [TUFRole: TUFMetadataWriter.RoleKeys] {
            [.root: .init(keys: root.map(\.publicKey), threshold: 2), .targets: .init(keys: [targets.publicKey], threshold: 1),
             .snapshot: .init(keys: [snapshot.publicKey], threshold: 1), .timestamp: .init(keys: [timestamp.publicKey], threshold: 1)]
        }

        /// Serves new files, and takes the newest of each role as current.
        func serve(_ output: TUFPublisher.Output) {
            for (name, bytes) in output.metadata {
                transport.serve("/tuf/metadata/\(name)", .response(HTTPResponse(status: 200, body: bytes)))
                let role = TUFRole.allCases.first { name.hasSuffix("\($0.rawValue).json") }!
                let metadata = try! TUFMetadata.parse(bytes, as: role)
                switch role {
                case .root: if metadata.version > current.root.version { current.root = metadata }
                case .timestamp: current.timestamp = metadata
                case .snapshot: current.snapshot = metadata
                case .targets: current.targets = metadata
                }
            }
            for (path, bytes) in output.targets {
                transport.serve("/tuf/targets/\(path)", .response(HTTPResponse(status: 200, body: bytes)))
            }
        }

        /// A release of the 2026 bundle `files`, signed by the current online keys.
        func release(_ files: [String: Data], days: Int = 30, targetsKey: Ed25519PrivateKey? = nil) throws {
            let paths = Dictionary(uniqueKeysWithValues: files.map { ("2026/\($0.key)", $0.value) })
            serve(try TUFPublisher.release(current, files: paths, targetsExpire: clock.now() + 365 * 86_400, expires: clock.now() + Double(days) * 86_400,
                                           targetsSigners: [targetsKey ?? self.targetsKey], snapshotSigners: [snapshotKey],
                                           timestampSigners: [timestampKey], crypto: crypto))
        }
    }

    func client(_ transport: MemoryTransport, _ store: MemoryStore, _ clock: TestClock, root: Data) throws -> TaxDataProvider {
        try TaxDataProvider(configuration: .init(baseURL: base, trustedKeys: [], useVersionEndpoint: false, trustedRoot: root),
                            transport: transport, store: store, clock: clock, embedded: embedded, logger: quietLogger)
    }

    /// docs/tuf.md's app snippet, compiled here (never called: it reads the app's bundle).
    static func docsSnippet() throws -> TaxDataProvider.Configuration {
        // DOCS-TUF-BEGIN
        let configuration = TaxDataProvider.Configuration(
            baseURL: URL(string: "https://tax.example.com/")!,
            trustedRoot: try Data(contentsOf: Bundle.main.url(forResource: "1.root", withExtension: "json")!))
        // DOCS-TUF-END
        return configuration
    }

    @Test("docs/tuf.md's app configuration is the compiled copy, verbatim")
    func docsSnippetIsCompiled() throws {
        let blocks = fencedBlocks(try readme(), language: "swift").filter { $0.contains("trustedRoot:") }
        try #require(blocks.count == 1, "the docs have \(blocks.count) swift blocks with trustedRoot:; expected one")
        let copy = try String(contentsOf: packageRoot.appendingPathComponent("Tests/TaxDataClientTests/TUFClientTests.swift"), encoding: .utf8)
        let begin = try #require(copy.range(of: "// DOCS-TUF-BEGIN\n")), end = try #require(copy.range(of: "        // DOCS-TUF-END\n"))
        let compiled = copy[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0) }.joined(separator: "\n")
        #expect(compiled == blocks[0], "docs/tuf.md and TUFClientTests.docsSnippet differ")
    }

    @Test("a refresh walks timestamp, snapshot and targets, fetches the year's files by their hashed names, and later only the timestamp")
    func refresh() async throws {
        let clock = TestClock("2026-03-01T12:00:00Z"), store = MemoryStore(), transport = MemoryTransport()
        let repo = try Repository(transport, clock: clock)
        try repo.release(try bundleFiles(version: dataVersion(plus: 1)))
        let client = try self.client(transport, store, clock, root: repo.root1)
        let status = await client.refresh()
        #expect(status.source == .remote && status.version == dataVersion(plus: 1), "\(status.rejections)")
        #expect(status.freshness == .fresh && status.indexExpires == clock.now() + 30 * 86_400)
        let paths = transport.requests.map(\.url.path)
        #expect(Array(paths.prefix(4)) == ["/tuf/metadata/2.root.json", "/tuf/metadata/timestamp.json", "/tuf/metadata/1.snapshot.json", "/tuf/metadata/1.targets.json"])
        #expect(paths.dropFirst(4).allSatisfy { $0.hasPrefix("/tuf/targets/2026/") && $0.split(separator: "/").last!.split(separator: ".").first!.count == 64 },
                "every file by its hashed name: \(paths)")
        #expect(!paths.contains("/index.json"), "the signed index is not used with a TUF root")

        clock.advance(8 * 86_400)
        let before = transport.requests.count
        let again = await client.refresh()
        #expect(again.version == dataVersion(plus: 1) && again.rejections.isEmpty && !again.isStale && again.freshness == .fresh, "\(again.rejections)")
        #expect(transport.requests[before...].map(\.url.path) == ["/tuf/metadata/2.root.json", "/tuf/metadata/timestamp.json"],
                "the same timestamp names the snapshot the client has: nothing else is fetched")
    }

    @Test("a root rotation that revokes the targets key reaches the client without an app release; the revoked key then signs nothing it accepts")
    func revocation() async throws {
        let clock = TestClock("2026-03-01T12:00:00Z"), store = MemoryStore(), transport = MemoryTransport()
        let repo = try Repository(transport, clock: clock)
        try repo.release(try bundleFiles(version: dataVersion(plus: 1)))
        let client = try self.client(transport, store, clock, root: repo.root1)
        #expect(await client.refresh().version == dataVersion(plus: 1))

        // The targets key is stolen. Root 2 (signed by two old root keys) replaces it; the current
        // targets are signed again by the new key.
        let stolen = repo.targetsKey
        repo.targetsKey = try Ed25519PrivateKey.generate()
        let rotated = try TUFPublisher.rotateRoot(repo.current, roles: Repository.roles(repo.rootKeys, repo.targetsKey, repo.snapshotKey, repo.timestampKey),
                                                  expires: clock.now() + 365 * 86_400, signers: Array(repo.rootKeys.prefix(2)), crypto: Self.crypto)
        let newRoot = try TUFMetadata.parse(rotated.metadata["2.root.json"]!, as: .root)
        let again = try TUFPublisher.afterRotation(repo.current, newRoot: newRoot, pool: [repo.targetsKey, repo.snapshotKey, repo.timestampKey],
                                                   expires: clock.now() + 30 * 86_400, targetsExpire: clock.now() + 365 * 86_400, crypto: Self.crypto)
        #expect(Set(again.metadata.keys) == ["2.targets.json", "2.snapshot.json", "timestamp.json"])
        repo.serve(rotated)
        repo.serve(again)
        clock.advance(86_400)
        let recovered = await client.refresh()
        #expect(recovered.rejections.isEmpty && recovered.version == dataVersion(plus: 1), "\(recovered.rejections)")
        #expect(await client.state.tuf?.rootVersion == 2)

        // The thief (who also holds the online snapshot and timestamp keys) publishes data signed by
        // the revoked key: refused, and the data in use stays.
        try repo.release(try bundleFiles(version: dataVersion(plus: 2)), targetsKey: stolen)
        clock.advance(86_400)
        let attacked = await client.refresh()
        #expect(attacked.rejections.map(\.reason) == [.tufThreshold], "\(attacked.rejections)")
        #expect(attacked.version == dataVersion(plus: 1))

        // A new launch from the same cache, with the app's embedded root 1: still root 2, still refused.
        let restarted = try self.client(transport, store, clock, root: repo.root1)
        let later = await restarted.refresh()
        #expect(later.rejections.map(\.reason) == [.tufThreshold] && later.version == dataVersion(plus: 1), "\(later.rejections)")
    }

    @Test("freeze: once the newest timestamp the client can get has expired the data is reported expired, and still used; a re-signed timestamp makes it fresh")
    func freeze() async throws {
        let clock = TestClock("2026-03-01T12:00:00Z"), store = MemoryStore(), transport = MemoryTransport()
        let repo = try Repository(transport, clock: clock)
        try repo.release(try bundleFiles(version: dataVersion(plus: 1)), days: 7)
        let client = try self.client(transport, store, clock, root: repo.root1)
        #expect(await client.refresh().freshness == .fresh)
        clock.advance(8 * 86_400)
        let frozen = await client.refresh()
        #expect(frozen.freshness == .expired && frozen.version == dataVersion(plus: 1) && frozen.source != .embedded)
        #expect(frozen.rejections.map(\.reason) == [.tufExpired], "\(frozen.rejections)")
        // A new timestamp alone is not enough: the snapshot it names has expired too.
        repo.serve(try TUFPublisher.resign(repo.current, expires: clock.now() + 7 * 86_400, snapshotSigners: nil,
                                           timestampSigners: [repo.timestampKey], crypto: Self.crypto))
        let half = await client.refresh()
        #expect(half.freshness == .expired && half.rejections.map(\.reason) == [.tufExpired], "\(half.rejections)")
        repo.serve(try TUFPublisher.resign(repo.current, expires: clock.now() + 7 * 86_400, snapshotSigners: [repo.snapshotKey],
                                           timestampSigners: [repo.timestampKey], crypto: Self.crypto))
        let resigned = await client.refresh()
        #expect(resigned.freshness == .fresh && resigned.rejections.isEmpty, "\(resigned.rejections)")
    }

    @Test("rollback and tampering: an older timestamp is refused (tuf.version), also after a restart; a target whose bytes differ from its listing is refused (tuf.length or tuf.hash)")
    func rollbackAndTampering() async throws {
        let clock = TestClock("2026-03-01T12:00:00Z"), store = MemoryStore(), transport = MemoryTransport()
        let repo = try Repository(transport, clock: clock)
        try repo.release(try bundleFiles(version: dataVersion(plus: 1)))
        let oldTimestamp = repo.current.timestamp!.raw
        try repo.release(try bundleFiles(version: dataVersion(plus: 2)))
        let client = try self.client(transport, store, clock, root: repo.root1)
        #expect(await client.refresh().version == dataVersion(plus: 2))

        transport.serve("/tuf/metadata/timestamp.json", .response(HTTPResponse(status: 200, body: oldTimestamp)))
        clock.advance(86_400)
        #expect(await client.refresh().rejections.map(\.reason) == [.tufVersion])
        #expect(await (try self.client(transport, store, clock, root: repo.root1)).refresh().rejections.map(\.reason) == [.tufVersion],
                "the accepted timestamp is persisted")

        // Endless data: a timestamp over python-tuf's 16,384-byte bound is cut off there.
        var endless = repo.current.timestamp!.raw
        endless.append(Data(repeating: 0x20, count: 20_000))
        transport.serve("/tuf/metadata/timestamp.json", .response(HTTPResponse(status: 200, body: endless)))
        clock.advance(86_400)
        #expect(await client.refresh().rejections.map(\.reason) == [.transportTooLarge])

        // A server that swaps a file under its hashed name.
        try repo.release(try bundleFiles(version: dataVersion(plus: 3)))
        let file = try #require(repo.current.targets?.targets["2026/federal_2026.json"])
        let fetchPath = TUFPublisher.hashedPath("2026/federal_2026.json", sha256: file.hashes["sha256"]!)
        transport.serve("/tuf/targets/\(fetchPath)", .response(HTTPResponse(status: 200, body: Data(repeating: 0x20, count: file.length))))
        clock.advance(86_400)
        let tampered = await client.refresh()
        #expect(tampered.rejections.map(\.reason) == [.tufHash] && tampered.version == dataVersion(plus: 2), "\(tampered.rejections)")
    }

    @Test("two processes sharing a cache: the TUF state merged keeps the higher root, then the newer timestamp, and the latest check")
    func mergeKeepsNewest() {
        let day = Date(timeIntervalSince1970: 1_790_000_000)
        var old = ClientState(), new = ClientState()
        old.tuf = .init(root: "r1", rootVersion: 1, timestamp: "t9", timestampVersion: 9, checkedAt: day + 86_400)
        new.tuf = .init(root: "r2", rootVersion: 2, timestamp: "t3", timestampVersion: 3, checkedAt: day)
        var merged = old
        merged.merge(new)
        #expect(merged.tuf?.rootVersion == 2 && merged.tuf?.timestamp == "t3", "a higher root wins over a higher timestamp of an older root")
        #expect(merged.tuf?.checkedAt == day + 86_400, "the latest check is kept")
        var back = new
        back.merge(old)
        #expect(back.tuf?.rootVersion == 2 && back.tuf?.timestamp == "t3", "an older root never replaces a newer one")
        var sameRoot = ClientState()
        sameRoot.tuf = .init(root: "r2", rootVersion: 2, timestamp: "t4", timestampVersion: 4)
        back.merge(sameRoot)
        #expect(back.tuf?.timestampVersion == 4)
    }

    @Test("a trusted root that is not a TUF root, or is not signed by its own threshold, is refused when the provider is made (invalid-trusted-root)")
    func invalidRoot() throws {
        let clock = TestClock("2026-03-01T12:00:00Z"), transport = MemoryTransport()
        let repo = try Repository(transport, clock: clock)
        var tampered = repo.root1
        tampered[tampered.count / 2] ^= 1
        for bytes in [Data("{}".utf8), tampered, repo.current.timestamp?.raw ?? Data("[]".utf8)] {
            #expect(throws: ProviderError(.invalidTrustedRoot, "")) { _ = try self.client(transport, MemoryStore(), clock, root: bytes) }
        }
        _ = try self.client(transport, MemoryStore(), clock, root: repo.root1)
    }

    @Test("with a TUF root a state's localities are targets too: fetched by their hashed names, never from the dist's paths; bytes swapped under the name are refused (tuf.hash)")
    func localities() async throws {
        let clock = TestClock("2026-03-01T12:00:00Z"), store = MemoryStore(), transport = MemoryTransport()
        let repo = try Repository(transport, clock: clock)
        let version = dataVersion(plus: 1)
        var files: [String: Data] = [:]
        for (name, bytes) in try appBundleFiles(version: version) { files["app/\(name)"] = bytes }
        for (name, bytes) in try localBundleFiles(version: version) { files["local/\(name)"] = bytes }
        try repo.release(files)
        let client = try self.client(transport, store, clock, root: repo.root1)
        #expect(await client.refresh().version == version)
        let maryland = try await client.localities(of: "MD", year: 2026)
        #expect(maryland.count == 25)
        #expect(!transport.requests.contains { $0.url.path.hasPrefix("/2026/") }, "only /tuf/ paths: \(transport.requests.map(\.url.path))")

        let file = try #require(repo.current.targets?.targets["2026/local/MD_2026.json"])
        var swapped = files["local/MD_2026.json"]!
        swapped[swapped.count / 2] ^= 1
        transport.serve("/tuf/targets/" + TUFPublisher.hashedPath("2026/local/MD_2026.json", sha256: file.hashes["sha256"]!),
                        .response(HTTPResponse(status: 200, body: swapped)))
        let restarted = try self.client(transport, store, clock, root: repo.root1)
        await #expect(throws: ProviderError(.localitiesUnavailable, "")) { _ = try await restarted.localities(of: "MD", year: 2026) }
        do { _ = try await restarted.localities(of: "MD", year: 2026) } catch let error as ProviderError {
            #expect(error.message.contains("[tuf.hash]"), "\(error.message)")
        }
    }
}
