import ArgumentParser
import Foundation
import TaxDataCore

/// Decides whether `build --out P` may replace what is at P, before anything is written.
///
/// A build replaces its output as a whole, so P must be something a build made: an existing dist
/// (it has `index.json`), an empty directory, or nothing. The source tree, and any directory that
/// contains it, is refused even with `--force`; anything else needs `--force`.
enum OutputGuard {
    static func check(out: String, source: String, force: Bool) throws {
        let fm = FileManager.default
        let target = URL(fileURLWithPath: out).standardizedFileURL.resolvingSymlinksInPath().path
        let tree = URL(fileURLWithPath: source).standardizedFileURL.resolvingSymlinksInPath().path
        if target == tree {
            throw ValidationError("--out \(out) is the source tree itself; a build would replace your sources. Choose another directory, e.g. --out dist")
        }
        if tree.hasPrefix(target == "/" ? "/" : target + "/") {
            throw ValidationError("--out \(out) contains the source tree \(source); a build would replace it. Choose another directory, e.g. --out dist")
        }
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: out, isDirectory: &isDirectory) else { return }
        if force { return }
        guard isDirectory.boolValue else {
            throw ValidationError("--out \(out) is a file, not a dist; a build replaces its output as a whole. Remove it or pass --force to replace it")
        }
        let entries = (try? fm.contentsOfDirectory(atPath: out)) ?? []
        if entries.isEmpty || entries.contains(BundleLayout.indexName) { return }
        throw ValidationError("--out \(out) exists and is not a dist (no \(BundleLayout.indexName)); a build replaces its output as a whole. Choose another directory, or pass --force to replace it")
    }
}
