import Foundation
import Testing
@testable import TaxDataClient
import TaxDataCore
import TaxDataTestSupport

/// `TaxDataProvider.provenance(year:)`: the audit trail the app form leaves out, fetched on demand
/// and verified against the active data's signed manifest (docs/app-guide.md).
@Suite("the audit trail on demand")
struct ProvenanceTests {
    static func expectUnavailable(_ provider: TaxDataProvider, saying text: String) async {
        await #expect {
            try await provider.provenance(year: 2026)
        } throws: { error in
            guard let error = error as? ProviderError else { return false }
            return error.code == .provenanceUnavailable && error.message.contains(text)
        }
    }

    @Test("after a refresh of the app form: fetched once asked for, exactly the year's sources and notes; the refresh itself never fetched it")
    func fetched() async throws {
        let t = MemoryTransport()
        let files = try appBundleFiles(version: dataVersion(plus: 2))
        t.serve(appForm: 2026, files: files)
        let provider = try provider(t, MemoryStore())
        let status = await provider.refresh()
        #expect(status.source == .remote, "\(status.rejections)")
        #expect(!t.requests.contains { $0.url.lastPathComponent == "provenance_2026.json" })
        #expect(await provider.data(year: 2026).states["CA"]?.sources == [], "the app form's data has no audit trail")

        // As docs/app-guide.md shows it.
        let trail = try await provider.provenance(year: 2026)
        let citations = trail.states["CA"]?.sources ?? []
        let expected = try CanonicalJSON.decode(ProvenanceDocument.self, from: files["provenance_2026.json"]!)
        #expect(trail == expected && !citations.isEmpty)
        #expect(trail.version.description == dataVersion(plus: 2))
        #expect(t.requests.suffix(2).map(\.url.path) == ["/2026/app/manifest.json", "/2026/app/provenance_2026.json"])
    }

    @Test("refused: another year's audit trail (bundle.size or bundle.checksum), a server that now publishes another version, no server")
    func refused() async throws {
        let t = MemoryTransport()
        let files = try appBundleFiles(version: dataVersion(plus: 2))
        t.serve(appForm: 2026, files: files)
        let client = try provider(t, MemoryStore())
        _ = await client.refresh()

        let other = try appBundleFiles(year: 2025)
        t.serve(appForm: 2026, files: ["provenance_2026.json": other["provenance_2025.json"]!])
        await Self.expectUnavailable(client, saying: "[bundle.")

        // The same bytes with a manifest that lists them (a publisher's error, re-signed): not this year's.
        t.serve(appForm: 2026, files: files)
        t.serve(appForm: 2026, files: try appBundleFiles(version: dataVersion(plus: 3)))
        await Self.expectUnavailable(client, saying: "refresh first")

        let offline = try TaxDataProvider(configuration: .init(baseURL: nil), transport: t, store: MemoryStore(),
                                          embedded: embedded, logger: quietLogger)
        await Self.expectUnavailable(offline, saying: "no server")
    }

    @Test("data that carries its audit trail (the first form) answers without a request")
    func carried() async throws {
        let t = MemoryTransport()
        t.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 2)))
        let client = try provider(t, MemoryStore())
        #expect(await client.refresh().source == .remote)
        let before = t.requests.count
        let trail = try await client.provenance(year: 2026)
        #expect(t.requests.count == before)
        #expect(trail.federal.sources == (await client.data(year: 2026)).federal.sources && !trail.federal.sources.isEmpty)
    }
}
