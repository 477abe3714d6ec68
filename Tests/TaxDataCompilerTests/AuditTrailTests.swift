import Foundation
import Testing
import TaxDataCore
import TaxDataTestSupport

/// The first step of docs/design/34-payload.md: a year splits into its app form and its audit
/// trail, and the two put back together are the year, byte for byte.
@Suite("the app form and the audit trail of a year")
struct AuditTrailTests {
    @Test("every real year: split, written compact, read back and put together again is the year's combined document, byte for byte",
          arguments: compiledYears.map(\.meta.taxYear))
    func roundTrip(year: Int) throws {
        // The localities are in the local form, never in the app form (BundleBuilder.buildApp).
        let data = try #require(compiledYears.first { $0.meta.taxYear == year }).withoutLocalities
        let combined = CombinedDocument(data)
        let (app, provenance) = combined.splittingAuditTrail()
        let appBytes = try CanonicalJSON.encodeCompact(app)
        let provenanceBytes = try CanonicalJSON.encodeCompact(provenance)
        let text = String(decoding: appBytes, as: UTF8.self)
        #expect(!text.contains("\"notes\""), "notes left in the app form")
        #expect(text.components(separatedBy: "\"sources\":").count == text.components(separatedBy: "\"sources\":[]").count,
                "every sources of the app form is empty")
        // What an app shows about an estimated state stays: its pending publication.
        #expect(app.states.values.map(\.pending) == combined.states.values.map(\.pending))
        #expect(!text.contains("\n  ") && text.hasSuffix("}\n"), "compact, one final newline")
        // The design's premise (docs/design/34-payload.md): the app form is a fraction of the year.
        let pretty = try CanonicalJSON.encode(combined)
        #expect(appBytes.count * 3 < pretty.count, "app \(appBytes.count) bytes, combined \(pretty.count)")

        // (Compared as bytes: a value read back has every status written out where the sources
        // wrote `sameAs`, so it equals the original only once encoded.)
        let readApp = try CanonicalJSON.decode(CombinedDocument.self, from: appBytes)
        #expect(try CanonicalJSON.encodeCompact(readApp) == appBytes, "the compact form is canonical: re-encoding gives the same bytes")
        let readProvenance = try CanonicalJSON.decode(ProvenanceDocument.self, from: provenanceBytes)
        let restored = try readApp.restoringAuditTrail(readProvenance)
        #expect(try CanonicalJSON.encode(restored) == pretty)
        #expect(readApp.states.values.allSatisfy { $0.sources.isEmpty } && !provenance.states.values.allSatisfy { $0.sources.isEmpty })
    }

    @Test("an audit trail of another year, version or set of states is refused")
    func mismatch() throws {
        let data = try #require(compiledYears.last).withoutLocalities
        let (app, provenance) = CombinedDocument(data).splittingAuditTrail()
        var otherVersion = provenance
        otherVersion.version = DataVersion("\(data.meta.taxYear).0.1")!
        #expect(throws: AuditTrailMismatch.self) { try app.restoringAuditTrail(otherVersion) }
        var otherYear = provenance
        otherYear.taxYear -= 1
        #expect(throws: AuditTrailMismatch.self) { try app.restoringAuditTrail(otherYear) }
        var fewerStates = provenance
        fewerStates.states["CA"] = nil
        #expect(throws: AuditTrailMismatch.self) { try app.restoringAuditTrail(fewerStates) }
        #expect(try app.restoringAuditTrail(provenance) == CombinedDocument(data))
    }
}
