import Foundation
import TaxDataTestSupport
import Testing
@testable import TaxDataClient
import TaxDataCore

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
        try TaxDataProvider.verify(files: files, year: year, source: .remote, policy: .none, now: now).get()
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
}
