import Foundation
import TaxDataCore
import TaxDataCrypto

/// A dist on disk, read on every request, so publishing a new dist (replacing the directory)
/// needs no restart.
///
/// Only what a dist publishes is served: `index.json[.sig]`, `<year>/manifest.json[.sig]`, the
/// files that year's manifest lists, and the same for the year's app form in `<year>/app/`. Anything else, and any path whose real location (after
/// symlinks) leaves the dist, is not found. Reads are capped: a listed file at its listed size, the
/// index, manifests and signatures at `metadataLimit`, so a huge stray file costs nothing.
public struct DistDirectory: Sendable {
    public let root: URL
    /// The most bytes read for the index, a manifest or a signature.
    public static let metadataLimit = 1 << 20

    public init(root: URL) { self.root = root }

    /// A file of the dist by relative path (`index.json`, `2026/manifest.json`, …), or nil.
    public func file(_ relative: String) -> Data? {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 1 where parts[0] == BundleLayout.indexName || parts[0] == BundleLayout.indexSignatureName:
            return read(relative, limit: Self.metadataLimit)
        case 2 where parts[0].count == 4 && Int(parts[0]) != nil && Manifest.isPlainFileName(parts[1]):
            return yearFile(Int(parts[0])!, form: .parts, name: parts[1], relative: relative)
        case 3 where parts[0].count == 4 && Int(parts[0]) != nil && parts[1] == BundleLayout.appDirectory && Manifest.isPlainFileName(parts[2]):
            return yearFile(Int(parts[0])!, form: .app, name: parts[2], relative: relative)
        case 3 where parts[0].count == 4 && Int(parts[0]) != nil && parts[1] == BundleLayout.localDirectory && Manifest.isPlainFileName(parts[2]):
            return yearFile(Int(parts[0])!, form: .local, name: parts[2], relative: relative)
        case 3 where parts[0].count == 4 && Int(parts[0]) != nil && parts[1] == BundleLayout.vectorsDirectory && Manifest.isPlainFileName(parts[2]):
            return yearFile(Int(parts[0])!, form: .vectors, name: parts[2], relative: relative)
        default:
            return nil
        }
    }

    /// A manifest, its signature or a file it lists.
    func yearFile(_ year: Int, form: BundleForm, name: String, relative: String) -> Data? {
        if name == BundleLayout.manifestName || name == BundleLayout.signatureName {
            return read(relative, limit: Self.metadataLimit)
        }
        guard let manifest = manifest(year, form: form), manifest.checksums[name] != nil, let size = manifest.sizes[name] else { return nil }
        return read(relative, limit: size)
    }

    /// The directory of a year's form, relative to the dist: `2026` or `2026/app`.
    public static func directory(_ year: Int, form: BundleForm) -> String {
        switch form {
        case .parts: String(year)
        case .app: "\(year)/\(BundleLayout.appDirectory)"
        case .local: "\(year)/\(BundleLayout.localDirectory)"
        case .vectors: "\(year)/\(BundleLayout.vectorsDirectory)"
        }
    }

    /// A year's manifest of `form`, decoded (nil when absent or malformed).
    public func manifest(_ year: Int, form: BundleForm = .parts) -> Manifest? {
        read("\(Self.directory(year, form: form))/\(BundleLayout.manifestName)", limit: Self.metadataLimit)
            .flatMap { try? CanonicalJSON.decode(Manifest.self, from: $0) }
    }

    /// The verified data of a year, decoded from its files (for the faults that rewrite a bundle).
    public func yearData(_ year: Int) -> (data: TaxYearData, manifest: Manifest)? {
        guard let manifestBytes = file("\(year)/\(BundleLayout.manifestName)"), let manifest = manifest(year) else { return nil }
        var files: [String: Data] = [:]
        for name in manifest.checksums.keys { files[name] = file("\(year)/\(name)") }
        files[BundleLayout.signatureName] = file("\(year)/\(BundleLayout.signatureName)")
        let result = BundleVerifier(crypto: OpenSSLCrypto()).verify(manifestBytes: manifestBytes, files: files)
        guard let data = result.data, let decoded = result.manifest else { return nil }
        return (data, decoded)
    }

    /// At most `limit` bytes of a regular file inside the dist; nil when it is missing, larger than
    /// the limit, not a regular file, or (through a symlink) outside the dist.
    func read(_ relative: String, limit: Int) -> Data? {
        let realRoot = root.resolvingSymlinksInPath().standardizedFileURL.path
        let url = root.appendingPathComponent(relative).resolvingSymlinksInPath().standardizedFileURL
        guard url.path.hasPrefix(realRoot + "/") else { return nil }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = attributes[.size] as? Int, size <= limit,
              let handle = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: limit + 1), data.count <= limit else { return nil }
        return data
    }

    /// A strong ETag from the content's SHA-256.
    public static func etag(_ bytes: Data) -> String {
        "\"sha256-\((try? SHA256.hexDigest(bytes)) ?? "0")\""
    }
}
