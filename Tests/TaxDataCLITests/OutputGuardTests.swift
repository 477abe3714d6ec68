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
        let parent = try await taxdata("build", tree.path, "--out", tmp.path)
        #expect(parent.status == 2 && parent.stderr.contains("contains the source tree"), "\(parent.stderr)")

        let file = tmp.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: file)
        let onFile = try await taxdata("build", tree.path, "--out", file.path)
        #expect(onFile.status == 2 && onFile.stderr.contains("is a file"), "\(onFile.stderr)")

        let foreign = tmp.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("jpeg".utf8).write(to: foreign.appendingPathComponent("a.jpg"))
        let onForeign = try await taxdata("build", tree.path, "--out", foreign.path)
        #expect(onForeign.status == 2 && onForeign.stderr.contains("not a dist this tool wrote (no index.json)"), "\(onForeign.stderr)")
        let forced = try await taxdata("build", tree.path, "--out", foreign.path, "--force")
        #expect(forced.status == 2 && forced.stderr.contains("--force is gone"), "\(forced.stderr)")

        var after = try snapshot(tmp)
        after["notes.txt"] = nil
        after["photos/a.jpg"] = nil
        #expect(after == before, "a refused build changed files")
        #expect(FileManager.default.fileExists(atPath: foreign.appendingPathComponent("a.jpg").path))
    }

    @Test("1: an absent path, an empty directory and an existing dist are built")
    func allowed() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dist = tmp.appendingPathComponent("dist")
        #expect(try await taxdata("build", base, "--out", dist.path).status == 0)
        #expect(try await taxdata("build", base, "--out", dist.path).status == 0) // an existing dist: replaced
        let empty = tmp.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(try await taxdata("build", base, "--out", empty.path).status == 0)
    }

    @Test("32.2: a directory with any index.json is not a dist: one of {} or one beside a person's file is refused, nothing deleted")
    func strayIndex() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let stray = tmp.appendingPathComponent("stray")
        try FileManager.default.createDirectory(at: stray, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: stray.appendingPathComponent("index.json"))
        try Data("mine".utf8).write(to: stray.appendingPathComponent("thesis.tex"))
        let before = try snapshot(stray)
        let result = try await taxdata("build", base, "--out", stray.path)
        #expect(result.status == 2 && result.stderr.contains("its index.json is not a dist's index"), "\(result.stderr)")
        #expect(try snapshot(stray) == before)

        // A real dist with a person's file added to a year: refused too, the file named.
        let dist = tmp.appendingPathComponent("dist")
        #expect(try await taxdata("build", base, "--out", dist.path).status == 0)
        let year = try #require(try FileManager.default.contentsOfDirectory(atPath: dist.path).filter { Int($0) != nil }.sorted().first)
        try Data("mine".utf8).write(to: dist.appendingPathComponent("\(year)/notes.txt"))
        let withNotes = try snapshot(dist)
        let again = try await taxdata("build", base, "--out", dist.path)
        #expect(again.status == 2 && again.stderr.contains("it holds \(year)/notes.txt, which the manifest does not list"), "\(again.stderr)")
        #expect(try snapshot(dist) == withNotes)
    }

    @Test("32.3: --out inside the source tree is refused, so the next check still passes")
    func insideTheTree() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let tree = tmp.appendingPathComponent("tree")
        try FileManager.default.copyItem(atPath: base, toPath: tree.path)
        for inside in ["dist", "2026/x"] {
            let result = try await taxdata("build", tree.path, "--out", tree.appendingPathComponent(inside).path)
            #expect(result.status == 2 && result.stderr.contains("is inside the source tree"), "\(inside): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: tree.appendingPathComponent(inside).path))
        }
        #expect(try await taxdata("check", tree.path).status == 0)
    }

    @Test("32.14: --previous naming a directory that does not exist yet is a first release; an existing non-dist is refused")
    func firstRelease() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let published = tmp.appendingPathComponent("published")
        let first = try await taxdata("build", base, "--out", tmp.appendingPathComponent("dist").path, "--previous", published.path)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("does not exist: a first release"), "\(first.stderr)")
        try FileManager.default.createDirectory(at: published, withIntermediateDirectories: true)
        let notADist = try await taxdata("build", base, "--out", tmp.appendingPathComponent("dist").path, "--previous", published.path)
        #expect(notADist.status == 2 && notADist.stderr.contains("no index.json there"), "\(notADist.stderr)")
    }

    @Test("1: serve on a source tree advises building into a dist, not over the sources")
    func serveAdvice() async throws {
        let result = try await taxdata("serve", base, "--port", "0")
        #expect(result.status != 0)
        #expect(result.stderr.contains("--out dist") && !result.stderr.contains("--out \(base)"), "\(result.stderr)")
    }
}
