import Foundation
import TaxDataCore
import TaxDataCrypto
import TaxDataFiles

/// A TUF repository on disk, as `taxdata tuf` writes it:
///
///     REPO/metadata/1.root.json, 2.root.json, …, N.targets.json, N.snapshot.json, timestamp.json
///     REPO/targets/<year>/…/<sha256>.<name>
///
/// Served under `/tuf/` beside the dist (`taxdata serve dist --tuf REPO`, or an nginx alias).
/// Every read is of a regular file and bounded; every write adds files, and replaces only
/// `timestamp.json`.
struct TUFRepositoryDirectory {
    let root: String
    var metadataDirectory: String { (root as NSString).appendingPathComponent("metadata") }
    var targetsDirectory: String { (root as NSString).appendingPathComponent("targets") }

    /// The most bytes of a target read back for a check (a dist's largest document is far below it).
    static let maxTargetBytes = BundleLimits.maxDocumentBytes

    /// A metadata file by name, or nil when there is none. Names are plain (`3.root.json`).
    func metadata(_ name: String, limit: Int) throws -> Data? {
        guard Self.isPlain(name) else { return nil }
        return try Self.readIfPresent((metadataDirectory as NSString).appendingPathComponent(name), limit: limit)
    }

    /// A target by its hashed path relative to `targets/`.
    func target(_ path: String, limit: Int) throws -> Data? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !parts.isEmpty, parts.allSatisfy(Self.isPlain) else { return nil }
        return try Self.readIfPresent((targetsDirectory as NSString).appendingPathComponent(path), limit: limit)
    }

    static func isPlain(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\0")
    }

    static func readIfPresent(_ path: String, limit: Int) throws -> Data? {
        switch RegularFile.kind(of: path) {
        case .missing: return nil
        default:
            do { return try RegularFile.read(path, limit: limit) } catch let failure as RegularFile.Failure {
                // More than a client reads (python-tuf's bound for the role, or the listed length).
                if case .tooLarge(let size, _) = failure.reason {
                    throw TUFError(.tufTooLarge, (path as NSString).lastPathComponent, "\(size) bytes, more than the \(limit) a client reads")
                }
                throw CommandFailure("cannot read \(path): \(failure)")
            }
        }
    }

    /// The root versions present, in order: 1.root.json, 2.root.json, … with no gap.
    func rootVersions() throws -> [Int] {
        var versions: [Int] = []
        while let _ = try metadata("\(versions.count + 1).root.json", limit: TUFRole.root.maxBytes) {
            versions.append(versions.count + 1)
            if versions.count > TUFTrustedSet.maxRootRotations + 1 { break }
        }
        return versions
    }

    /// The repository as published, parsed but not yet verified (the check after the edit verifies
    /// everything): its newest root, and the timestamp, snapshot and targets in force.
    func current() throws -> TUFPublisher.Current {
        let versions = try rootVersions()
        guard let newest = versions.last, let rootBytes = try metadata("\(newest).root.json", limit: TUFRole.root.maxBytes) else {
            throw CommandFailure("\(root) is not a TUF repository: it has no metadata/1.root.json. Create one with `taxdata tuf init`")
        }
        var current = TUFPublisher.Current(root: try TUFMetadata.parse(rootBytes, as: .root))
        guard let timestampBytes = try metadata("timestamp.json", limit: TUFRole.timestamp.maxBytes) else { return current }
        let timestamp = try TUFMetadata.parse(timestampBytes, as: .timestamp)
        current.timestamp = timestamp
        let snapshotVersion = timestamp.meta["snapshot.json"]!.version
        guard let snapshotBytes = try metadata("\(snapshotVersion).snapshot.json", limit: TUFRole.snapshot.maxBytes) else {
            throw TUFError(.tufMissing, "snapshot", "\(root)/metadata/\(snapshotVersion).snapshot.json, which timestamp.json names, is missing")
        }
        let snapshot = try TUFMetadata.parse(snapshotBytes, as: .snapshot)
        current.snapshot = snapshot
        guard let targetsVersion = snapshot.meta["targets.json"]?.version,
              let targetsBytes = try metadata("\(targetsVersion).targets.json", limit: TUFRole.targets.maxBytes) else {
            throw TUFError(.tufMissing, "targets", "the targets metadata snapshot version \(snapshot.version) names is missing")
        }
        current.targets = try TUFMetadata.parse(targetsBytes, as: .targets)
        return current
    }

    /// Checks the repository as it would be with `output` written, as a client trusting
    /// `trustedRoot` would at `now`; throws the first refusal.
    func check(with output: TUFPublisher.Output, trustedRoot: Data?, now: Date) async throws -> TUFTrustedSet {
        let written = output.metadata
        let directory = self
        guard let trusted = try trustedRoot ?? written["1.root.json"] ?? metadata("1.root.json", limit: TUFRole.root.maxBytes) else {
            throw CommandFailure("\(root) has no metadata/1.root.json")
        }
        return try await TUFPublisher.check(trustedRoot: trusted, now: now, crypto: OpenSSLCrypto(),
            metadata: { name, limit in try written[name] ?? directory.metadata(name, limit: limit) },
            target: { path, length in try output.targets[path] ?? directory.target(path, limit: length + 1) })
    }

    /// Writes `output`: the targets first, then the versioned metadata (refusing to replace any),
    /// then `timestamp.json`, each whole under a temporary name and renamed into place, so a client
    /// never sees a timestamp naming files that are not there yet. A target already present must
    /// hold the same bytes (its name is their hash).
    func write(_ output: TUFPublisher.Output) throws {
        var files: [OutputFile] = []
        for path in output.targets.keys.sorted() {
            let bytes = output.targets[path]!
            if let present = try target(path, limit: bytes.count + 1) {
                guard present == bytes else { throw CommandFailure("\(targetsDirectory)/\(path) exists with other bytes than its name's hash; it was not written by taxdata") }
                continue
            }
            files.append(OutputFile(path: "targets/" + path, contents: bytes))
        }
        let versioned = output.metadata.keys.filter { $0 != "timestamp.json" }.sorted { order($0) < order($1) }
        for name in versioned {
            if RegularFile.kind(of: (metadataDirectory as NSString).appendingPathComponent(name)) != .missing {
                throw CommandFailure("\(metadataDirectory)/\(name) already exists; a published version is never replaced")
            }
            files.append(OutputFile(path: "metadata/" + name, contents: output.metadata[name]!))
        }
        if let timestamp = output.metadata["timestamp.json"] { files.append(OutputFile(path: "metadata/timestamp.json", contents: timestamp)) }
        for file in files {
            let directory = ((root as NSString).appendingPathComponent(file.path) as NSString).deletingLastPathComponent
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw CommandFailure("cannot create \(directory): \(error.localizedDescription)")
            }
        }
        try AtomicFiles.replace(files, in: root)
    }

    /// Roots, then targets, then snapshots: the order a client reads them in reverse of, so that
    /// whatever is renamed first is never named by anything yet.
    func order(_ name: String) -> Int {
        name.hasSuffix(".root.json") ? 0 : name.hasSuffix(".targets.json") ? 1 : 2
    }
}
