import Foundation

/// An HTTP request the client makes: always a GET, with an optional conditional header.
public struct HTTPRequest: Sendable, Equatable {
    public var url: URL
    public var headers: [String: String]
    /// Responses longer than this are abandoned (a server that streams forever cannot exhaust memory).
    public var maxBytes: Int
    /// The whole request must finish within this many seconds.
    public var timeout: TimeInterval

    public init(url: URL, headers: [String: String] = [:], maxBytes: Int, timeout: TimeInterval) {
        self.url = url
        self.headers = headers
        self.maxBytes = maxBytes
        self.timeout = timeout
    }
}

public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Header names in lowercase.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(uniqueKeysWithValues: headers.map { ($0.key.lowercased(), $0.value) })
        self.body = body
    }
}

/// Why a request produced no response.
public struct TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable { case offline, timeout, tooLarge, connection, encoding }
    public var kind: Kind
    public var detail: String

    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    public var description: String {
        switch kind {
        case .offline: "offline: \(detail)"
        case .timeout: "timed out: \(detail)"
        case .tooLarge: "response too large: \(detail)"
        case .connection: "connection failed: \(detail)"
        case .encoding: "refused encoding: \(detail)"
        }
    }
}

/// How the client reaches the network. Injected, so tests control it.
public protocol HTTPTransport: Sendable {
    /// Performs `request`. Throws `TransportError` when there is no complete response within
    /// `request.timeout` and `request.maxBytes`.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// Where the client reads the time. Injected, so tests control it.
public protocol TaxDataClock: Sendable {
    func now() -> Date
}

public struct SystemClock: TaxDataClock {
    public init() {}
    public func now() -> Date { Date() }
}
