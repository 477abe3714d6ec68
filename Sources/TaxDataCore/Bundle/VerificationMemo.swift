import Foundation

/// Remembers that a bundle's bytes already passed every check whose verdict depends on those bytes
/// and this build's rules alone (`BundleCheck.dependsOnlyOnBytes`: the canonical encodings, the
/// documents' consistency, the `RuleSet`), so a client need not run them again on every launch for
/// the same cached bytes.
///
/// A token is `sha256:<manifest>@<fingerprint>`. The manifest lists the SHA-256 of every file, and
/// the files are still hashed against it every time (`bundle.checksum`), so equal tokens mean the
/// same bytes under the same checks; the fingerprint names the rules and checks of the verifier
/// and `revision`, so a build whose rules differ never matches an old token. What still runs every
/// time: the signature, the schema major, the names and sizes, every SHA-256, nothing unlisted,
/// the expected year, no rollback and expiry.
///
/// The tokens live beside the cache (`state.json`): whoever can write them can also write the
/// cached bundles, so they grant nothing the cache does not; signatures are always checked.
public enum VerificationMemo {
    /// Raise when a check or rule changes what it accepts without changing its id.
    public static let revision = 1

    /// The token for `manifestBytes` under `verifier`'s checks.
    public static func token(manifestBytes: Data, verifier: BundleVerifier) -> String? {
        guard let digest = try? verifier.crypto.sha256Hex(manifestBytes) else { return nil }
        return "\(Manifest.checksum(digest))@\(fingerprint(verifier))"
    }

    /// A short digest of what the skipped checks are: schema, revision, and every check and rule id.
    static func fingerprint(_ verifier: BundleVerifier) -> String {
        let names = verifier.checks().filter(\.dependsOnlyOnBytes).map { "\(type(of: $0)):\($0.rules.map(\.rawValue).joined(separator: ","))" }
        let text = "schema \(SchemaVersion.current); revision \(revision); " + names.joined(separator: "; ")
        return String((try? verifier.crypto.sha256Hex(Data(text.utf8)))?.prefix(16) ?? "none")
    }
}
