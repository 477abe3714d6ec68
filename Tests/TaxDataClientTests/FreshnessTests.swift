import Foundation
import Testing
@testable import TaxDataClient
import TaxDataCore
import TaxDataCrypto

/// Signed freshness (issue 16, part 5): a client with trusted keys fetches the signed index at least
/// once per cache validity period, accepts only the manifests it lists, refuses an older index, and
/// reports its data `expired` when the newest index it can get has expired. Time is the test's.
@Suite("Client freshness: the signed index (freeze, replay, mix-and-match)")
struct FreshnessTests {
    let key = try! Ed25519PrivateKey.generate()
    var trusted: [Ed25519PublicKey] { [key.publicKey] }

    func date(_ iso: String) -> Date { Timestamp(iso)!.date }

    @Test("freeze: a mirror that keeps serving an old, validly signed index ends up expired; the data stays in use")
    func freeze() async throws {
        let clock = TestClock("2026-03-01T12:00:00Z"), store = MemoryStore(), mirror = MemoryTransport()
        let files = try bundleFiles(version: dataVersion(plus: 1), signedBy: [key])
        try mirror.publish(files: files, issuedAt: "2026-03-01T00:00:00Z", signedBy: [key]) // expires 2026-03-31T00:00:00Z
        let client = try provider(mirror, store, clock: clock, keys: trusted)
        let first = await client.refreshIfNeeded()
        #expect(first.source == .remote && first.version == dataVersion(plus: 1), "\(first.rejections)")
        #expect(first.freshness == .fresh && first.indexExpires == date("2026-03-31T00:00:00Z"))

        // The mirror freezes. The app refreshes daily, as it does, for 32 days.
        for _ in 0..<32 {
            clock.advance(86_400)
            _ = await client.refreshIfNeeded()
        }
        let frozen = await client.status()
        #expect(frozen.freshness == .expired)
        #expect(frozen.version == dataVersion(plus: 1) && frozen.source != .embedded, "the data stays usable")
        #expect(frozen.rejections.isEmpty, "an expired index is not a rejection: \(frozen.rejections)")
        #expect(await client.federalBrackets(for: .single).count == 7)
        #expect(!frozen.isStale, "isStale keeps its meaning (the cache was confirmed within 7 days, before the index expired)")

        // A new launch, offline: the expiry was persisted.
        let offline = MemoryTransport(); offline.failAll(TransportError(.offline, "plane"))
        let restarted = try provider(offline, store, clock: clock, keys: trusted)
        let later = await restarted.refresh()
        #expect(later.freshness == .expired && later.version == dataVersion(plus: 1) && later.source == .cache)

        // The publisher re-signs the same dist (`taxdata sign`): fresh again, nothing else fetched.
        try mirror.publish(files: files, issuedAt: "2026-04-02T06:00:00Z", signedBy: [key])
        let before = mirror.requests.count
        let resigned = await client.refresh()
        #expect(resigned.freshness == .fresh && resigned.version == dataVersion(plus: 1))
        #expect(resigned.fetchedAt == clock.now(), "an index that has not expired confirms the cached manifest current")
        #expect(mirror.requests[before...].map(\.url.lastPathComponent) == ["index.json", "index.json.sig"])
    }

    @Test("replay: an index issued before one already accepted is refused (index.replay), also by the next launch")
    func replay() async throws {
        let clock = TestClock("2026-03-01T12:00:00Z"), store = MemoryStore()
        let files = try bundleFiles(version: dataVersion(plus: 1), signedBy: [key])
        let current = MemoryTransport()
        try current.publish(files: files, issuedAt: "2026-03-01T00:00:00Z", signedBy: [key])
        #expect(await (try provider(current, store, clock: clock, keys: trusted)).refresh().source == .remote)
        #expect(String(decoding: store.state ?? Data(), as: UTF8.self).contains("2026-03-01T00:00:00Z"), "issuedAt is persisted")

        // A mirror replays the index of February (validly signed, the same manifests, not yet expired).
        let replaying = MemoryTransport()
        try replaying.publish(files: files, issuedAt: "2026-02-20T00:00:00Z", signedBy: [key])
        for launch in 1...2 {
            clock.advance(8 * 86_400) // past the cache validity: the index is due
            let client = try provider(replaying, store, clock: clock, keys: trusted)
            let status = await client.refresh()
            let rejection = try #require(status.rejections.first { $0.source == .remote }, "launch \(launch)")
            #expect(rejection.reason == .indexReplay, "\(rejection)")
            #expect(rejection.detail.contains("2026-02-20T00:00:00Z") && rejection.detail.contains("2026-03-01T00:00:00Z"))
            #expect(status.isStale && status.freshness == .stale, "a refused index confirms nothing")
            #expect(!replaying.requests.contains { $0.url.lastPathComponent == "manifest.json" })
        }
        // An index without issuedAt (signed before schema 1.8) is older than any with one.
        let ancient = MemoryTransport()
        try ancient.publish(files: files, issuedAt: nil, signedBy: [key])
        let status = await (try provider(ancient, store, clock: clock, keys: trusted)).refresh()
        #expect(status.rejections.contains { $0.reason == .indexReplay }, "\(status.rejections)")
        // The same index again is not a replay.
        #expect(await (try provider(current, store, clock: clock, keys: trusted)).refresh().rejections.isEmpty)
    }

    @Test("mix-and-match: an index from one publication with the manifests of another is refused before any file is fetched")
    func mixAndMatch() async throws {
        let publicationA = try bundleFiles(version: dataVersion(plus: 1), signedBy: [key])
        let publicationB = try bundleFiles(version: dataVersion(plus: 2), signedBy: [key])
        let t = MemoryTransport(), store = MemoryStore()
        t.serve(year: 2026, files: publicationB)
        t.serve(index: try indexFiles([2026: publicationA], issuedAt: "2026-03-01T00:00:00Z", signedBy: [key]))
        let status = await (try provider(t, store, keys: trusted)).refresh()
        let rejection = try #require(status.rejections.first { $0.source == .remote })
        #expect(rejection.reason == .bundleChecksum && rejection.detail.contains("does not match index.json"), "\(rejection)")
        #expect(status.source == .embedded && store.yearsStored.isEmpty)
        #expect(!t.requests.contains { $0.url.lastPathComponent == "federal_2026.json" })

        // The other way round: B's index with A's manifests.
        let u = MemoryTransport()
        u.serve(year: 2026, files: publicationA)
        u.serve(index: try indexFiles([2026: publicationB], issuedAt: "2026-03-01T00:00:00Z", signedBy: [key]))
        #expect(await (try provider(u, MemoryStore(), keys: trusted)).refresh().rejections.contains { $0.reason == .bundleChecksum })

        // An index that does not list the year at all.
        let v = MemoryTransport()
        v.serve(year: 2026, files: publicationA)
        v.serve(index: try indexFiles([2025: try bundleFiles(year: 2025, signedBy: [key])], issuedAt: "2026-03-01T00:00:00Z", signedBy: [key]))
        let unlisted = await (try provider(v, MemoryStore(), keys: trusted)).refresh()
        #expect(unlisted.rejections.contains { $0.reason == .bundleIndex && $0.detail.contains("does not list 2026") }, "\(unlisted.rejections)")
    }

    @Test("the signed index is fetched at least once per cache validity, whatever the version endpoint says")
    func versionEndpointCannotPostponeTheIndex() async throws {
        let clock = TestClock("2026-03-01T12:00:00Z"), store = MemoryStore(), t = MemoryTransport()
        try t.publish(files: try bundleFiles(version: dataVersion(plus: 1), signedBy: [key]), issuedAt: "2026-03-01T00:00:00Z", signedBy: [key])
        let client = try TaxDataProvider(configuration: .init(baseURL: base, trustedKeys: trusted, useVersionEndpoint: true),
                                         transport: t, store: store, clock: clock, embedded: embedded, logger: quietLogger)
        #expect(await client.refresh().source == .remote)
        // The version endpoint now always says "no update".
        t.serve("/v1/tax-data/2026/version", .response(HTTPResponse(status: 200, body: Data(
            #"{"hasUpdate": false, "latestVersion": "\#(dataVersion(plus: 1))", "isRequired": false, "changeLog": null}"#.utf8))))
        clock.advance(2 * 86_400)
        var mark = t.requests.count
        _ = await client.refreshIfNeeded()
        #expect(t.requests[mark...].map(\.url.path) == ["/v1/tax-data/2026/version"], "within the validity the hint is enough")
        clock.advance(5 * 86_400) // 7 days since the index was checked
        mark = t.requests.count
        let status = await client.refreshIfNeeded()
        #expect(t.requests[mark...].map(\.url.path) == ["/index.json", "/index.json.sig"], "the version endpoint was not asked; the index was")
        #expect(status.fetchedAt == clock.now() && status.freshness == .fresh)
    }

    @Test("an index signed before schema 1.8 (no issuedAt, no expires) is accepted; freshness then follows the cache validity only")
    func indexWithoutValidity() async throws {
        let clock = TestClock("2026-03-01T12:00:00Z"), store = MemoryStore(), t = MemoryTransport()
        try t.publish(files: try bundleFiles(version: dataVersion(plus: 1), signedBy: [key]), issuedAt: nil, signedBy: [key])
        let client = try provider(t, store, clock: clock, keys: trusted)
        let status = await client.refresh()
        #expect(status.source == .remote && status.freshness == .fresh && status.indexExpires == nil, "\(status.rejections)")
        clock.advance(8 * 86_400)
        t.failAll(TransportError(.offline, "down"))
        let later = await client.refreshIfNeeded()
        #expect(later.isStale && later.freshness == .stale)
    }

    @Test("an expired index still lets a newer, signed version in; it is reported expired, not fresh")
    func expiredIndexNewerData() async throws {
        let t = MemoryTransport()
        try t.publish(files: try bundleFiles(version: dataVersion(plus: 3), signedBy: [key]), issuedAt: "2026-01-01T00:00:00Z", days: 30, signedBy: [key])
        let status = await (try provider(t, MemoryStore(), keys: trusted)).refresh()
        #expect(status.source == .remote && status.version == dataVersion(plus: 3), "\(status.rejections)")
        #expect(status.freshness == .expired && !status.isStale)
    }

    @Test("an index that is unsigned, signed by another key, tampered with, or whose expires is not after issuedAt is refused before any manifest")
    func badIndexes() async throws {
        let files = try bundleFiles(version: dataVersion(plus: 1), signedBy: [key])
        func refused(_ index: [String: Data], _ reason: RuleID) async throws {
            let t = MemoryTransport()
            t.serve(year: 2026, files: files)
            t.serve(index: index)
            let status = await (try provider(t, MemoryStore(), keys: trusted)).refresh()
            #expect(status.source == .embedded)
            #expect(status.rejections.contains { $0.reason == reason }, "\(reason): \(status.rejections)")
            #expect(!t.requests.contains { $0.url.lastPathComponent == "manifest.json" }, "\(reason)")
        }
        let good = try indexFiles([2026: files], issuedAt: "2026-03-01T00:00:00Z", signedBy: [key])
        try await refused(good.filter { $0.key == "index.json" }, .signatureMissing)
        try await refused(try indexFiles([2026: files], issuedAt: "2026-03-01T00:00:00Z", signedBy: [try Ed25519PrivateKey.generate()]), .signatureUntrusted)
        var tampered = good
        tampered["index.json"] = Data(String(decoding: good["index.json"]!, as: UTF8.self)
            .replacingOccurrences(of: "2026-03-31T00:00:00Z", with: "2027-03-31T00:00:00Z").utf8)
        try await refused(tampered, .signatureInvalid)
        var index = try CanonicalJSON.decode(BundleIndex.self, from: good["index.json"]!)
        index.expires = "2026-02-01T00:00:00Z"
        let inverted = try BundleBuilder.signedIndex(index, validity: nil, keys: [key])
        try await refused(Dictionary(uniqueKeysWithValues: inverted.map { ($0.path, $0.contents) }), .indexValidity)
    }

    @Test("a client without trusted keys never asks for index.json; its freshness is the cache validity's")
    func withoutKeys() async throws {
        let clock = TestClock("2026-03-01T12:00:00Z"), t = MemoryTransport()
        try t.publish(files: try bundleFiles(version: dataVersion(plus: 1)), issuedAt: "2026-01-01T00:00:00Z", signedBy: [key])
        let client = try provider(t, MemoryStore(), clock: clock)
        let status = await client.refresh()
        #expect(status.source == .remote && status.freshness == .fresh && status.indexExpires == nil)
        #expect(!t.requests.contains { $0.url.lastPathComponent.hasPrefix("index.json") })
        clock.advance(8 * 86_400)
        t.failAll(TransportError(.offline, "down"))
        #expect(await client.refreshIfNeeded().freshness == .stale)
    }

    @Test("Freshness.decide: expired first, then stale, then fresh; the expires instant itself is expired")
    func decide() {
        let expires = Timestamp("2026-03-31T00:00:00Z")!
        #expect(Freshness.decide(isStale: false, indexExpires: expires, now: date("2026-03-30T23:59:59Z")) == .fresh)
        #expect(Freshness.decide(isStale: false, indexExpires: expires, now: date("2026-03-31T00:00:00Z")) == .expired)
        #expect(Freshness.decide(isStale: true, indexExpires: expires, now: date("2026-04-30T00:00:00Z")) == .expired)
        #expect(Freshness.decide(isStale: true, indexExpires: expires, now: date("2026-03-01T00:00:00Z")) == .stale)
        #expect(Freshness.decide(isStale: true, indexExpires: nil, now: date("2030-01-01T00:00:00Z")) == .stale)
        #expect(Freshness.decide(isStale: false, indexExpires: nil, now: date("2030-01-01T00:00:00Z")) == .fresh)
    }

    @Test("two processes sharing a cache: the newest issuedAt wins the merge and never goes back")
    func mergeIndexState() throws {
        var mine = ClientState()
        mine.index = .init(issuedAt: Timestamp("2026-03-01T00:00:00Z"), expires: Timestamp("2026-03-31T00:00:00Z"), checkedAt: date("2026-03-02T00:00:00Z"))
        var theirs = ClientState()
        theirs.index = .init(issuedAt: Timestamp("2026-02-01T00:00:00Z"), expires: Timestamp("2026-03-03T00:00:00Z"), checkedAt: date("2026-03-05T00:00:00Z"))
        var merged = mine
        merged.merge(theirs)
        #expect(merged.index?.issuedAt == Timestamp("2026-03-01T00:00:00Z") && merged.index?.expires == Timestamp("2026-03-31T00:00:00Z"))
        #expect(merged.index?.checkedAt == date("2026-03-05T00:00:00Z"))
        theirs.merge(mine)
        #expect(theirs.index?.issuedAt == Timestamp("2026-03-01T00:00:00Z") && theirs.index?.expires == Timestamp("2026-03-31T00:00:00Z"))
        // It survives encoding, and a state written before the index was remembered still decodes.
        #expect(ClientState.decode(try merged.encoded()) == merged)
        #expect(ClientState.decode(Data(#"{"years": {"2026": {"highestAccepted": "2026.7.0"}}}"#.utf8))?.index == nil)
    }
}

/// Part 4: creating a provider does no I/O; `load()` (or the first use) reads the cache, once.
@Suite("Client bootstrap: load()")
struct LoadTests {
    /// A memory store that records which of its methods were called.
    final class RecordingStore: BundleStore, @unchecked Sendable {
        let inner = MemoryStore()
        private let lock = NSLock()
        private(set) var calls: [String] = []
        func record(_ call: String) { lock.lock(); calls.append(call); lock.unlock() }
        func years() throws -> [Int] { record("years"); return try inner.years() }
        func load(year: Int) throws -> [String: Data]? { record("load"); return try inner.load(year: year) }
        func save(year: Int, files: [String: Data]) throws { record("save"); try inner.save(year: year, files: files) }
        func remove(year: Int) throws { record("remove"); try inner.remove(year: year) }
        func loadState() throws -> Data? { record("loadState"); return try inner.loadState() }
        func saveState(_ data: Data) throws { record("saveState"); try inner.saveState(data) }
        func reset() throws { record("reset"); try inner.reset() }
        func prepare() throws -> String? { record("prepare"); return try inner.prepare() }
    }

    @Test("init reads only the state (for the embedded years' VerificationMemo tokens); load() reads and verifies the cache once; a lookup before load() loads first")
    func explicitLoad() async throws {
        let store = RecordingStore()
        store.inner.yearsStored[2026] = try bundleFiles(version: dataVersion(plus: 2))
        let client = try provider(MemoryTransport(), store)
        #expect(store.calls == ["loadState"], "\(store.calls)")
        let status = await client.load()
        #expect(status.source == .cache && status.version == dataVersion(plus: 2))
        // The first load also remembers the verified bytes (`VerificationMemo`): state read again
        // under the lock, then saved.
        #expect(store.calls == ["loadState", "prepare", "loadState", "years", "load", "loadState", "saveState"], "\(store.calls)")
        _ = await client.load()
        _ = await client.status()
        #expect(store.calls.count == 7, "loaded once: \(store.calls)")

        let lazy = RecordingStore()
        lazy.inner.yearsStored[2026] = try bundleFiles(version: dataVersion(plus: 2))
        let other = try provider(MemoryTransport(), lazy)
        #expect(await other.federalBrackets(for: .single).count == 7)
        #expect(await other.status().version == dataVersion(plus: 2), "the first lookup loaded the cache")
    }
}
