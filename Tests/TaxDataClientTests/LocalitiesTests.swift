import Foundation
import Testing
@testable import TaxDataClient
import TaxDataCore
import TaxDataCrypto
import TaxDataTestSupport

/// `TaxDataProvider.localities(of:year:)`: a state's local income taxes, fetched on demand from the
/// year's local form and verified (docs/app-guide.md "Local income taxes").
@Suite("localities on demand")
struct LocalitiesTests {
    static func expectUnavailable(_ provider: TaxDataProvider, _ state: String = "MD", saying text: String) async {
        await #expect {
            try await provider.localities(of: state, year: 2026)
        } throws: { error in
            guard let error = error as? ProviderError else { return false }
            return error.code == .localitiesUnavailable && error.message.contains(text)
        }
    }

    @Test("after a refresh: one state's document fetched once, verified, the same localities the sources hold; a paycheck with a county")
    func fetched() async throws {
        let t = MemoryTransport()
        let version = dataVersion(plus: 2)
        t.serve(appForm: 2026, files: try appBundleFiles(version: version))
        t.serve(directory: "2026/local", files: try localBundleFiles(version: version))
        let provider = try provider(t, MemoryStore())
        #expect(await provider.refresh().source == .remote)
        #expect(!t.requests.contains { $0.url.path.contains("/local/") }, "a refresh fetches no localities")

        let maryland = try await provider.localities(of: "MD", year: 2026)
        // Without their citations and notes: those are in the local form's audit trail, which an app does not fetch.
        let expected = compiledYears.first { $0.meta.taxYear == 2026 }!.states["MD"]!.localities!.map(\.withoutAuditTrail)
        // (Compared as bytes: brackets written with sameAs come back with every status written out.)
        #expect(try CanonicalJSON.encode(maryland) == CanonicalJSON.encode(expected) && maryland.count == 25)
        #expect(t.requests.suffix(2).map(\.url.path) == ["/2026/local/manifest.json", "/2026/local/MD_2026.json"])
        let before = t.requests.count
        #expect(try await provider.localities(of: "md", year: 2026) == maryland)
        #expect(t.requests.count == before, "answered from memory")
        #expect(try await provider.localities(of: "TX", year: 2026).isEmpty, "a state without local taxes: none")

        // As docs/app-guide.md shows it: a picker, then a paycheck.
        let data = try await provider.data(exactly: 2026, localitiesOf: "MD")
        let montgomery = try #require(maryland.first { $0.name == "Montgomery County" })
        let pay = try TaxCalculator(data: data).calculate(PayInput(grossAnnual: 100000, status: .single, state: "MD", locality: montgomery.id))
        #expect(pay.localTaxes.map(\.id) == ["md-24031"] && pay.localIncomeTax == Money.roundedToCent(pay.stateTaxableIncome * Decimal(string: "0.032")!))
    }

    @Test("refused: a tampered document (bundle.checksum), another version's local form (refresh first), a missing signature when keys are pinned, no server")
    func refused() async throws {
        let t = MemoryTransport()
        let version = dataVersion(plus: 2)
        t.serve(appForm: 2026, files: try appBundleFiles(version: version))
        var local = try localBundleFiles(version: version)
        var bytes = local["MD_2026.json"]!
        bytes[bytes.count / 2] ^= 0x01
        t.serve(directory: "2026/local", files: ["manifest.json": local["manifest.json"]!, "MD_2026.json": bytes])
        let client = try provider(t, MemoryStore())
        _ = await client.refresh()
        await Self.expectUnavailable(client, saying: "[bundle.checksum]")

        local = try localBundleFiles(version: dataVersion(plus: 3))
        t.serve(directory: "2026/local", files: local)
        await Self.expectUnavailable(client, saying: "[bundle.inconsistent]")

        // A local manifest that is not signed, for a provider that pins a key: refused until it is.
        let key = try Ed25519PrivateKey.generate()
        let pinned = MemoryTransport()
        try pinned.publish(files: try bundleFiles(version: version, signedBy: [key]), issuedAt: "2026-03-01T00:00:00Z", signedBy: [key])
        pinned.serve(directory: "2026/local", files: try localBundleFiles(version: version))
        let strict = try provider(pinned, MemoryStore(), keys: [key.publicKey])
        #expect(await strict.refresh().source == .remote)
        #expect(await strict.data(year: 2026).meta.version.description == version)
        await Self.expectUnavailable(strict, saying: "[signature.missing]")
        pinned.serve(directory: "2026/local", files: try localBundleFiles(version: version, signedBy: [key]))
        #expect(try await strict.localities(of: "MD", year: 2026).count == 25)

        let offline = try TaxDataProvider(configuration: .init(baseURL: nil), transport: t, store: MemoryStore(),
                                          embedded: embedded, logger: quietLogger)
        await Self.expectUnavailable(offline, saying: "no server")
        await Self.expectUnavailable(offline, "XX", saying: "not a state")
    }
}
