import Foundation
import Testing
@testable import TaxDataCLI
import TaxDataCore

/// `taxdata tuf` (issue 38), as docs/tuf.md and the README show it: the publishing steps and the
/// key-compromise drill run verbatim, then the refusals, each of which leaves the repository as it was.
@Suite("taxdata tuf: publishing, the drill, and the refusals")
struct TUFCommandTests {
    /// Every file under `directory` with its bytes: what "nothing was written" is checked against.
    static func snapshot(_ directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)!
        for case let url as URL in enumerator where !url.hasDirectoryPath {
            files[url.path] = try Data(contentsOf: url)
        }
        return files
    }

    @Test("docs/tuf.md's publishing steps and the README's key-compromise drill run as shown; a leaked key, an expired timestamp, a snapshot outliving nothing and a changed target are refused, and nothing is written")
    func publishAndDrill() throws {
        let readme = ReadmeCommandTests()
        let scratch = try readme.scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let published = try readme.bash(try readme.shellBlock(containing: "tuf init repo"), in: scratch)
        try #require(published.status == 0, "\(published.stdout)\(published.stderr)")
        #expect(published.stdout.contains("wrote repo/metadata/1.root.json: root version 1"), "\(published.stdout)")
        #expect(published.stdout.contains("  root: 2 of 3 key(s)"), "\(published.stdout)")
        #expect(published.stdout.contains("repo: OK, root version 1"), "\(published.stdout)")
        #expect(published.stdout.contains("timestamp version 2"), "the scheduled re-signing counted the timestamp up: \(published.stdout)")

        let drill = try readme.bash(try readme.shellBlock(containing: "tuf rotate-root repo"), in: scratch)
        try #require(drill.status == 0, "\(drill.stdout)\(drill.stderr)")
        #expect(drill.stdout.contains("wrote repo/metadata/2.root.json: root version 2"), "\(drill.stdout)")
        #expect(drill.stdout.contains("signed again: 2.targets.json"), "\(drill.stdout)")
        #expect(drill.stdout.contains("repo: OK, root version 2"), "\(drill.stdout)")

        let repo = scratch.root.appendingPathComponent("repo")
        let before = try Self.snapshot(repo)
        // The leaked key signs nothing any more: no role lists it.
        let leaked = try readme.bash(".build/debug/taxdata tuf sign-release dist --repo repo --key keys/targets.pem --key keys/snapshot.pem --key keys/timestamp.pem",
                                     in: scratch)
        #expect(leaked.status == 1 && leaked.stderr.contains("--key keys/targets.pem") && leaked.stderr.contains("not a key of any role"), "\(leaked.stderr)")
        // A timestamp that would outlive its snapshot needs the snapshot key.
        let outlives = try readme.bash(".build/debug/taxdata tuf timestamp repo --key keys/timestamp.pem --validity 60", in: scratch)
        #expect(outlives.status == 1 && outlives.stderr.contains("Give the snapshot key too"), "\(outlives.stderr)")
        // One root key is below root 2's threshold.
        let weak = try readme.bash(".build/debug/taxdata tuf rotate-root repo --key keys/root1.pem", in: scratch)
        #expect(weak.status == 1 && weak.stderr.contains("[tuf.threshold] root"), "\(weak.stderr)")
        // Signing at a time when the repository would already have expired for clients.
        let late = try readme.bash(".build/debug/taxdata tuf timestamp repo --key keys/timestamp.pem --key keys/snapshot.pem --now 2099-01-01", in: scratch)
        #expect(late.status == 1 && late.stderr.contains("[tuf.expired]"), "\(late.stderr)")
        #expect(try Self.snapshot(repo) == before, "a refusal writes nothing")

        let expired = try readme.bash(".build/debug/taxdata tuf verify repo --now 2099-01-01", in: scratch)
        #expect(expired.status == 1 && expired.stdout.contains("[tuf.expired] root"), "\(expired.stdout)")
        // A target changed under its hashed name.
        let target = try #require(before.keys.first { $0.hasSuffix(".federal_2026.json") })
        try Data("{}".utf8).write(to: URL(fileURLWithPath: target))
        let changed = try readme.bash(".build/debug/taxdata tuf verify repo", in: scratch)
        #expect(changed.status == 1 && changed.stdout.contains("[tuf.length] 2026/federal_2026.json"), "\(changed.stdout)")
        #expect(try readme.bash(".build/debug/taxdata tuf --help", in: scratch).status == 0, "the root --help's example")
    }
}
