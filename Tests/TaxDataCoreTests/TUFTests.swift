import Foundation
import Testing
import TaxDataCore

/// The TUF client workflow (`TUFTrustedSet`) on repositories made by python-tuf's Metadata API, the
/// reference implementation (`scripts/make-tuf-fixtures.py` wrote Fixtures/tuf/ with python-tuf 7.0.1):
/// what it accepts, and each attack it refuses, by rule.
@Suite("TUF metadata from python-tuf: the update workflow and its refusals")
struct TUFTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/tuf")
    static let now = Date(timeIntervalSince1970: 1_795_910_400) // 2026-11-29

    static func file(_ name: String) throws -> Data { try Data(contentsOf: directory.appendingPathComponent(name)) }

    static func trusted() throws -> TUFTrustedSet { try TUFTrustedSet(trustedRoot: file("1.root.json"), now: now) }

    static func rule(_ body: () throws -> Void) -> RuleID? {
        do { try body() } catch let error as TUFError { return error.rule } catch { return RuleID("unexpected: \(error)") }
        return nil
    }

    @Test("a full refresh: root 1 to 2 (a root key and the targets key rotated), timestamp, snapshot, targets, and the target by its hashed name")
    func refresh() throws {
        var set = try Self.trusted()
        try set.updateRoot(Self.file("2.root.json"))
        try set.checkRoot()
        #expect(set.root.version == 2 && set.root.consistentSnapshot)
        try set.updateTimestamp(Self.file("timestamp-v1.json"))
        try set.updateSnapshot(Self.file("1.snapshot.json"))
        try set.updateTargets(Self.file("1.targets.json"))
        let (file, fetch) = try set.target("2026/manifest.json")
        #expect(fetch.hasPrefix("2026/") && fetch.hasSuffix(".manifest.json") && fetch.count == "2026/".count + 64 + ".manifest.json".count)
        let bytes = try Self.file("targets/" + fetch)
        #expect(bytes.count == file.length)
        try set.verifyTarget("2026/manifest.json", bytes)
        var tampered = bytes
        tampered[0] ^= 0x01
        #expect(Self.rule { try set.verifyTarget("2026/manifest.json", tampered) } == .tufHash)
        #expect(Self.rule { try set.verifyTarget("2026/manifest.json", bytes + Data("x".utf8)) } == .tufLength)
    }

    @Test("root: a version that skips, one below the old root's threshold, one the new root's keys did not sign, an expired final root")
    func rootAttacks() throws {
        var set = try Self.trusted()
        #expect(Self.rule { try set.updateRoot(Self.file("bad/3.root.skips.json")) } == .tufVersion)
        #expect(Self.rule { try set.updateRoot(Self.file("bad/2.root.one-signature.json")) } == .tufThreshold)
        #expect(Self.rule { try set.updateRoot(Self.file("bad/2.root.unsigned-by-new.json")) } == .tufThreshold)
        #expect(set.root.version == 1, "a refused root changes nothing")
        // The same version again is not the next one.
        #expect(Self.rule { try set.updateRoot(Self.file("1.root.json")) } == .tufVersion)
        try set.updateRoot(Self.file("bad/2.root.expired.json"))
        #expect(Self.rule { try set.checkRoot() } == .tufExpired)
        #expect(Self.rule { try set.updateTimestamp(Self.file("timestamp-v1.json")) } == .tufExpired, "no update past an expired root")
    }

    @Test("a revoked targets key signs nothing the client accepts after the rotation; before it, it did")
    func revokedKey() throws {
        var rotated = try Self.trusted()
        try rotated.updateRoot(Self.file("2.root.json"))
        try rotated.updateTimestamp(Self.file("timestamp-v1.json"))
        try rotated.updateSnapshot(Self.file("1.snapshot.json"))
        // The snapshot names the properly signed targets: the revoked key's file is another length too.
        let revoked = try Self.file("bad/1.targets.revoked-key.json")
        let rule = Self.rule { try rotated.updateTargets(revoked) }
        #expect(rule == .tufThreshold || rule == .tufLength || rule == .tufHash)
        // Signature alone: the revoked key's metadata against root 1 and root 2.
        let metadata = try TUFMetadata.parse(revoked, as: .targets)
        let root1 = try TUFMetadata.parse(Self.file("1.root.json"), as: .root)
        let root2 = try TUFMetadata.parse(Self.file("2.root.json"), as: .root)
        try metadata.verify(.targets, by: root1, crypto: PortableCrypto())
        #expect(Self.rule { try metadata.verify(.targets, by: root2, crypto: PortableCrypto()) } == .tufThreshold)
    }

    @Test("rollback and order: an older timestamp is refused, the same one is kept; nothing before its timestamp")
    func rollback() throws {
        var set = try Self.trusted()
        #expect(Self.rule { try set.updateSnapshot(Self.file("1.snapshot.json")) } == .tufOrder)
        try set.updateTimestamp(Self.file("timestamp-v2.json"))
        #expect(Self.rule { try set.updateTimestamp(Self.file("timestamp-v1.json")) } == .tufVersion)
        try set.updateTimestamp(Self.file("timestamp-v2.json"))
        #expect(set.timestamp?.version == 2)
        #expect(Self.rule { try set.updateRoot(Self.file("2.root.json")) } == .tufOrder)
    }

    @Test("malformed input, each by rule: one signature listed twice, another role's metadata, over the size bound, a key repeated in an object, a fraction in 'signed', a tampered byte")
    func malformed() throws {
        #expect(Self.rule { _ = try TUFMetadata.parse(Self.file("bad/timestamp.duplicate-signature.json"), as: .timestamp) } == .tufDuplicate)
        #expect(Self.rule { _ = try TUFMetadata.parse(Self.file("1.snapshot.json"), as: .timestamp) } == .tufType)
        #expect(Self.rule { _ = try TUFMetadata.parse(Data(repeating: 0x20, count: 16_385), as: .timestamp) } == .tufTooLarge)
        let timestamp = String(decoding: try Self.file("timestamp-v1.json"), as: UTF8.self)
        let repeated = timestamp.replacingOccurrences(of: "\"_type\": \"timestamp\",", with: "\"_type\": \"timestamp\", \"_type\": \"timestamp\",")
        #expect(repeated != timestamp)
        #expect(Self.rule { _ = try TUFMetadata.parse(Data(repeated.utf8), as: .timestamp) } == .tufMalformed)
        let fraction = timestamp.replacingOccurrences(of: "\"_type\": \"timestamp\",", with: "\"_type\": \"timestamp\", \"x\": 1.5,")
        #expect(fraction != timestamp)
        #expect(Self.rule { _ = try TUFMetadata.parse(Data(fraction.utf8), as: .timestamp) } == .tufMalformed)
        // A changed byte inside 'signed' (a later expiry) breaks every signature.
        var set = try Self.trusted()
        try set.updateRoot(Self.file("2.root.json"))
        let later = timestamp.replacingOccurrences(of: "2099-01-01T00:00:00Z", with: "2099-01-02T00:00:00Z")
        #expect(later != timestamp)
        #expect(Self.rule { try set.updateTimestamp(Data(later.utf8)) } == .tufThreshold)
    }

    @Test("canonical JSON as securesystemslib writes it: sorted by code point, no white space, only quote and backslash escaped, integers only")
    func canonical() throws {
        let value = JSONValue.object(["b": .array([.number("1"), .bool(true), .null]), "a": .string("x\"y\\z\n/é"), "B": .number("-2")])
        #expect(String(decoding: try TUFCanonicalJSON.encode(value), as: UTF8.self) == "{\"B\":-2,\"a\":\"x\\\"y\\\\z\n/é\",\"b\":[1,true,null]}")
        #expect(throws: TUFCanonicalJSON.Unrepresentable.self) { try TUFCanonicalJSON.encode(.number("1.0")) }
        #expect(throws: TUFCanonicalJSON.Unrepresentable.self) { try TUFCanonicalJSON.encode(.number("01")) }
    }
}
