import ArgumentParser
import Foundation
import TaxDataCore
import TaxDataFiles

/// Decides whether `build --out P` may replace what is at P, before anything is written.
///
/// A build replaces its output as a whole, so it replaces only what a build provably made:
/// nothing, an empty directory, or a dist — an `index.json` that decodes, whose years' manifests
/// decode, and nothing beside them but what they list (and their signatures). Anything else is
/// refused and left exactly as it is: a file, a directory holding anything unlisted (a stray
/// `index.json` of `{}` is not a dist), the source tree, a directory that contains it, and a
/// directory inside it (where the next `check` would read the dist as sources).
enum OutputGuard {
    static func check(out: String, source: String) throws {
        let target = URL(fileURLWithPath: out).standardizedFileURL.resolvingSymlinksInPath().path
        let tree = URL(fileURLWithPath: source).standardizedFileURL.resolvingSymlinksInPath().path
        if target == tree {
            throw ValidationError("--out \(out) is the source tree itself; a build would replace your sources. Choose another directory, e.g. --out dist")
        }
        if tree.hasPrefix(target == "/" ? "/" : target + "/") {
            throw ValidationError("--out \(out) contains the source tree \(source); a build would replace it. Choose another directory, e.g. --out dist")
        }
        if target.hasPrefix(tree + "/") {
            throw ValidationError("--out \(out) is inside the source tree \(source); the next check would read the dist as sources. Choose a directory outside it, e.g. --out dist")
        }
        switch RegularFile.kind(of: out) {
        case .missing:
            return
        case .directory:
            if let reason = notADist(out) {
                throw ValidationError("--out \(out) is not a dist this tool wrote (\(reason)); a build replaces its output as a whole, so it is left as it is. Choose another directory, or remove it yourself")
            }
        case .regular, .other:
            throw ValidationError("--out \(out) is a file, not a dist; a build replaces its output as a whole. Choose another directory")
        }
    }

    /// Why the directory at `path` is not an empty directory or a dist a build wrote, or nil.
    static func notADist(_ path: String) -> String? {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: path) else { return "it cannot be listed" }
        if names.isEmpty { return nil }
        guard names.contains(BundleLayout.indexName) else { return "no \(BundleLayout.indexName)" }
        guard let index = metadata(BundleIndex.self, in: path, BundleLayout.indexName) else {
            return "its \(BundleLayout.indexName) is not a dist's index"
        }
        let years = Set(index.years.map { String($0.taxYear) })
        for name in names.sorted() where name != BundleLayout.indexName && name != BundleLayout.indexSignatureName && !years.contains(name) {
            return "it holds \(name), which the index does not list"
        }
        for entry in index.years.sorted(by: { $0.taxYear < $1.taxYear }) {
            let year = String(entry.taxYear)
            let directory = (path as NSString).appendingPathComponent(year)
            guard case .directory = RegularFile.kind(of: directory) else {
                if fm.fileExists(atPath: directory) { return "\(year) is not a directory" }
                continue
            }
            if let reason = notAYear(directory, named: year, root: path, appForm: entry.app != nil) { return reason }
        }
        return nil
    }

    /// Why a year directory (or its app form, `appForm`) is not one a build wrote, or nil: a
    /// manifest that decodes, and nothing beside it but the files it lists, its signature and,
    /// when the index lists one, the app form's directory.
    static func notAYear(_ directory: String, named year: String, root: String, appForm: Bool) -> String? {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return "\(year)/ cannot be listed" }
        guard files.contains(BundleLayout.manifestName) else { return "\(year)/ has no \(BundleLayout.manifestName)" }
        guard let manifest = metadata(Manifest.self, in: directory, BundleLayout.manifestName) else {
            return "\(year)/\(BundleLayout.manifestName) is not a dist's manifest"
        }
        let listed = Set(manifest.checksums.keys).union([BundleLayout.manifestName, BundleLayout.signatureName])
        for file in files.sorted() {
            let child = (directory as NSString).appendingPathComponent(file)
            if appForm, [BundleLayout.appDirectory, BundleLayout.localDirectory, BundleLayout.vectorsDirectory].contains(file), case .directory = RegularFile.kind(of: child), !DistReader.isSymlinkLeaving(child, root: root) {
                if let reason = notAYear(child, named: "\(year)/\(file)", root: root, appForm: false) { return reason }
                continue
            }
            guard listed.contains(file) else { return "it holds \(year)/\(file), which the manifest does not list" }
            guard case .regular = RegularFile.kind(of: child), !DistReader.isSymlinkLeaving(child, root: root) else {
                return "\(year)/\(file) is not a regular file of the dist"
            }
        }
        return nil
    }

    /// The metadata file `name` in `directory` (a regular file, read with the metadata bound),
    /// decoded; nil when it is not one.
    static func metadata<T: Decodable>(_ type: T.Type, in directory: String, _ name: String) -> T? {
        let path = (directory as NSString).appendingPathComponent(name)
        return (try? RegularFile.read(path, limit: DistReader.metadataLimit)).flatMap { try? CanonicalJSON.decode(type, from: $0) }
    }
}
