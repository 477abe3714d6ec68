import Foundation
import TaxDataCore
import TaxDataCrypto
import TaxDataFiles

/// Reads a dist (or one year of it) from disk for the verifiers, reading no more than it must.
///
/// Names and sizes come from the directory listing first: a file the manifest does not list is
/// reported by name and never read; a listed file is read only up to one byte past its listed
/// size (so a size that lies is still caught); `manifest.json`, its signature and the index are
/// read up to `metadataLimit`. A file listed larger than `BundleLimits.maxDocumentBytes` is not
/// held: it is hashed as it is read, `chunkSize` bytes at a time (`HashedFile`), so memory stays
/// constant whatever the manifest lists. A symlink whose target leaves the dist is refused
/// (`bundle.symlink`) and not followed. Only regular files are opened: a FIFO, socket or device
/// in the dist is reported (`bundle.not-regular-file`) and never opened, so nothing can make a
/// read block. A listed file whose size on disk is not its listed size is not read at all: its
/// real size is reported (`bundle.size`), whatever it is.
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
            } else if let size = listed[name] {
                let handle: RegularFile.Handle
                do { handle = try RegularFile.open(child) } catch { throw ReadError(description: "\(error)") }
                if handle.size != size {
                    // Compared before any hash (`FilesMatchManifest`): the real size is reported, nothing is read.
                    hashed[name] = HashedFile(size: handle.size, sha256: [])
                } else if size > BundleLimits.maxDocumentBytes {
                    hashed[name] = try hash(handle, limit: size + 1, path: child)
                } else {
                    do { files[name] = try handle.read(upTo: size + 1, path: child) } catch { throw ReadError(description: "\(error)") }
                }
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
                var year = try readYear(child, distRoot: path)
                // The year's app form (`<year>/app/`), local form (`<year>/local/`) and vectors
                // form (`<year>/vectors/`) are read as directories of their own.
                for form in [BundleLayout.appDirectory, BundleLayout.localDirectory, BundleLayout.vectorsDirectory] where year.files.removeValue(forKey: form + "/") != nil {
                    let formName = "\(name)/\(form)"
                    let read = try readYear((child as NSString).appendingPathComponent(form), distRoot: path)
                    directories[formName] = read.files
                    if !read.hashed.isEmpty { hashed[formName] = read.hashed }
                    findings += read.findings.map { ("\(formName)/\($0.file)", $0.diagnostic) }
                }
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
    /// are reported (`bundle.symlink`) and left out, never followed, and so are FIFOs, sockets and
    /// devices (`bundle.not-regular-file`), never opened.
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
            switch RegularFile.kind(of: child) {
            case .directory: entries.append((name, child, true))
            case .regular, .missing: entries.append((name, child, false))
            case .other(let kind):
                findings.append((name, .error(.bundleNotRegularFile, "is a \(kind), not a regular file; not opened")))
            }
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

    /// At most `limit` bytes of a regular file (nil when it is not one or cannot be opened).
    static func read(_ path: String, limit: Int, root: String) -> Data? {
        try? RegularFile.read(prefix: limit, of: path)
    }

    /// The size and SHA-256 of at most `limit` bytes of an open file, read `chunkSize` bytes at a
    /// time into one reused buffer, so memory stays constant whatever the file's size.
    static func hash(_ handle: RegularFile.Handle, limit: Int, path: String) throws -> HashedFile {
        do {
            let digest = try SHA256()
            let size = try handle.forEachChunk(limit: limit, chunk: chunkSize, path: path) { try digest.update($0) }
            return HashedFile(size: size, sha256: try digest.finalize())
        } catch {
            throw ReadError(description: "\(path): cannot read file: \(error)")
        }
    }

    /// The names of the files the reader reported itself: a verifier's findings on the same file
    /// (it is missing, or its size is off) would only repeat them, and are left out.
    static func withoutRepeats(_ verifier: [(file: String, diagnostic: Diagnostic)],
                               reported reader: [(file: String, diagnostic: Diagnostic)]) -> [(file: String, diagnostic: Diagnostic)] {
        let reported = Set(reader.map(\.file))
        return reader + verifier.filter { !reported.contains($0.file) }
    }
}
