import Foundation

/// The two primitives the bundle checks need: SHA-256 and Ed25519 verification.
///
/// Two independent implementations exist and the test suite proves they agree (TaxDataCryptoTests,
/// `CrossImplementationTests`): `PortableCrypto` here (swift-crypto: CryptoKit on Apple platforms,
/// its vendored BoringSSL elsewhere), which the client uses and which is every default, and
/// `OpenSSLCrypto` in `TaxDataCrypto`, which the toolchain (`build`, `verify`, `serve`) passes in.
/// Implementations hold no state, so one value may be shared by every task.
public protocol BundleCrypto: Sendable {
    /// The SHA-256 of `bytes`: 32 bytes.
    /// - Throws: only when the implementation itself fails (never for any input).
    func sha256(_ bytes: Data) throws -> [UInt8]

    /// True when `signature` is a valid Ed25519 signature (RFC 8032, no pre-hash) of `message` by
    /// `key`. A signature that is not exactly 64 bytes is simply invalid, not an error.
    /// - Throws: only when the implementation itself fails.
    func isValidEd25519Signature(_ signature: Data, for message: Data, by key: Ed25519PublicKey) throws -> Bool
}

extension BundleCrypto {
    /// The SHA-256 of `bytes` as 64 lowercase hex digits.
    public func sha256Hex(_ bytes: Data) throws -> String { Hex.encode(try sha256(bytes)) }
}

extension BundleCrypto where Self == PortableCrypto {
    /// swift-crypto: the default everywhere, and what apps verify with.
    public static var portable: PortableCrypto { PortableCrypto() }
}
