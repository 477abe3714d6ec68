import Foundation
import TaxDataCore
import TaxDataCrypto

/// A dist on disk, read on every request, so publishing a new dist (replacing the directory)
/// needs no restart.
public struct DistDirectory: Sendable {
    public let root: URL

    public init(root: URL) { self.root = root }

    /// A file of the dist by relative path (`index.json`, `2026/manifest.json`, …), or nil.
    /// Only the names a dist can contain are served: `index.json[.sig]` and `<year>/<plain name>`.
    public func file(_ relative: String) -> Data? {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 1 where parts[0] == BundleLayout.indexName || parts[0] == BundleLayout.indexSignatureName:
            break
        case 2 where parts[0].count == 4 && Int(parts[0]) != nil && Manifest.isPlainFileName(parts[1]):
            break
        default:
            return nil
        }
        return FileManager.default.contents(atPath: root.appendingPathComponent(relative).path)
    }

    /// The verified data of a year, decoded from its files (for the version endpoint and the
    /// faults that rewrite a bundle).
    public func yearData(_ year: Int) -> (data: TaxYearData, manifest: Manifest)? {
        guard let manifest = file("\(year)/\(BundleLayout.manifestName)") else { return nil }
        var files: [String: Data] = [:]
        let directory = root.appendingPathComponent(String(year))
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where name != BundleLayout.manifestName {
            files[name] = file("\(year)/\(name)")
        }
        let result = BundleVerifier().verify(manifestBytes: manifest, files: files)
        guard let data = result.data, let decoded = result.manifest else { return nil }
        return (data, decoded)
    }

    /// A strong ETag from the content's SHA-256.
    public static func etag(_ bytes: Data) -> String {
        "\"sha256-\((try? SHA256.hexDigest(bytes)) ?? "0")\""
    }
}
