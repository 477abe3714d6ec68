internal import COpenSSL

/// An error from the crypto layer: what was being done, and what OpenSSL said.
///
/// OpenSSL's error queue is drained into `detail` and cleared whenever one is made, so a
/// failure never leaks into the next call.
public struct CryptoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the caller was doing, e.g. "SHA-256 update" or "reading private key K.pem".
    public let operation: String
    /// OpenSSL's own explanation, when it gave one.
    public let detail: String

    init(_ operation: String, detail: String? = nil) {
        self.operation = operation
        self.detail = detail ?? CryptoError.drainOpenSSLErrors()
    }

    public var description: String {
        detail.isEmpty ? "\(operation) failed" : "\(operation) failed: \(detail)"
    }

    /// True when OpenSSL's error queue on this thread holds an entry (tests assert it is empty).
    static var hasPendingOpenSSLErrors: Bool { ERR_peek_error() != 0 }

    /// Reads and clears OpenSSL's thread-local error queue.
    static func drainOpenSSLErrors() -> String {
        var messages: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            messages.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return messages.joined(separator: "; ")
    }
}
