import Foundation
import TaxDataTestSupport
import Testing
@testable import TaxDataClient
import TaxDataCore
import TaxDataCrypto

/// `TrustedBundles`, the client's decisions without the actor, the store or the network.
@Suite("TrustedBundles: what is trusted and active, decided from bytes, time and state")
struct TrustedBundlesTests {
    let now = Date(timeIntervalSince1970: 1_772_366_400) // 2026-03-01T12:00:00Z

    func trusted() throws -> TrustedBundles {
        let (embedded, rejections, _) = TrustedBundles.verifyEmbedded(try EmbeddedBundles.packaged())
        #expect(rejections.isEmpty)
        return TrustedBundles(embedded: embedded, policy: .none)
    }

    func data(_ files: [String: Data], year: Int = 2026) throws -> TaxYearData {
        try ClientVerification.verify(files: files, year: year, source: .remote, policy: .none, now: now).get()
    }

    @Test("active: the higher version of cache and embedded (the cache at the same version), else the latest earlier year")
    func active() throws {
        var t = try trusted()
        #expect(t.active(for: 2026).source == .embedded)
        #expect(t.active(for: 2031).data.meta.taxYear == 2026, "no 2031 data: the latest earlier year")
        let same = try data(bundleFiles())
        t.cached[2026] = .init(data: same, source: .cache, fetchedAt: now, manifestChecksum: nil)
        #expect(t.active(for: 2026).source == .cache)
        let lower = try data(bundleFiles(version: "2026.0.1"))
        t.cached[2026] = .init(data: lower, source: .cache, fetchedAt: now, manifestChecksum: nil)
        #expect(t.active(for: 2026).source == .embedded, "an older cache never wins over the embedded copy")
    }

    @Test("a downloaded manifest must be for the year asked and not below the active version")
    func manifestChecks() throws {
        let t = try trusted()
        let verifier = BundleVerifier(extraChecks: t.manifestChecks(year: 2026))
        let older = try bundleFiles(version: "2026.0.1")[BundleLayout.manifestName]!
        #expect(verifier.verifyManifest(older, signature: nil).findings.map(\.diagnostic.rule) == [.rollback])
        let newer = try bundleFiles(version: dataVersion(plus: 1))[BundleLayout.manifestName]!
        #expect(verifier.verifyManifest(newer, signature: nil).findings.isEmpty)
        let otherYear = try bundleFiles(year: 2025)[BundleLayout.manifestName]!
        #expect(verifier.verifyManifest(otherYear, signature: nil).findings.map(\.diagnostic.rule) == [.yearConsistency])
    }

    @Test("acceptance: a newer version another process stored wins and nothing is saved; otherwise save, and highestAccepted only rises")
    func acceptance() throws {
        var t = try trusted()
        let downloaded = try data(bundleFiles(version: dataVersion(plus: 1)))
        let storedNewer = try bundleFiles(version: dataVersion(plus: 2))
        guard case .keepStored(let winner) = t.decideAcceptance(of: downloaded, year: 2026, now: now, onDiskState: nil, onDiskFiles: storedNewer) else {
            Issue.record("the newer stored version should win")
            return
        }
        #expect(winner.data.meta.version.description == dataVersion(plus: 2) && winner.source == .cache)
        #expect(t.active(for: 2026).data.meta.version.description == dataVersion(plus: 2))

        var fresh = try trusted()
        let storedOlder = try bundleFiles(version: "2026.0.1")
        var onDisk = ClientState()
        onDisk[2026].raiseHighestAccepted(to: DataVersion(dataVersion(plus: 5))!)
        guard case .save = fresh.decideAcceptance(of: downloaded, year: 2026, now: now, onDiskState: onDisk, onDiskFiles: storedOlder) else {
            Issue.record("an older stored version should be replaced")
            return
        }
        fresh.accepted(downloaded, manifest: nil, etag: "\"e\"", year: 2026, now: now, saved: true)
        #expect(fresh.state[2026].highestAccepted?.description == dataVersion(plus: 5), "merged from disk, never lowered")
        #expect(fresh.state[2026].manifestETag == "\"e\"" && fresh.state[2026].fetchedAt == now)
        #expect(fresh.active(for: 2026).source == .remote)

        var unsaved = try trusted()
        unsaved.accepted(downloaded, manifest: nil, etag: "\"e\"", year: 2026, now: now, saved: false)
        #expect(unsaved.state[2026].manifestETag == nil, "no validator for bytes that are not in the cache")
        #expect(unsaved.active(for: 2026).data.meta.version.description == dataVersion(plus: 1), "used all the same")
    }

    /// A signed index's word on `years` (signature already checked), valid from `issuedAt` for 30 days.
    func index(_ years: [Int: [String: Data]], issuedAt: String = "2026-02-20T00:00:00Z") throws -> TrustedIndex {
        let bytes = try indexFiles(years, issuedAt: issuedAt)[BundleLayout.indexName]!
        let index = try CanonicalJSON.decode(BundleIndex.self, from: bytes)
        return TrustedIndex(index: index, validity: IndexValidity(issuedAt: Timestamp(issuedAt)!, days: 30))
    }

    @Test("the index's listing: a year it does not list is refused; the cached manifest is unchanged (fresh only while the index is); a lower version is a rollback")
    func listing() throws {
        var t = try trusted()
        let current = try bundleFiles()
        #expect(throws: Rejection.self) { try t.listing(in: try index([2025: try bundleFiles(year: 2025)]), year: 2026, now: now) }
        do {
            _ = try t.listing(in: try index([2025: try bundleFiles(year: 2025)]), year: 2026, now: now)
        } catch let rejection as Rejection {
            #expect(rejection.reason == .bundleIndex && rejection.detail.contains("does not list 2026"))
        }
        t.cached[2026] = .init(data: try data(current), source: .cache, fetchedAt: now,
                               manifestChecksum: ClientVerification.manifestChecksum(current[BundleLayout.manifestName]))
        guard case .unchanged(true) = try t.listing(in: try index([2026: current]), year: 2026, now: now) else {
            Issue.record("the cached manifest, listed by an index in force, is unchanged and fresh"); return
        }
        guard case .unchanged(false) = try t.listing(in: try index([2026: current], issuedAt: "2026-01-01T00:00:00Z"), year: 2026, now: now) else {
            Issue.record("an expired index does not confirm the data fresh"); return
        }
        let newer = try bundleFiles(version: dataVersion(plus: 1))
        guard case .fetch(let entry, _) = try t.listing(in: try index([2026: newer]), year: 2026, now: now) else {
            Issue.record("a newer manifest is fetched"); return
        }
        #expect(entry.version.description == dataVersion(plus: 1))
        do {
            _ = try t.listing(in: try index([2026: try bundleFiles(version: "2026.0.1")]), year: 2026, now: now)
            Issue.record("a version below the active data is refused before its manifest is fetched")
        } catch let rejection as Rejection {
            #expect(rejection.reason == .rollback && rejection.detail.hasPrefix("index.json:"))
        }
    }

    @Test("the manifest: exactly the bytes the index lists; a 304 only answers our own validator; files re-checked for rollback after the downloads")
    func manifestAndFiles() throws {
        var t = try trusted()
        let newer = try bundleFiles(version: dataVersion(plus: 1))
        let entry = try index([2026: newer]).entry(for: 2026)!
        let other = try bundleFiles(version: dataVersion(plus: 2))[BundleLayout.manifestName]!
        #expect(throws: Rejection.self) { try t.acceptListedBytes(other, entry: entry, year: 2026) }
        try t.acceptListedBytes(newer[BundleLayout.manifestName]!, entry: entry, year: 2026)
        #expect(throws: Rejection.self) { try t.acceptNotModified(validator: nil, year: 2026) }
        try t.acceptNotModified(validator: "\"e\"", year: 2026)
        #expect(t.manifestValidator(year: 2026, entry: nil) == nil, "no cache: nothing to validate")

        let manifestBytes = newer[BundleLayout.manifestName]!
        let manifest = try t.acceptManifest(manifestBytes, signature: nil, entry: entry, year: 2026, maxFileBytes: 8 << 20)
        #expect(try t.acceptFiles(newer, manifestBytes: manifestBytes, manifest: manifest, year: 2026, now: now).meta.version.description == dataVersion(plus: 1))
        // Meanwhile another refresh accepted a higher version: the downloaded files are now a rollback.
        t.accepted(try data(try bundleFiles(version: dataVersion(plus: 3))), manifest: nil, etag: "\"e\"", year: 2026, now: now, saved: true)
        #expect(throws: Rejection.self) { try t.acceptFiles(newer, manifestBytes: manifestBytes, manifest: manifest, year: 2026, now: now) }
        #expect(t.manifestValidator(year: 2026, entry: nil) == "\"e\"")
        #expect(t.manifestValidator(year: 2026, entry: entry) == nil, "the index already said the manifest changed")
    }

    @Test("due: no cache, a cache past its validity, the fetch interval passed, or the signed index due")
    func due() throws {
        var t = try trusted()
        let configuration = TaxDataProvider.Configuration(baseURL: URL(string: "https://example.invalid")!)
        #expect(t.refreshDue(year: 2026, now: now, configuration), "no cache")
        let current = try bundleFiles()
        t.accepted(try data(current), manifest: current[BundleLayout.manifestName], etag: nil, year: 2026, now: now, saved: true)
        t.state[2026].lastAttempt = now
        #expect(!t.refreshDue(year: 2026, now: now.addingTimeInterval(3600), configuration))
        #expect(t.refreshDue(year: 2026, now: now.addingTimeInterval(configuration.minimumFetchInterval), configuration))
        #expect(t.versionToConfirm(year: 2026, now: now, configuration) != nil)
        #expect(t.versionToConfirm(year: 2026, now: now.addingTimeInterval(configuration.cacheValidity), configuration) == nil,
                "a stale cache is never confirmed by the unsigned version endpoint")
        let keyed = TaxDataProvider.Configuration(baseURL: configuration.baseURL, trustedKeys: [try Ed25519PrivateKey.generate().publicKey])
        #expect(t.indexDue(now: now, keyed), "never fetched")
        #expect(!t.indexDue(now: now, configuration), "no trusted keys: no index")
    }
}
