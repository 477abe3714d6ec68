import Foundation
import TaxDataCompiler

/// A `Fixtures/check/<name>/` tree: an overlay on `Fixtures/check/_base` holding only the files it
/// edits or adds, `removed.txt` (the files of `_base` it deletes, one path per line) and
/// `expected.txt` (the diagnostics it must produce). `scripts/make-fixtures.py` writes them.
public enum CheckFixture {
    public static let directory = packageRoot.appendingPathComponent("Fixtures/check")
    public static let base = directory.appendingPathComponent("_base")
    /// The files of a fixture directory that are about the fixture, not part of its tree.
    static let metadata: Set<String> = ["expected.txt", "removed.txt"]

    /// The fixtures' names (every directory but `_base`).
    public static var names: [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return all.filter { !$0.hasPrefix("_") && !$0.hasPrefix(".") }.sorted()
    }

    /// The paths of `_base` the fixture deletes.
    public static func removed(_ name: String) throws -> Set<String> {
        let url = directory.appendingPathComponent(name).appendingPathComponent("removed.txt")
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return Set(try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init))
    }

    /// The fixture's source tree: `_base`, less what it removes, with its own files over it.
    public static func files(_ name: String) throws -> [SourceFile] {
        let removed = try removed(name)
        let own = try readTree(directory.appendingPathComponent(name)).filter { !metadata.contains($0.relativePath) }
        let replaced = Set(own.map(\.relativePath))
        let kept = try readTree(base).filter { !removed.contains($0.relativePath) && !replaced.contains($0.relativePath) }
        return (kept + own).sorted { $0.relativePath < $1.relativePath }
    }

    /// The fixture's source tree written out as a directory `parent/name`, for the commands that
    /// read a tree from disk. Returns its URL.
    public static func materialize(_ name: String, in parent: URL) throws -> URL {
        let tree = parent.appendingPathComponent(name)
        for file in try files(name) {
            let url = tree.appendingPathComponent(file.relativePath)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
        }
        return tree
    }

    /// The diagnostics the fixture must produce, `severity rule-id file:line`, sorted.
    public static func expected(_ name: String) throws -> [String] {
        try String(contentsOf: directory.appendingPathComponent(name).appendingPathComponent("expected.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init).sorted()
    }
}
