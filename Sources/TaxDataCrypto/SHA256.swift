internal import COpenSSL
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TaxDataCore

/// SHA-256 through OpenSSL's EVP digest API.
///
/// Use `SHA256.hash(_:)` for a whole buffer, or an instance for streaming input.
/// Every OpenSSL return code is checked; a failure throws `CryptoError`.
public final class SHA256 {
    /// The digest length in bytes.
    public static let byteCount = 32

    private let context: OpaquePointer
    private var finished = false

    /// Starts a new streaming digest.
    public init() throws {
        guard let context = EVP_MD_CTX_new() else { throw CryptoError("SHA-256 context allocation") }
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            EVP_MD_CTX_free(context)
            throw CryptoError("SHA-256 init")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Feeds bytes into the digest.
    public func update(_ bytes: some DataProtocol) throws {
        precondition(!finished, "SHA256.update after finalize")
        for region in bytes.regions {
            try region.withUnsafeBytes { raw in
                guard raw.count > 0 else { return }
                guard EVP_DigestUpdate(context, raw.baseAddress, raw.count) == 1 else {
                    throw CryptoError("SHA-256 update")
                }
            }
        }
    }

    /// Finishes the digest and returns its 32 bytes.
    public func finalize() throws -> [UInt8] {
        precondition(!finished, "SHA256.finalize called twice")
        finished = true
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1, Int(length) == SHA256.byteCount else {
            throw CryptoError("SHA-256 final")
        }
        return Array(digest.prefix(Int(length)))
    }

    /// The SHA-256 of `bytes`.
    public static func hash(_ bytes: some DataProtocol) throws -> [UInt8] {
        let digest = try SHA256()
        try digest.update(bytes)
        return try digest.finalize()
    }

    /// The SHA-256 of `bytes` as 64 lowercase hex digits.
    public static func hexDigest(_ bytes: some DataProtocol) throws -> String {
        Hex.encode(try hash(bytes))
    }

    /// The size and SHA-256 of at most `limit` bytes of the file at `path`, read `chunkSize` bytes
    /// at a time into one reused buffer, so memory stays constant whatever the file's size. Throws
    /// when the file cannot be opened or read.
    public static func file(atPath path: String, limit: Int, chunkSize: Int = 1 << 20) throws -> (size: Int, digest: [UInt8]) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CryptoError("opening \(path)", detail: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let digest = try SHA256()
        var buffer = [UInt8](repeating: 0, count: max(1, chunkSize))
        var size = 0
        while size < limit {
            let wanted = min(buffer.count, limit - size)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CryptoError("reading \(path)", detail: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            try buffer.withUnsafeBytes { try digest.update(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            size += count
        }
        return (size, try digest.finalize())
    }
}
