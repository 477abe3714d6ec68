import Foundation
import TaxDataCore
import Testing

/// `verify` of a bundle that lists a document larger than `BundleLimits.maxDocumentBytes`: the
/// document is hashed as it is read, never held, and refused unread (`bundle.size`).
@Suite("taxdata verify, a listed document beyond the size limit")
struct LargeDocumentTests {
    /// A built 2026 bundle whose federal document is padded with `padding` spaces, and its
    /// manifest entry rewritten to `listedSize` (the padded size when nil) and the padded digest.
    static func paddedYear(padding: Int, listedSize: Int? = nil) async throws -> (root: URL, year: URL, size: Int) {
        let tmp = try temporaryDirectory()
        let dist = tmp.appendingPathComponent("dist")
        let built = try await taxdata("build", packageRoot.appendingPathComponent("TaxData").path, "--out", dist.path)
        #expect(built.status == 0, "\(built.stdout)\(built.stderr)")
        let year = dist.appendingPathComponent("2026")
        let name = "federal_2026.json"
        let document = year.appendingPathComponent(name)
        let handle = try FileHandle(forWritingTo: document)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: " "), count: padding))
        try handle.close()
        let summed = try run("/usr/bin/env", ["sha256sum", document.path])
        let digest = String(summed.stdout.prefix(64))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: document.path)[.size] as? Int)
        let manifestURL = year.appendingPathComponent("manifest.json")
        var manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        manifest = manifest.replacingOccurrences(of: #""\#(name)" : "sha256:[0-9a-f]{64}""#, with: #""\#(name)" : "sha256:\#(digest)""#,
                                                 options: .regularExpression)
        manifest = manifest.replacingOccurrences(of: #""\#(name)" : [0-9]+"#, with: #""\#(name)" : \#(listedSize ?? size)"#,
                                                 options: .regularExpression)
        #expect(manifest.contains(digest) && manifest.contains("\(listedSize ?? size)"), "the manifest entry was not rewritten")
        try Data(manifest.utf8).write(to: manifestURL)
        return (tmp, year, size)
    }

    @Test("a 9 MiB document whose size and digest match is refused as too large, not read as not canonical")
    func refusedUnread() async throws {
        let padded = try await Self.paddedYear(padding: 9 << 20)
        defer { try? FileManager.default.removeItem(at: padded.root) }
        #expect(padded.size > BundleLimits.maxDocumentBytes)
        let result = try await taxdata("verify", padded.year.path)
        #expect(result.status == 1)
        #expect(result.stdout.contains("[bundle.size]"), "\(result.stdout)")
        #expect(result.stdout.contains("its SHA-256 was checked, its contents were not read"), "\(result.stdout)")
        #expect(!result.stdout.contains("[bundle.checksum]"), "\(result.stdout)")
        #expect(!result.stdout.contains("[bundle.not-canonical]"), "\(result.stdout)")
    }

    @Test("a large document that is longer than its listed size is caught, though it is never held")
    func longerThanListed() async throws {
        let padded = try await Self.paddedYear(padding: 9 << 20, listedSize: (9 << 20) + 10)
        defer { try? FileManager.default.removeItem(at: padded.root) }
        let result = try await taxdata("verify", padded.year.path)
        #expect(result.status == 1)
        #expect(result.stdout.contains("the manifest says \((9 << 20) + 10)"), "\(result.stdout)")
    }

    @Test("a large document with one byte changed fails its checksum")
    func flippedByte() async throws {
        let padded = try await Self.paddedYear(padding: 9 << 20)
        defer { try? FileManager.default.removeItem(at: padded.root) }
        let document = padded.year.appendingPathComponent("federal_2026.json")
        let handle = try FileHandle(forUpdating: document)
        try handle.seek(toOffset: UInt64(5 << 20))
        try handle.write(contentsOf: Data("x".utf8))
        try handle.close()
        let result = try await taxdata("verify", padded.year.path)
        #expect(result.status == 1)
        #expect(result.stdout.contains("[bundle.checksum]"), "\(result.stdout)")
    }
}
