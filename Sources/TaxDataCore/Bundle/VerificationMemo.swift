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
/// cached bundles, so they grant nothing the cache does not; signatures are always checked. A
/// build ships the tokens of the embedded bundles it verified (`Shipped`) inside the app, beside
/// those bundles and under the same code signature.
public enum VerificationMemo {
    /// Raise when a check or rule changes what it accepts without changing its id.
    public static let revision = 1

    /// The token for `manifestBytes` under `verifier`'s checks.
    public static func token(manifestBytes: Data, verifier: BundleVerifier) -> String? {
        guard let digest = try? verifier.crypto.sha256Hex(manifestBytes) else { return nil }
        return "\(Manifest.checksum(digest))@\(fingerprint(verifier))"
    }

    /// The tokens of bundles a build verified in full, shipped beside them (`taxdata verify
    /// --memo FILE`; `make embed` writes the client's `Embedded/verified.json`). They sit inside the
    /// app, as the embedded bytes do, and match only a client whose checks have the same
    /// fingerprint: a client built from other rules verifies in full.
    public struct Shipped: Codable, Sendable, Equatable {
        /// Sorted `sha256:<manifest>@<fingerprint>` tokens.
        public var verified: [String]

        public init(verified: [String]) { self.verified = verified.sorted() }

        /// Decodes a file written by `encoded()`; refuses unsorted tokens, anything not canonical
        /// (`CanonicalCheck`: an unknown or repeated key), and a token not of the form
        /// `sha256:<64 hex>@<fingerprint>`.
        public static func decode(_ data: Data) throws -> Shipped {
            let shipped = try CanonicalJSON.decode(Shipped.self, from: data)
            guard shipped.verified == shipped.verified.sorted() else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the tokens are not sorted"))
            }
            if let difference = CanonicalCheck.mismatch(data, canonical: shipped) {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: difference))
            }
            for token in shipped.verified where !isToken(token) {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "'\(token)' is not a verification token"))
            }
            return shipped
        }

        public func encoded() throws -> Data { try CanonicalJSON.encode(self) }

        static func isToken(_ token: String) -> Bool {
            let parts = token.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].hasPrefix("sha256:"), !parts[1].isEmpty else { return false }
            let hex = parts[0].dropFirst("sha256:".count)
            return hex.count == 64 && hex.allSatisfy { $0.isHexDigit && !$0.isUppercase }
                && parts[1].allSatisfy { $0.isLetter || $0.isNumber }
        }
    }

    /// A short digest of what the skipped checks are: schema, revision, and every check and rule id.
    static func fingerprint(_ verifier: BundleVerifier) -> String {
        let names = verifier.checks().filter(\.dependsOnlyOnBytes).map { "\(type(of: $0)):\($0.rules.map(\.rawValue).joined(separator: ","))" }
        let text = "schema \(SchemaVersion.current); revision \(revision); " + names.joined(separator: "; ")
        return String((try? verifier.crypto.sha256Hex(Data(text.utf8)))?.prefix(16) ?? "none")
    }
}
