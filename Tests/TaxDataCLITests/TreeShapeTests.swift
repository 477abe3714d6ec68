import Foundation
import Testing

/// Issue 32, items 22–24: the shape of a source tree, reported once per problem.
@Suite("check on odd source trees")
struct TreeShapeTests {


    func lines(_ output: String, _ rule: String) -> [Substring] {
        output.split(separator: "\n").filter { $0.contains("[\(rule)]") }
    }

    @Test("32.22: a directory symlink back to an ancestor is one finding, not a walk 40 levels deep")
    func symlinkLoop() async throws {
        let (root, tree) = try copyOfBaseTree()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("2024/states/again").path, withDestinationPath: "..")
        let result = try await taxdata("check", tree.path)
        #expect(result.status == 1)
        let loops = result.stdout.split(separator: "\n").filter { $0.contains("a loop; not followed") }
        #expect(loops.count == 1, "\(result.stdout.prefix(2000))")
        #expect(result.stdout.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }.count < 5, "\(result.stdout.prefix(2000))")
    }

    @Test("32.23: an empty directory not named like a year is a warning, not silence", arguments: ["20x4", "٢٠٢٧"])
    func oddEmptyDirectory(name: String) async throws {
        let (root, tree) = try copyOfBaseTree()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: tree.appendingPathComponent(name), withIntermediateDirectories: true)
        let result = try await taxdata("check", tree.path)
        #expect(result.status == 0)
        let found = lines(result.stdout, "year.directory")
        #expect(found.count == 1 && found[0].contains("\(name)/ is not named like a year"), "\(result.stdout)")
    }

    @Test("32.24: an unusable file is one finding: not also file.missing")
    func oneFindingPerUnusableFile() async throws {
        let (root, tree) = try copyOfBaseTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let federal = tree.appendingPathComponent("2024/federal.yaml")
        try FileManager.default.removeItem(at: federal)
        #expect(mkfifo(federal.path, 0o644) == 0)
        let result = try await taxdata("check", tree.path)
        #expect(result.status == 1)
        #expect(lines(result.stdout, "file.unreadable").count == 1, "\(result.stdout)")
        #expect(lines(result.stdout, "file.missing").isEmpty, "\(result.stdout)")
    }
}
