import Foundation
import Testing

/// Finding 1 of the hardening issue: `build --out P` replaced whatever was at P.
@Suite("build --out replaces only a dist")
struct OutputGuardTests {
    let base = packageRoot.appendingPathComponent("Fixtures/check/_base").path

    @Test("1: the source tree, a directory containing it, a file and a foreign directory are refused and left untouched")
    func refusals() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let tree = tmp.appendingPathComponent("tree")
        try FileManager.default.copyItem(atPath: base, toPath: tree.path)
        let before = try snapshot(tmp)

        let itself = try await taxdata("build", tree.path, "--out", tree.path)
        #expect(itself.status == 2 && itself.stderr.contains("is the source tree itself"), "\(itself.stderr)")
        let parent = try await taxdata("build", tree.path, "--out", tmp.path, "--force")
        #expect(parent.status == 2 && parent.stderr.contains("contains the source tree"), "\(parent.stderr)")

        let file = tmp.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: file)
        let onFile = try await taxdata("build", tree.path, "--out", file.path)
        #expect(onFile.status == 2 && onFile.stderr.contains("is a file"), "\(onFile.stderr)")

        let foreign = tmp.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("jpeg".utf8).write(to: foreign.appendingPathComponent("a.jpg"))
        let onForeign = try await taxdata("build", tree.path, "--out", foreign.path)
        #expect(onForeign.status == 2 && onForeign.stderr.contains("--force"), "\(onForeign.stderr)")

        var after = try snapshot(tmp)
        after["notes.txt"] = nil
        after["photos/a.jpg"] = nil
        #expect(after == before, "a refused build changed files")
        #expect(FileManager.default.fileExists(atPath: foreign.appendingPathComponent("a.jpg").path))
    }

    @Test("1: an absent path, an empty directory and an existing dist are built; --force replaces a foreign directory")
    func allowed() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dist = tmp.appendingPathComponent("dist")
        #expect(try await taxdata("build", base, "--out", dist.path).status == 0)
        #expect(try await taxdata("build", base, "--out", dist.path).status == 0) // an existing dist: replaced
        let empty = tmp.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(try await taxdata("build", base, "--out", empty.path).status == 0)
        let foreign = tmp.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: foreign.appendingPathComponent("x"))
        #expect(try await taxdata("build", base, "--out", foreign.path, "--force").status == 0)
        #expect(FileManager.default.fileExists(atPath: foreign.appendingPathComponent("index.json").path))
    }

    @Test("1: serve on a source tree advises building into a dist, not over the sources")
    func serveAdvice() async throws {
        let result = try await taxdata("serve", base, "--port", "0")
        #expect(result.status != 0)
        #expect(result.stderr.contains("--out dist") && !result.stderr.contains("--out \(base)"), "\(result.stderr)")
    }
}
