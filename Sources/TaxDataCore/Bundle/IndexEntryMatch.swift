import Foundation

/// The mix-and-match check: a manifest is the one its index lists for its year, byte for byte
/// (size and SHA-256, `bundle.checksum`) and by year and version (`bundle.index`). A signed index
/// then vouches for the manifests, so an index of one publication cannot be served with the
/// manifests of another. The same ids `verify` gives a dist whose manifests and index disagree.
public enum IndexEntryMatch {
    /// nil when `manifestBytes` have the size and checksum `entry` lists.
    public static func check(manifestBytes: Data, entry: BundleIndex.Entry, crypto: any BundleCrypto = PortableCrypto()) -> Diagnostic? {
        let digest = (try? crypto.sha256Hex(manifestBytes)).map(Manifest.checksum)
        guard manifestBytes.count != entry.manifestSize || digest != entry.manifestChecksum else { return nil }
        return .error(.bundleChecksum, "does not match index.json (size \(manifestBytes.count) vs \(entry.manifestSize), \(digest ?? "?") vs \(entry.manifestChecksum)): a manifest from another publication than the index")
    }

    /// nil when the decoded manifest is for the year and version `entry` lists.
    public static func check(manifest: Manifest, entry: BundleIndex.Entry) -> Diagnostic? {
        guard manifest.taxYear != entry.taxYear || manifest.version != entry.version else { return nil }
        return .error(.bundleIndex, "manifest says \(manifest.taxYear) \(manifest.version), index.json says \(entry.taxYear) \(entry.version)")
    }
}
