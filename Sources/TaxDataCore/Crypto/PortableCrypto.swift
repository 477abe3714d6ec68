internal import Crypto
import Foundation

/// `BundleCrypto` through swift-crypto's `Crypto` module: CryptoKit on Apple platforms, the same
/// API over its own vendored BoringSSL elsewhere. No system library, so it builds for iOS,
/// macOS, tvOS, watchOS and Linux alike. This is what the client verifies with.
public struct PortableCrypto: BundleCrypto {
    public init() {}

    public func sha256(_ bytes: Data) -> [UInt8] {
        Array(SHA256.hash(data: bytes))
    }

    public func isValidEd25519Signature(_ signature: Data, for message: Data, by key: Ed25519PublicKey) -> Bool {
        guard signature.count == Ed25519PublicKey.signatureByteCount,
              let publicKey = try? Curve25519.Signing.PublicKey(rawRepresentation: key.rawRepresentation) else {
            return false
        }
        return publicKey.isValidSignature(signature, for: message)
    }
}
