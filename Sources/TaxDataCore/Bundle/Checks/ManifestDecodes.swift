import Foundation

/// The first step of every verification: `manifest.json` decodes (`bundle.manifest`). Nothing
/// else is read until it does.
public enum ManifestDecodes {
    public static let rules: [RuleID] = [.bundleManifest]

    /// The manifest, or the finding that stops the verification.
    public static func decode(_ bytes: Data) -> (manifest: Manifest?, finding: BundleFinding?) {
        do {
            return (try CanonicalJSON.decode(Manifest.self, from: bytes), nil)
        } catch {
            return (nil, (BundleLayout.manifestName, .error(.bundleManifest, "manifest does not decode: \(DecodeErrorText.describe(error))")))
        }
    }
}
