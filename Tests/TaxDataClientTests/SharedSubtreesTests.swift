import Foundation
import Testing
import TaxDataClient
import TaxDataCore

/// The form in which an app carries its embedded documents: repeated runs shared, expanded
/// exactly, and every malformed reference refused with `embedded.shared`.
@Suite("Shared subtrees: the embedded documents' form")
struct SharedSubtreesTests {
    @Test("every year's app document expands back to its exact bytes, in at most half of them")
    func realDocuments() throws {
        for data in compiledYears {
            let app = try #require(try BundleBuilder.buildApp(data).files.first { $0.path == BundleLayout(year: data.meta.taxYear).app })
            let shared = try SharedSubtrees.share(app.contents)
            #expect(try SharedSubtrees.expand(shared, limit: app.contents.count) == app.contents)
            #expect(shared.count * 2 <= app.contents.count, "\(data.meta.taxYear): \(shared.count) of \(app.contents.count) bytes")
            #expect(shared.contains(0x01), "nothing was shared")
        }
    }

    @Test("a document without repeats is left as it is; nested and repeated repeats expand", arguments: [
        #"{"a":1}"#,
        #"{"a":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15],"b":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15],"c":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]}"#,
        #"[{"x":{"k":"a string with ] and } and \" inside"}},{"x":{"k":"a string with ] and } and \" inside"}},{"x":{"k":"a string with ] and } and \" inside"}}]"#,
    ])
    func roundTrips(json: String) throws {
        let bytes = Data(json.utf8)
        let shared = try SharedSubtrees.share(bytes)
        #expect(try SharedSubtrees.expand(shared, limit: bytes.count) == bytes)
        if json.count < 40 { #expect(shared == bytes) } else { #expect(shared.count < bytes.count) }
    }

    @Test("a run that is not a whole object or array is shared too, and never overlaps what it copies")
    func runs() throws {
        // The two arrays differ in their last row, and no object in them is 32 bytes long: the
        // first form shared nothing here.
        let json = #"[[{"floor":"0","rate":"0.04"},{"floor":"9","rate":"0.05"},{"f":"1"}],[{"floor":"0","rate":"0.04"},{"floor":"9","rate":"0.05"},{"f":"2"}]]"#
        let bytes = Data(json.utf8)
        let shared = try SharedSubtrees.share(bytes)
        #expect(try SharedSubtrees.expand(shared, limit: bytes.count) == bytes)
        #expect(shared.count < bytes.count - 40, "\(shared.count) of \(bytes.count) bytes")
        // A run that repeats itself (period 1) can only copy what precedes it.
        let repeated = Data(("[\"" + String(repeating: "a", count: 200) + "\"]").utf8)
        let sharedRepeat = try SharedSubtrees.share(repeated)
        #expect(try SharedSubtrees.expand(sharedRepeat, limit: repeated.count) == repeated)
        #expect(sharedRepeat.count < repeated.count)
    }

    @Test("refused, each with embedded.shared and the byte where it is", arguments: [
        ("{\"a\":\u{01}0,20\u{02}}", "a reference to bytes 0 + 32 of the 5 expanded so far"),
        ("{\"a\":\u{01}0,20", "does not end within 40 bytes"),
        ("{\"a\":\u{02}}", "a reference ends that did not begin"),
        ("{\"a\":\u{01}00,20\u{02}}", "not two lower-case hexadecimal numbers"),
        ("{\"a\":\u{01}A,20\u{02}}", "not two lower-case hexadecimal numbers"),
        ("{\"a\":\u{01}0,20,1\u{02}}", "not two lower-case hexadecimal numbers"),
        ("{\"a\":\u{01}-1,20\u{02}}", "not two lower-case hexadecimal numbers"),
        ("{\"a\":\u{01}0,1\u{02}}", "a reference to bytes 0 + 1"),
    ])
    func refusals(shared: String, reason: String) {
        #expect {
            _ = try SharedSubtrees.expand(Data(shared.utf8), limit: 1 << 20)
        } throws: { error in
            let refusal = error as? SharedSubtrees.Refusal
            return refusal?.offset == 5 && "\(error)".hasPrefix("embedded.shared: byte 5:") && "\(error)".contains(reason)
        }
    }

    @Test("the expansion is bounded: a chain of references that doubles each time stops at the limit")
    func bounded() throws {
        var shared = Data("[\"0123456789abcdef0123456789abcdef\"".utf8)
        var length = shared.count - 1
        for _ in 0..<40 {
            shared += Data(",\u{01}1,\(String(length, radix: 16))\u{02}".utf8)
            length = length * 2 + 1
        }
        shared += Data("]".utf8)
        #expect(throws: SharedSubtrees.Refusal.self) { try SharedSubtrees.expand(shared, limit: 1 << 20) }
    }

    @Test("a document that holds a marker byte, or is not JSON, is not shared")
    func shareRefusals() {
        #expect(throws: SharedSubtrees.Refusal.self) { try SharedSubtrees.share(Data("[\"\u{01}\"]".utf8)) }
        #expect(throws: SharedSubtrees.Refusal.self) { try SharedSubtrees.share(Data("[1,2".utf8)) }
        #expect(throws: SharedSubtrees.Refusal.self) { try SharedSubtrees.share(Data("[1]]".utf8)) }
    }

    @Test("a directory of years: a shared document is expanded; both forms of one document, or a broken one, are refused")
    func directory() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let year = root.appendingPathComponent("2026")
        try FileManager.default.createDirectory(at: year, withIntermediateDirectories: true)
        let json = Data(#"{"a":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15],"b":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]}"#.utf8)
        try SharedSubtrees.share(json).write(to: year.appendingPathComponent("app_2026.json.shared"))
        #expect(try EmbeddedBundles(directory: root).years[2026]?["app_2026.json"] == json)
        try json.write(to: year.appendingPathComponent("app_2026.json"))
        #expect { _ = try EmbeddedBundles(directory: root) } throws: { "\($0)".contains("embedded.shared") }
        try FileManager.default.removeItem(at: year.appendingPathComponent("app_2026.json"))
        try Data("{\u{01}0,40\u{02}}".utf8).write(to: year.appendingPathComponent("app_2026.json.shared"))
        #expect { _ = try EmbeddedBundles(directory: root) } throws: { "\($0)".contains("embedded.shared: byte 1") }
    }
}
