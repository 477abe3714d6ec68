internal import COpenSSL
import Foundation
import TaxDataCore

/// Owns an OpenSSL `EVP_PKEY` and frees it.
final class PKeyHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { EVP_PKEY_free(pointer) }
}

/// Runs `body` with a read-only memory BIO over `bytes`.
private func withReadBIO<T>(_ bytes: Data, _ what: String, _ body: (OpaquePointer) throws -> T) throws -> T {
    try bytes.withUnsafeBytes { raw in
        guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { throw CryptoError(what) }
        defer { BIO_free(bio) }
        return try body(bio)
    }
}

/// Collects what `body` writes into a memory BIO.
private func writeBIO(_ what: String, _ body: (OpaquePointer) -> Int32) throws -> Data {
    guard let bio = BIO_new(BIO_s_mem()) else { throw CryptoError(what) }
    defer { BIO_free(bio) }
    guard body(bio) == 1 else { throw CryptoError(what) }
    var pointer: UnsafeMutablePointer<CChar>?
    let length = taxdata_BIO_get_mem_data(bio, &pointer)
    guard length > 0, let pointer else { throw CryptoError(what, detail: "no output") }
    return Data(bytes: pointer, count: length)
}

private func requireEd25519(_ key: OpaquePointer, _ what: String) throws {
    guard EVP_PKEY_get_id(key) == EVP_PKEY_ED25519 else {
        throw CryptoError(what, detail: "the key is not an Ed25519 key")
    }
}

/// Reads the SPKI DER of an OpenSSL key (what its key id is computed over).
func publicKeyDER(_ key: OpaquePointer, _ what: String) throws -> Data {
    let length = i2d_PUBKEY(key, nil)
    guard length > 0 else { throw CryptoError(what) }
    var bytes = [UInt8](repeating: 0, count: Int(length))
    let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
        var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
        return i2d_PUBKEY(key, &cursor)
    }
    guard written == length else { throw CryptoError(what) }
    return Data(bytes)
}

/// The 32 raw bytes of an Ed25519 key's public half.
func rawPublicKey(_ key: OpaquePointer, _ what: String) throws -> Data {
    var length = Ed25519PublicKey.byteCount
    var raw = [UInt8](repeating: 0, count: length)
    guard EVP_PKEY_get_raw_public_key(key, &raw, &length) == 1, length == Ed25519PublicKey.byteCount else {
        throw CryptoError(what)
    }
    return Data(raw)
}

/// The portable `Ed25519PublicKey` of an OpenSSL key, its key id hashed by OpenSSL.
func portablePublicKey(_ key: OpaquePointer, _ what: String) throws -> Ed25519PublicKey {
    try requireEd25519(key, what)
    return try Ed25519PublicKey(rawRepresentation: try rawPublicKey(key, what), crypto: OpenSSLCrypto())
}

extension OpenSSLCrypto {
    /// Reads a `-----BEGIN PUBLIC KEY-----` PEM with OpenSSL (what `taxdata verify --key` and
    /// `fetch --key` use). The portable `Ed25519PublicKey(pem:)` reads the same files without it.
    /// - Throws: `CryptoError` for malformed PEM or a key that is not Ed25519.
    public static func publicKey(pem: Data, source: String = "public key") throws -> Ed25519PublicKey {
        let what = "reading \(source)"
        let key = try withReadBIO(pem, what) { bio -> OpaquePointer in
            guard let key = PEM_read_bio_PUBKEY(bio, nil, nil, nil) else {
                throw CryptoError(what, detail: "not a PEM public key (\(CryptoError.drainOpenSSLErrors()))")
            }
            return key
        }
        defer { EVP_PKEY_free(key) }
        return try portablePublicKey(key, what)
    }
}

/// An Ed25519 private key (PKCS#8) held by OpenSSL: the toolchain's signing key. Its material is
/// never printed: `description` names only the key id. It signs `SignatureEnvelope`s as an
/// `Ed25519Signer`; its `publicKey` is the portable value the client pins.
public struct Ed25519PrivateKey: Ed25519Signer, CustomStringConvertible {
    public static let signatureByteCount = Ed25519PublicKey.signatureByteCount
    let handle: PKeyHandle
    public let publicKey: Ed25519PublicKey

    /// A new random key from OpenSSL.
    public static func generate() throws -> Ed25519PrivateKey {
        guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, nil) else { throw CryptoError("key generation context") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_keygen_init(context) == 1 else { throw CryptoError("key generation init") }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen(context, &key) == 1, let key else { throw CryptoError("key generation") }
        return try Ed25519PrivateKey(owning: key, what: "generated key")
    }

    /// Reads a `-----BEGIN PRIVATE KEY-----` PEM (what `openssl genpkey -algorithm ed25519` writes).
    /// - Throws: `CryptoError` for malformed PEM, an encrypted key, or a key that is not Ed25519.
    public init(pem: Data, source: String = "private key") throws {
        let what = "reading \(source)"
        let key = try withReadBIO(pem, what) { bio -> OpaquePointer in
            guard let key = PEM_read_bio_PrivateKey(bio, nil, nil, nil) else {
                throw CryptoError(what, detail: "not an unencrypted PEM private key (\(CryptoError.drainOpenSSLErrors()))")
            }
            return key
        }
        try self.init(owning: key, what: what)
    }

    private init(owning key: OpaquePointer, what: String) throws {
        let handle = PKeyHandle(key)
        try requireEd25519(key, what)
        self.handle = handle
        self.publicKey = try portablePublicKey(key, what)
    }

    /// A key from its 32-byte RFC 8032 seed (tests: the RFC's vectors, and the same key in
    /// OpenSSL and swift-crypto).
    init(seed: Data) throws {
        let what = "reading a raw Ed25519 seed"
        guard seed.count == 32 else { throw CryptoError(what, detail: "a seed has 32 bytes, not \(seed.count)") }
        let key = seed.withUnsafeBytes { raw in
            EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, raw.bindMemory(to: UInt8.self).baseAddress, raw.count)
        }
        guard let key else { throw CryptoError(what) }
        try self.init(owning: key, what: what)
    }

    /// The public half as SPKI PEM, written by OpenSSL (what `taxdata keygen --public` writes).
    public func publicKeyPEM() throws -> Data {
        try writeBIO("writing public key") { PEM_write_bio_PUBKEY($0, handle.pointer) }
    }

    /// The public half's SPKI DER, encoded by OpenSSL.
    func publicKeyDER() throws -> Data {
        try TaxDataCrypto.publicKeyDER(handle.pointer, "encoding public key")
    }

    /// The key as unencrypted PKCS#8 PEM. Write it only to a file with mode 0600.
    public func pkcs8PEM() throws -> Data {
        try writeBIO("writing private key") { PEM_write_bio_PKCS8PrivateKey($0, handle.pointer, nil, nil, 0, nil, nil) }
    }

    /// Signs `message` (Ed25519 signs the message itself, no pre-hash): 64 bytes.
    public func signature(for message: Data) throws -> Data {
        guard let context = EVP_MD_CTX_new() else { throw CryptoError("sign context") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, nil, nil, handle.pointer) == 1 else { throw CryptoError("sign init") }
        var length = Ed25519PrivateKey.signatureByteCount
        var signature = [UInt8](repeating: 0, count: length)
        let ok = message.withUnsafeBytes { msg in
            EVP_DigestSign(context, &signature, &length, msg.bindMemory(to: UInt8.self).baseAddress, msg.count)
        }
        guard ok == 1, length == Ed25519PrivateKey.signatureByteCount else { throw CryptoError("signing") }
        return Data(signature)
    }

    public var description: String { "Ed25519PrivateKey(keyID: \(publicKey.keyID))" }
}
