import Foundation

/// A detached signature file (`manifest.json.sig`, `index.json.sig`): one or more Ed25519
/// signatures over the exact bytes of the file it sits beside.
///
/// ```json
/// {"signatures": [{"algorithm": "ed25519", "keyId": "<sha256 of the public key's DER, hex>",
///                  "signature": "<base64 of the 64 raw signature bytes>"}]}
/// ```
/// Several signatures let a bundle be signed by an outgoing and an incoming key during rotation.
public struct SignatureEnvelope: Sendable, Equatable, Codable {
    public struct Entry: Sendable, Equatable, Codable {
        public var algorithm: String
        public var keyId: String
        public var signature: String
        public init(algorithm: String, keyId: String, signature: String) {
            self.algorithm = algorithm
            self.keyId = keyId
            self.signature = signature
        }
    }

    public var signatures: [Entry]
    public init(signatures: [Entry]) { self.signatures = signatures }

    /// Signs `message` with every key, in the order given.
    public static func sign(_ message: Data, with keys: [any Ed25519Signer]) throws -> Data {
        let entries = try keys.map { key in
            Entry(algorithm: "ed25519", keyId: key.publicKey.keyID, signature: try key.signature(for: message).base64EncodedString())
        }
        return try CanonicalJSON.encode(SignatureEnvelope(signatures: entries))
    }
}

/// Which keys are trusted, and whether a signature is required.
public struct SignaturePolicy: Sendable {
    public var trustedKeys: [Ed25519PublicKey]
    public var requireSignature: Bool

    public init(trustedKeys: [Ed25519PublicKey] = [], requireSignature: Bool = false) {
        self.trustedKeys = trustedKeys
        self.requireSignature = requireSignature
    }

    /// No keys, nothing required: signatures are not checked.
    public static let none = SignaturePolicy()

    /// Findings for `message` and the bytes of its signature file (nil when absent).
    ///
    /// Passes when at least one signature by a trusted key is valid and no signature by a trusted
    /// key is invalid. Without trusted keys a signature is not checked unless one is required.
    /// `crypto` verifies the signatures (the toolchain passes OpenSSL's; both agree).
    public func check(message: Data, envelope bytes: Data?, signatureFile: String,
                      crypto: any BundleCrypto = PortableCrypto()) -> [Diagnostic] {
        guard let bytes else {
            return requireSignature ? [.error(.signatureMissing, "\(signatureFile) is missing: the bundle is unsigned")] : []
        }
        guard !trustedKeys.isEmpty else {
            return requireSignature ? [.error(.signatureUntrusted, "a signature is required but no trusted key was given")] : []
        }
        let envelope: SignatureEnvelope
        do { envelope = try CanonicalJSON.decode(SignatureEnvelope.self, from: bytes) } catch {
            return [.error(.signatureInvalid, "\(signatureFile) does not decode: \(DecodeErrorText.describe(error))")]
        }
        var findings: [Diagnostic] = []
        var trustedValid = 0
        for entry in envelope.signatures {
            guard let key = trustedKeys.first(where: { $0.keyID == entry.keyId }) else { continue }
            guard entry.algorithm == "ed25519" else {
                findings.append(.error(.signatureInvalid, "signature by key \(entry.keyId.prefix(16))… uses algorithm '\(entry.algorithm)'; only ed25519 is accepted"))
                continue
            }
            guard let raw = Data(base64Encoded: entry.signature) else {
                findings.append(.error(.signatureInvalid, "signature by key \(entry.keyId.prefix(16))… is not base64"))
                continue
            }
            do {
                if try crypto.isValidEd25519Signature(raw, for: message, by: key) {
                    trustedValid += 1
                } else {
                    findings.append(.error(.signatureInvalid, "signature by trusted key \(entry.keyId.prefix(16))… does not match the signed file (\(raw.count) bytes)"))
                }
            } catch {
                findings.append(.error(.signatureInvalid, "cannot check the signature by key \(entry.keyId.prefix(16))…: \(error)"))
            }
        }
        if trustedValid == 0 && findings.isEmpty {
            let signers = envelope.signatures.map { String($0.keyId.prefix(16)) + "…" }.joined(separator: ", ")
            findings.append(.error(.signatureUntrusted, "no signature by a trusted key (signed by: \(signers.isEmpty ? "nobody" : signers))"))
        }
        return findings
    }
}
