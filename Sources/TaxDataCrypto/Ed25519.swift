internal import COpenSSL
import Foundation

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

/// An Ed25519 public key (SPKI), used to verify manifest signatures.
public struct Ed25519PublicKey: Sendable {
    let handle: PKeyHandle
    /// SHA-256 of the key's DER (SubjectPublicKeyInfo) encoding, as 64 hex digits.
    public let keyID: String

    /// Reads a `-----BEGIN PUBLIC KEY-----` PEM (what `openssl pkey -pubout` writes).
    /// - Throws: `CryptoError` for malformed PEM or a key that is not Ed25519.
    public init(pem: Data, source: String = "public key") throws {
        let what = "reading \(source)"
        let key = try withReadBIO(pem, what) { bio -> OpaquePointer in
            guard let key = PEM_read_bio_PUBKEY(bio, nil, nil, nil) else {
                throw CryptoError(what, detail: "not a PEM public key (\(CryptoError.drainOpenSSLErrors()))")
            }
            return key
        }
        try self.init(owning: key, what: what)
    }

    init(owning key: OpaquePointer, what: String) throws {
        let handle = PKeyHandle(key)
        try requireEd25519(key, what)
        self.handle = handle
        self.keyID = try SHA256.hexDigest(try Ed25519PublicKey.der(key, what))
    }

    static func der(_ key: OpaquePointer, _ what: String) throws -> Data {
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

    /// The key as SPKI PEM.
    public func pem() throws -> Data {
        try writeBIO("writing public key") { PEM_write_bio_PUBKEY($0, handle.pointer) }
    }

    /// True when `signature` is a valid Ed25519 signature of `message` by this key. A signature
    /// of the wrong length is simply invalid.
    public func isValidSignature(_ signature: Data, for message: Data) throws -> Bool {
        guard signature.count == Ed25519PrivateKey.signatureByteCount else { return false }
        guard let context = EVP_MD_CTX_new() else { throw CryptoError("verify context") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, nil, nil, handle.pointer) == 1 else { throw CryptoError("verify init") }
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

/// An Ed25519 private key (PKCS#8). Its material is never printed: `description` names only the key id.
public struct Ed25519PrivateKey: Sendable, CustomStringConvertible {
    public static let signatureByteCount = 64
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
        let der = try Ed25519PublicKey.der(key, what)
        let publicKey = try der.withUnsafeBytes { raw -> OpaquePointer in
            var cursor: UnsafePointer<UInt8>? = raw.bindMemory(to: UInt8.self).baseAddress
            guard let pub = d2i_PUBKEY(nil, &cursor, raw.count) else { throw CryptoError(what) }
            return pub
        }
        self.publicKey = try Ed25519PublicKey(owning: publicKey, what: what)
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
