import Foundation
import TaxDataCore
import TaxDataCrypto

/// Reads a dist (or one year of it) from disk for the verifiers, reading no more than it must.
///
/// Names and sizes come from the directory listing first: a file the manifest does not list is
/// reported by name and never read; a listed file is read only up to one byte past its listed
/// size (so a size that lies is still caught); `manifest.json`, its signature and the index are
/// read up to `metadataLimit`. A file listed larger than `BundleLimits.maxDocumentBytes` is not
/// held: it is hashed as it is read, `chunkSize` bytes at a time (`HashedFile`), so memory stays
/// constant whatever the manifest lists. A symlink whose target leaves the dist is refused
/// (`bundle.symlink`) and not followed.
enum DistReader {
    struct ReadError: Error, CustomStringConvertible { var description: String }

    static let metadataLimit = 1 << 20
    static let chunkSize = 1 << 20

    /// One year directory: file name → bytes (unlisted files and subdirectories as empty
    /// placeholders, so the verifier reports them by name), the listed files too large to hold,
    /// hashed instead, and findings the reader made itself.
    static func readYear(_ path: String, distRoot: String) throws
        -> (files: [String: Data], hashed: [String: HashedFile], findings: [(file: String, diagnostic: Diagnostic)]) {
        let (entries, symlinks) = try self.entries(path, root: distRoot)
        var files: [String: Data] = [:]
        var hashed: [String: HashedFile] = [:]
        let findings = symlinks
        let manifestPath = (path as NSString).appendingPathComponent(BundleLayout.manifestName)
        let manifestBytes = entries.contains { $0.name == BundleLayout.manifestName } ? read(manifestPath, limit: metadataLimit, root: distRoot) : nil
        let listed = manifestBytes.flatMap { try? CanonicalJSON.decode(Manifest.self, from: $0) }.map { $0.sizes } ?? [:]
        for (name, child, isDirectory) in entries {
            if isDirectory {
                files[name + "/"] = Data()
            } else if name == BundleLayout.manifestName {
                files[name] = manifestBytes ?? Data()
            } else if name == BundleLayout.signatureName {
                files[name] = read(child, limit: metadataLimit, root: distRoot) ?? Data()
            } else if let size = listed[name], size > BundleLimits.maxDocumentBytes {
                guard let digest = hash(child, limit: size + 1) else {
                    throw ReadError(description: "\(child): cannot read file")
                }
                hashed[name] = digest
            } else if let size = listed[name] {
                guard let bytes = read(child, limit: max(0, size) + 1, root: distRoot) else {
                    throw ReadError(description: "\(child): cannot read file")
                }
                files[name] = bytes
            } else {
                files[name] = Data() // unlisted: reported by name, never read
            }
        }
        return (files, hashed, findings)
    }

    /// A dist: the index (and its signature) and each year directory. Other root files are
    /// reported by name without being read.
    static func readDist(_ path: String) throws -> (contents: DistVerifier.Contents, findings: [(file: String, diagnostic: Diagnostic)]) {
        let (entries, symlinks) = try self.entries(path, root: path)
        var rootFiles: [String: Data] = [:]
        var directories: [String: [String: Data]] = [:]
        var hashed: [String: [String: HashedFile]] = [:]
        var findings = symlinks
        for (name, child, isDirectory) in entries {
            if isDirectory {
                let year = try readYear(child, distRoot: path)
                directories[name] = year.files
                if !year.hashed.isEmpty { hashed[name] = year.hashed }
                findings += year.findings.map { ("\(name)/\($0.file)", $0.diagnostic) }
            } else if name == BundleLayout.indexName || name == BundleLayout.indexSignatureName {
                rootFiles[name] = read(child, limit: metadataLimit, root: path) ?? Data()
            } else {
                rootFiles[name] = Data() // not part of a dist: reported by name, never read
            }
        }
        return (DistVerifier.Contents(rootFiles: rootFiles, directories: directories, hashed: hashed), findings)
    }

    /// The entries of a directory, each with whether it is a directory; symlinks that leave `root`
    /// are reported (`bundle.symlink`) and left out, never followed.
    static func entries(_ path: String, root: String) throws
        -> (entries: [(name: String, path: String, isDirectory: Bool)], findings: [(file: String, diagnostic: Diagnostic)]) {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
            throw ReadError(description: "\(path): cannot list directory: \(error.localizedDescription)")
        }
        var entries: [(name: String, path: String, isDirectory: Bool)] = []
        var findings: [(file: String, diagnostic: Diagnostic)] = []
        for name in names {
            let child = (path as NSString).appendingPathComponent(name)
            if isSymlinkLeaving(child, root: root) {
                findings.append((name, .error(.bundleSymlink, "is a symlink that leaves the dist; not followed")))
                continue
            }
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory)
            entries.append((name, child, isDirectory.boolValue))
        }
        return (entries, findings)
    }

    /// Whether `path` is a symlink whose target resolves outside `root`.
    static func isSymlinkLeaving(_ path: String, root: String) -> Bool {
        guard (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil else { return false }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        let base = URL(fileURLWithPath: root).resolvingSymlinksInPath().standardizedFileURL.path
        return !target.hasPrefix(base + "/")
    }

    /// At most `limit` bytes of a file (nil when it cannot be opened).
    static func read(_ path: String, limit: Int, root: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: limit)) ?? Data()
    }

    /// The size and SHA-256 of at most `limit` bytes of a file, read `chunkSize` bytes at a time
    /// (nil when it cannot be opened or read).
    static func hash(_ path: String, limit: Int) -> HashedFile? {
        guard let (size, digest) = try? SHA256.file(atPath: path, limit: limit, chunkSize: chunkSize) else { return nil }
        return HashedFile(size: size, sha256: digest)
    }
}
