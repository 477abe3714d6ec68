import Foundation

/// An Ed25519 public key: a trusted key the client pins, or the public half of a signing key.
///
/// A plain value (its 32 raw bytes); any `BundleCrypto` verifies with it. It reads and writes the
/// SubjectPublicKeyInfo PEM that `openssl pkey -pubout` and `taxdata keygen` write, without
/// OpenSSL, so an app can load its pinned key on any platform:
///
/// ```swift
/// let pinned = try Ed25519PublicKey(pem: Data(contentsOf: url))
/// ```
public struct Ed25519PublicKey: Sendable, Hashable, CustomStringConvertible {
    /// Bytes in a raw public key.
    public static let byteCount = 32
    /// Bytes in a signature.
    public static let signatureByteCount = 64

    /// The DER of an Ed25519 SubjectPublicKeyInfo up to the key (RFC 8410): SEQUENCE { SEQUENCE
    /// { OID 1.3.101.112 }, BIT STRING (0 unused bits) }, followed by the 32 key bytes.
    static let spkiPrefix: [UInt8] = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]

    /// The 32 raw key bytes (RFC 8032's encoding of the point).
    public let rawRepresentation: Data
    /// SHA-256 of the key's DER (SubjectPublicKeyInfo) encoding, as 64 hex digits: the `keyId` of
    /// a signature in a `SignatureEnvelope`.
    public let keyID: String

    /// A key from its 32 raw bytes; `crypto` computes the key id (the toolchain passes OpenSSL's).
    /// - Throws: `PublicKeyError` when `rawRepresentation` is not 32 bytes.
    public init(rawRepresentation: some DataProtocol, crypto: any BundleCrypto = PortableCrypto()) throws {
        let raw = Data(rawRepresentation)
        guard raw.count == Self.byteCount else {
            throw PublicKeyError(source: "public key", reason: "an Ed25519 key has \(Self.byteCount) bytes, not \(raw.count)")
        }
        self.rawRepresentation = raw
        self.keyID = try crypto.sha256Hex(Data(Self.spkiPrefix) + raw)
    }

    /// Reads a `-----BEGIN PUBLIC KEY-----` PEM holding an Ed25519 SubjectPublicKeyInfo (what
    /// `openssl pkey -pubout` and `taxdata keygen --public` write).
    /// - Parameter source: names the key in errors, e.g. its file name.
    /// - Throws: `PublicKeyError` for text that is not a PEM public key, or a key of another type.
    public init(pem: Data, source: String = "public key") throws {
        guard let der = Self.pemBody(pem, label: "PUBLIC KEY") else {
            throw PublicKeyError(source: source, reason: "not a PEM public key")
        }
        try self.init(spkiDER: der, source: source)
    }

    /// Reads the DER of an Ed25519 SubjectPublicKeyInfo (exactly 44 bytes).
    /// - Throws: `PublicKeyError` for any other DER, e.g. an RSA, X25519 or Ed448 key.
    public init(spkiDER der: some DataProtocol, source: String = "public key") throws {
        let bytes = [UInt8](der)
        guard bytes.count == Self.spkiPrefix.count + Self.byteCount, bytes.starts(with: Self.spkiPrefix) else {
            throw PublicKeyError(source: source, reason: "the key is not an Ed25519 key")
        }
        try self.init(rawRepresentation: bytes.dropFirst(Self.spkiPrefix.count))
    }

    /// The key's DER (SubjectPublicKeyInfo) encoding: 44 bytes.
    public var spkiDER: Data { Data(Self.spkiPrefix) + rawRepresentation }

    /// The key as SubjectPublicKeyInfo PEM, byte for byte what OpenSSL writes.
    public func pem() -> Data {
        let base64 = spkiDER.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return Data("-----BEGIN PUBLIC KEY-----\n\(base64)\n-----END PUBLIC KEY-----\n".utf8)
    }

    public var description: String { "Ed25519PublicKey(keyID: \(keyID))" }

    /// The bytes of the first `-----BEGIN <label>-----` block: its base64 lines decoded strictly
    /// (white space between lines is allowed, nothing else). Nil when there is no such block.
    static func pemBody(_ pem: Data, label: String) -> Data? {
        guard let text = String(data: pem, encoding: .utf8),
              let begin = text.range(of: "-----BEGIN \(label)-----"),
              let end = text.range(of: "-----END \(label)-----", range: begin.upperBound..<text.endIndex) else {
            return nil
        }
        let whiteSpace: Set<Unicode.Scalar> = [" ", "\t", "\r", "\n"]
        var body = String.UnicodeScalarView()
        body.append(contentsOf: text[begin.upperBound..<end.lowerBound].unicodeScalars.filter { !whiteSpace.contains($0) })
        guard !body.isEmpty, let bytes = Data(base64Encoded: String(body)) else { return nil }
        return bytes
    }
}

/// A public key that could not be read: which key, and why.
public struct PublicKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What names the key, e.g. its file name.
    public let source: String
    /// Why it was refused.
    public let reason: String

    public var description: String { "reading \(source) failed: \(reason)" }
}
