internal import COpenSSL
import Foundation
import TaxDataCore

/// `BundleCrypto` through OpenSSL's libcrypto: what the toolchain hashes and verifies with
/// (`taxdata build`, `verify`, `fetch` and `serve` pass it to `BundleBuilder`, `BundleVerifier`).
///
/// The client uses `PortableCrypto` (swift-crypto) instead, which has no system library; the
/// test suite proves the two agree on every hash and on which signatures are valid.
public struct OpenSSLCrypto: BundleCrypto {
    public init() {}

    public func sha256(_ bytes: Data) throws -> [UInt8] {
        try SHA256.hash(bytes)
    }

    public func isValidEd25519Signature(_ signature: Data, for message: Data, by key: Ed25519PublicKey) throws -> Bool {
        guard signature.count == Ed25519PublicKey.signatureByteCount else { return false }
        let pkey = key.rawRepresentation.withUnsafeBytes { raw in
            EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, raw.bindMemory(to: UInt8.self).baseAddress, raw.count)
        }
        guard let pkey else { throw CryptoError("reading Ed25519 public key \(key.keyID.prefix(16))…") }
        defer { EVP_PKEY_free(pkey) }
        guard let context = EVP_MD_CTX_new() else { throw CryptoError("verify context") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, nil, nil, pkey) == 1 else { throw CryptoError("verify init") }
        let result = signature.withUnsafeBytes { sig in
            message.withUnsafeBytes { msg in
                EVP_DigestVerify(context, sig.bindMemory(to: UInt8.self).baseAddress, sig.count,
                                 msg.bindMemory(to: UInt8.self).baseAddress, msg.count)
            }
        }
        _ = CryptoError.drainOpenSSLErrors() // a bad signature leaves an entry; never leak it
        return result == 1
    }
}
