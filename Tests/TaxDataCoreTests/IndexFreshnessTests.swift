import Foundation
import Testing
@testable import TaxDataCore

/// The signed index's checks, as pure values: its timestamps, validity, expiry, replay and the
/// manifest it lists (issue 16, part 5).
@Suite("Index freshness: validity, expiry, replay, mix-and-match")
struct IndexFreshnessTests {
    static func index(issuedAt: String?, expires: String?) -> BundleIndex {
        BundleIndex(schemaVersion: .current, years: [], issuedAt: issuedAt, expires: expires)
    }

    @Test("Timestamp reads and writes exactly YYYY-MM-DDTHH:MM:SSZ, and agrees with Foundation")
    func timestamps() throws {
        for text in ["1970-01-01T00:00:00Z", "2026-03-01T12:00:00Z", "2024-02-29T23:59:59Z", "2000-03-01T00:00:00Z", "2100-12-31T06:07:08Z"] {
            let parsed = try #require(Timestamp(text), "\(text)")
            #expect(parsed.description == text)
            #expect(parsed.date == ISO8601DateFormatter().date(from: text), "\(text)")
            #expect(Timestamp(parsed.date) == parsed)
        }
        for bad in ["2026-03-01", "2026-03-01T12:00:00", "2026-03-01T12:00:00.5Z", "2026-03-01T24:00:00Z", "2025-02-29T00:00:00Z",
                    "2026-3-01T12:00:00Z", "2026-03-01 12:00:00Z", "2026-03-01T12:00:00+00:00", "1969-12-31T23:59:59Z", " 2026-03-01T12:00:00Z"] {
            #expect(Timestamp(bad) == nil, "\(bad)")
        }
        // What a person types: a date is midnight UTC; an offset is converted.
        #expect(Timestamp(iso8601: "2026-03-01")?.description == "2026-03-01T00:00:00Z")
        #expect(Timestamp(iso8601: "2026-03-01T08:30:00+02:00")?.description == "2026-03-01T06:30:00Z")
        #expect(Timestamp(iso8601: "2026-03-01T23:30:00-01:00")?.description == "2026-03-02T00:30:00Z")
        #expect(Timestamp(iso8601: "March 1") == nil)
        #expect(Timestamp("2026-01-31T12:00:00Z")!.adding(days: 30).description == "2026-03-02T12:00:00Z")
        // Codable as its text.
        let encoded = try JSONEncoder().encode([Timestamp("2026-03-01T12:00:00Z")!])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["2026-03-01T12:00:00Z"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Timestamp].self, from: Data(#"["2026-03-01"]"#.utf8)) }
    }

    @Test("validity: absent, valid, or an index.validity error that says what is wrong")
    func validity() {
        #expect(IndexFreshness.validity(of: Self.index(issuedAt: nil, expires: nil)) == .absent)
        let valid = IndexFreshness.validity(of: Self.index(issuedAt: "2026-03-01T00:00:00Z", expires: "2026-03-31T00:00:00Z"))
        #expect(valid == .valid(IndexValidity(issuedAt: Timestamp("2026-03-01T00:00:00Z")!, days: 30)))
        let cases: [(String?, String?, String)] = [
            ("2026-03-01T00:00:00Z", nil, "no expires"),
            (nil, "2026-03-31T00:00:00Z", "no issuedAt"),
            ("2026-03-01", "2026-03-31T00:00:00Z", "issuedAt '2026-03-01' is not a UTC time"),
            ("2026-03-01T00:00:00Z", "soon", "expires 'soon' is not a UTC time"),
            ("2026-03-31T00:00:00Z", "2026-03-01T00:00:00Z", "not after it was issued"),
            ("2026-03-01T00:00:00Z", "2026-03-01T00:00:00Z", "not after it was issued"),
        ]
        for (issued, expires, message) in cases {
            guard case .invalid(let diagnostic) = IndexFreshness.validity(of: Self.index(issuedAt: issued, expires: expires)) else {
                Issue.record("\(String(describing: issued)) … \(String(describing: expires)) was accepted")
                continue
            }
            #expect(diagnostic.rule == .indexValidity && diagnostic.severity == .error)
            #expect(diagnostic.message.contains(message), "\(diagnostic.message)")
        }
    }

    @Test("index.expired: from the expires instant on; a warning, an error under .strict; nothing without a time or a validity")
    func expiry() {
        let index = Self.index(issuedAt: "2026-03-01T00:00:00Z", expires: "2026-03-31T00:00:00Z")
        #expect(IndexFreshness.check(index, now: Timestamp("2026-03-30T23:59:59Z")).isEmpty)
        let warning = IndexFreshness.check(index, now: Timestamp("2026-03-31T00:00:00Z"))
        #expect(warning.map(\.rule) == [.indexExpired] && warning.map(\.severity) == [.warning])
        #expect(warning.first?.message.contains("taxdata sign") == true)
        #expect(IndexFreshness.check(index, now: Timestamp("2027-01-01T00:00:00Z"), policy: .strict).map(\.severity) == [.error])
        #expect(IndexFreshness.check(index, now: nil).isEmpty)
        #expect(IndexFreshness.check(Self.index(issuedAt: nil, expires: nil), now: Timestamp("2099-01-01T00:00:00Z"), policy: .strict).isEmpty)
        #expect(IndexFreshness.check(Self.index(issuedAt: "2026-03-31T00:00:00Z", expires: "2026-03-01T00:00:00Z"), now: nil).map(\.rule) == [.indexValidity])
    }

    @Test("index.replay: an index issued before the newest accepted, or one without issuedAt after one with it")
    func replay() {
        let march = IndexValidity(issuedAt: Timestamp("2026-03-01T00:00:00Z")!, days: 30)
        let february = IndexValidity(issuedAt: Timestamp("2026-02-01T00:00:00Z")!, days: 30)
        #expect(IndexReplay.check(february, newestAccepted: nil) == nil)
        #expect(IndexReplay.check(nil, newestAccepted: nil) == nil)
        #expect(IndexReplay.check(march, newestAccepted: march.issuedAt) == nil, "the same index again")
        #expect(IndexReplay.check(march, newestAccepted: february.issuedAt) == nil)
        #expect(IndexReplay.check(february, newestAccepted: march.issuedAt)?.rule == .indexReplay)
        #expect(IndexReplay.check(nil, newestAccepted: march.issuedAt)?.rule == .indexReplay)
    }

    @Test("mix-and-match: a manifest must be the one its index lists, byte for byte and by year and version")
    func entryMatch() throws {
        let (files, manifest) = try BundleBuilder.build(BundleVerifierTests.sample())
        let bytes = files.last!.contents
        let entry = BundleIndex.Entry(taxYear: 2024, version: manifest.version, status: manifest.status, manifest: "2024/manifest.json",
                                      manifestChecksum: Manifest.checksum(try PortableCrypto().sha256Hex(bytes)), manifestSize: bytes.count)
        #expect(IndexEntryMatch.check(manifestBytes: bytes, entry: entry) == nil)
        #expect(IndexEntryMatch.check(manifest: manifest, entry: entry) == nil)
        var other = bytes; other[other.count / 2] ^= 1
        #expect(IndexEntryMatch.check(manifestBytes: other, entry: entry)?.rule == .bundleChecksum)
        #expect(IndexEntryMatch.check(manifestBytes: bytes + Data(" ".utf8), entry: entry)?.rule == .bundleChecksum)
        var newer = manifest; newer.version = DataVersion("2024.2.0")!
        #expect(IndexEntryMatch.check(manifest: newer, entry: entry)?.rule == .bundleIndex)
    }

    @Test("a signed dist's index carries the validity it was built with; an unsigned one none, byte for byte as before")
    func builtIndex() throws {
        let data = BundleVerifierTests.sample()
        let unsigned = try BundleBuilder.buildDist([data], validity: IndexValidity(issuedAt: Timestamp("2026-03-01T00:00:00Z")!, days: 30))
        let plain = try CanonicalJSON.decode(BundleIndex.self, from: unsigned.first { $0.path == "index.json" }!.contents)
        #expect(plain.issuedAt == nil && plain.expires == nil && plain.schemaVersion == .current)
        #expect(unsigned == (try BundleBuilder.buildDist([data])))
        let validity = IndexValidity(issuedAt: Timestamp("2026-03-01T00:00:00Z")!, days: 7)
        let signed = try BundleBuilder.signedIndex(plain, validity: validity, keys: [TestSigner()])
        let index = try CanonicalJSON.decode(BundleIndex.self, from: signed[0].contents)
        #expect(index.issuedAt == "2026-03-01T00:00:00Z" && index.expires == "2026-03-08T00:00:00Z")
        #expect(signed.map(\.path) == ["index.json", "index.json.sig"])
        #expect(CanonicalCheck.mismatch(signed[0].contents, canonical: index) == nil)

        // verify reports an expired signed index at the time it is given.
        let contents = DistVerifier.Contents(rootFiles: ["index.json": signed[0].contents],
                                             directories: [:])
        let late = DistVerifier().verify(contents, indexTime: Timestamp("2026-03-09T00:00:00Z"))
        #expect(late.contains { $0.file == "index.json" && $0.diagnostic.rule == .indexExpired && $0.diagnostic.severity == .warning })
        #expect(!DistVerifier().verify(contents, indexTime: Timestamp("2026-03-02T00:00:00Z")).contains { $0.diagnostic.rule == .indexExpired })
    }
}

/// A deterministic stand-in signer (the signature bytes do not matter here).
private struct TestSigner: Ed25519Signer {
    var publicKey: Ed25519PublicKey { try! Ed25519PublicKey(rawRepresentation: Data(repeating: 7, count: 32)) }
    func signature(for message: Data) throws -> Data { Data(repeating: 1, count: 64) }
}
