import Foundation
import Testing
import TaxDataClient
import TaxDataTestSupport

/// Issue 32, items 7–10: what an app developer meets first — one import, a provider with no
/// server, a year the provider does not hold, and errors an app can switch on.
@Suite("An app developer's first hour")
struct AppPathTests {
    @Test("32.7: import TaxDataClient alone gives the calculator (TaxCalculator, PayInput)")
    func oneImport() throws {
        // This file imports only TaxDataClient; the names below come through it.
        let data = try #require(embedded.years[2026]).isEmpty == false
        #expect(data)
        let _: PayInput.Type = PayInput.self
        let _: TaxCalculator.Type = TaxCalculator.self
    }

    @Test("32.8: an embedded-only provider answers with the packaged data, fetching and writing nothing")
    func embeddedOnly() async throws {
        let provider = try TaxDataProvider.embeddedOnly(taxYear: 2026)
        let data = try await provider.data(exactly: 2026)
        #expect(data.meta.taxYear == 2026)
        let status = await provider.refresh()
        #expect(status.source == .embedded)
        #expect(status.rejections.isEmpty, "\(status.rejections)")
        let result = try TaxCalculator(data: data).calculate(PayInput(grossAnnual: 85000, status: .single, state: "CA"))
        #expect(result.netPay > 0 && result.netPay < 85000)
    }

    @Test("32.9: a year before any data says so (status message both ways); data(exactly:) throws, naming the years")
    func yearSubstitution() async throws {
        let provider = try TaxDataProvider.embeddedOnly()
        let years = await provider.availableYears()
        let first = try #require(years.first), last = try #require(years.last)
        let before = await provider.status(year: first - 1)
        #expect(before.taxYear == first)
        #expect(before.outdatedMessage == "Using \(first) tax data: there is no \(first - 1) data. \(first - 1) rates differ.")
        let after = await provider.status(year: last + 4)
        #expect(after.outdatedMessage == "Using \(last) tax data. \(last + 4) rates may differ.")
        #expect(await provider.status(year: last).outdatedMessage == nil)
        await #expect {
            try await provider.data(exactly: first - 1)
        } throws: { error in
            guard let error = error as? ProviderError else { return false }
            return error.code == .yearUnavailable && error.message.contains(years.map(String.init).joined(separator: ", "))
        }
    }

    @Test("32.10: calculation errors carry a code to switch on and a message for a person")
    func typedErrors() throws {
        let data = try #require(try? TaxDataProvider.embeddedOnlyData(2026))
        let calculator = TaxCalculator(data: data)
        for (input, code) in [(PayInput(grossAnnual: -1, status: .single), CalculationError.Code.negativeAmount),
                              (PayInput(grossAnnual: 1000, status: .single, state: "ZZ"), .unknownState),
                              (PayInput(grossAnnual: 1000, status: .single, dependents: 1, children: 2), .inconsistentInput),
                              (PayInput(grossAnnual: 1000, status: .single, dependents: 99), .outOfRange)] {
            #expect {
                try calculator.calculate(input)
            } throws: { error in
                guard let error = error as? CalculationError else { return false }
                return error.code == code && !error.message.isEmpty && error.description == error.message
            }
        }
    }
}

@Suite("what changed in a release reaches the app (issue 32.12)")
struct ReleaseChangesTests {
    @Test("a fetched release's changes (manifest, schema 1.9) are in the status; before it, the embedded release's")
    func changesInStatus() async throws {
        let t = MemoryTransport()
        t.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 1)) { $0.meta.changes = "Georgia's 2026 rate cut" })
        let client = try provider(t, MemoryStore())
        let embeddedChanges = try #require(compiledYears.first { $0.meta.taxYear == 2026 }).meta.changes
        #expect(await client.status().changes == embeddedChanges)
        let status = await client.refresh()
        #expect(status.source == .remote, "\(status.rejections)")
        #expect(status.changes == "Georgia's 2026 rate cut")
    }
}

extension TaxDataProvider {
    /// The packaged data of `year`, for tests that need a year's data without an actor hop.
    static func embeddedOnlyData(_ year: Int) throws -> TaxYearData {
        let files = try #require(embedded.years[year])
        var rest = files
        let manifest = rest.removeValue(forKey: BundleLayout.manifestName)!
        return try #require(BundleVerifier(auditTrail: .whenPresent).verify(manifestBytes: manifest, files: rest).data)
    }
}
