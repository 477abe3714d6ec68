import Foundation
import Testing
import TaxDataCore
import TaxDataTestSupport

/// `JSONValueDecoder`, the decoder behind `CanonicalJSON.decode`: on every document the build
/// writes it gives what Foundation's `JSONDecoder` gives, and it refuses what is not JSON.
@Suite("JSONValueDecoder: Foundation's results, faster, and strict")
struct JSONValueDecoderTests {
    static func check<T: Codable & Equatable>(_ type: T.Type, _ bytes: Data, compact: Bool, _ label: String) throws {
        let fast = try JSONValueDecoder().decode(type, from: bytes)
        let foundation = try JSONDecoder().decode(type, from: bytes)
        #expect(fast == foundation, "\(label)")
        let encode = { (value: T) in try compact ? CanonicalJSON.encodeCompact(value) : CanonicalJSON.encode(value) }
        #expect(try encode(fast) == encode(foundation), "\(label): re-encoded differently")
        #expect(try encode(fast) == bytes, "\(label): not canonical")
    }

    @Test("every document of a real dist, both forms: the same value as JSONDecoder, re-encoded to the same bytes", arguments: compiledYears.map(\.meta.taxYear))
    func realDocuments(year: Int) throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == year })
        let layout = BundleLayout(year: year)
        var files: [String: Data] = [:]
        for file in try BundleBuilder.buildDist([data]) { files[file.path] = file.contents }
        let y = String(year)
        try Self.check(FederalData.self, files["\(y)/\(layout.federal)"]!, compact: false, layout.federal)
        try Self.check(FICAData.self, files["\(y)/\(layout.fica)"]!, compact: false, layout.fica)
        try Self.check(StatesDocument.self, files["\(y)/\(layout.states)"]!, compact: false, layout.states)
        try Self.check(RetirementData.self, files["\(y)/\(layout.retirement)"]!, compact: false, layout.retirement)
        try Self.check(CombinedDocument.self, files["\(y)/\(layout.combined)"]!, compact: false, layout.combined)
        try Self.check(Manifest.self, files["\(y)/manifest.json"]!, compact: false, "manifest")
        try Self.check(Manifest.self, files["\(y)/app/manifest.json"]!, compact: false, "app manifest")
        try Self.check(CombinedDocument.self, files["\(y)/app/\(layout.app)"]!, compact: true, layout.app)
        try Self.check(ProvenanceDocument.self, files["\(y)/app/\(layout.provenance)"]!, compact: true, layout.provenance)
        try Self.check(BundleIndex.self, files["index.json"]!, compact: false, "index")
    }

    @Test("numbers: the exact decimal of the text, stored as Decimal(string:) stores it", arguments: [
        "0", "-0", "7", "-7.25", "12.50", "1200", "0.0001", "0.10", "100.000", "1e3", "1E-2", "2.5e+1",
        "9999999999999999999", "12345678901234567890", "123456789012345678901234.5678", "0.000000000000000000000001",
    ])
    func numbers(text: String) throws {
        let fast = try JSONValueDecoder().decode([Decimal].self, from: Data("[\(text)]".utf8))[0]
        let foundation = try JSONDecoder().decode([Decimal].self, from: Data("[\(text)]".utf8))[0]
        #expect(fast == foundation, "\(text)")
        #expect(fast.description == foundation.description, "\(text): \(fast) vs \(foundation)")
    }

    @Test("not JSON: refused with a DecodingError, never a crash", arguments: [
        "", " ", "{", "[1,]", "{\"a\":1,}", "[01]", "[1.]", "[.5]", "[+1]", "[NaN]", "[Infinity]", "[1e]", "[\"\\x\"]",
        "[\"\\ud800\"]", "[\"\\udc00x\"]", "[\"a\u{01}\"]", "[true false]", "{\"a\" 1}", "[1] x", "nul", "[\"\\u12\"]",
    ])
    func notJSON(text: String) {
        #expect(throws: DecodingError.self, "\(text.debugDescription)") { try JSONValueDecoder().decode([Int].self, from: Data(text.utf8)) }
    }

    @Test("hostile structure: invalid UTF-8 in a string, and nesting deeper than the limit (100,000 levels) are refused")
    func hostile() {
        var invalid = Data("[\"a".utf8)
        invalid.append(contentsOf: [0xFF, 0xFE])
        invalid.append(contentsOf: Data("\"]".utf8))
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode([String].self, from: invalid) }
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode([Int].self, from: deep) }
        let escaped = try? JSONValueDecoder().decode([String].self, from: Data(#"["\u00e9\ud83d\ude00\n\"\/"]"#.utf8))
        #expect(escaped == ["é😀\n\"/"])
    }

    @Test("the errors name what and where, as JSONDecoder's do: a missing key, a wrong type, a number out of range")
    func errors() {
        struct Sample: Codable { var year: Int; var name: String }
        do {
            _ = try JSONValueDecoder().decode(Sample.self, from: Data(#"{"year": 2026}"#.utf8))
            Issue.record("decoded")
        } catch {
            #expect(DecodeErrorText.describe(error) == "missing key 'name' at the top level")
        }
        do {
            _ = try JSONValueDecoder().decode([Sample].self, from: Data(#"[{"year": "2026", "name": "x"}]"#.utf8))
            Issue.record("decoded")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 0", "year"])
        } catch {
            Issue.record("\(error)")
        }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode([Int8].self, from: Data("[128]".utf8)) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode([Int].self, from: Data("[1.5]".utf8)) }
    }

    @Test("a repeated key keeps one value, and the canonical check refuses the document (bundle.not-canonical, as before)")
    func repeatedKey() throws {
        let bytes = Data("{\n  \"a\" : 1,\n  \"a\" : 2\n}\n".utf8)
        let value = try JSONValueDecoder().decode([String: Int].self, from: bytes)
        #expect(value.count == 1)
        #expect(CanonicalCheck.mismatch(bytes, canonical: value) != nil)
    }
}
