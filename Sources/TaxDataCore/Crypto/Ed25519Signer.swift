import Foundation

/// Something that makes Ed25519 signatures for `SignatureEnvelope`s (`manifest.json.sig`,
/// `index.json.sig`).
///
/// Private keys belong to the toolchain: `TaxDataCrypto.Ed25519PrivateKey` (OpenSSL) conforms, and
/// `taxdata build --sign-key` passes it to `BundleBuilder.buildDist`. Nothing in the client signs.
public protocol Ed25519Signer: Sendable {
    /// The public half; its `keyID` names the signature in the envelope.
    var publicKey: Ed25519PublicKey { get }
    /// The 64-byte Ed25519 signature of `message` (the message itself, no pre-hash).
    func signature(for message: Data) throws -> Data
}
