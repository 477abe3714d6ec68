#if canImport(AsyncHTTPClient)
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression

/// The transport on Linux: AsyncHTTPClient, streaming each body with backpressure so that the
/// byte limit holds exactly, whatever the server sends.
///
/// It asks for `Accept-Encoding: gzip` and accepts a gzip or an identity body; any other encoding
/// is refused (`transport.encoding`). A gzip body is inflated step by step as it streams in, and
/// the limit counts inflated bytes: at most `maxBytes` are kept, at most one more inflated step is
/// made before the connection is closed, and no response inflates past `maxInflatedBytes` however
/// it is read (a gzip bomb of 1 MiB inflating to 1 GiB stops at the limit). The manifest's hashes
/// are of the inflated bytes, so a body that inflates to anything else is `bundle.checksum`.
/// No redirect is followed.
///
/// (URLSession on Linux, FoundationNetworking over libcurl, inflates a compressed body and queues
/// it for its delegate faster than a cancel takes effect: a 1 MB gzip body became 1.2 GB of memory
/// before the limit could stop it. `URLSessionTransport` therefore asks for identity there.)
public struct HTTPClientTransport: HTTPTransport {
    /// The most bytes any one response may inflate to, whatever its request's `maxBytes` (which
    /// stops it first): a backstop inside AsyncHTTPClient's decompressor.
    public static let maxInflatedBytes = 64 << 20

    /// One client for the process, never shut down (a `static let` lives as long as the process).
    /// A refused connection fails at once: by default the pool would retry it with backoff until
    /// the request's deadline, so an offline device waited the whole timeout to hear it is offline.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow,
                                                     decompression: .enabled(limit: .size(maxInflatedBytes)))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    public init() {}

    /// The largest gzip body that can hold `inflated` bytes: deflate's stored blocks add 5 bytes per
    /// 64 KiB, the gzip wrapper 18.
    static func compressedBound(_ inflated: Int) -> Int { inflated + inflated / 8192 + 64 }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = .GET
        outgoing.headers.add(name: "Accept-Encoding", value: "gzip")
        for (name, value) in request.headers { outgoing.headers.replaceOrAdd(name: name, value: value) }
        let deadline = NIODeadline.now() + .milliseconds(Int64(request.timeout * 1000))
        do {
            let response = try await Self.client.execute(outgoing, deadline: deadline)
            let encoding = response.headers.first(name: "Content-Encoding")?.lowercased() ?? "identity"
            guard encoding == "identity" || encoding == "gzip" else {
                throw TransportError(.encoding, "Content-Encoding \(encoding); only gzip and identity are accepted")
            }
            let compressed = encoding == "gzip"
            if let declared = response.headers.first(name: "Content-Length").flatMap(Int.init),
               declared > (compressed ? Self.compressedBound(request.maxBytes) : request.maxBytes) {
                throw TransportError(.tooLarge, "Content-Length \(declared) exceeds \(request.maxBytes) bytes")
            }
            var body = Data()
            for try await chunk in response.body {
                guard body.count + chunk.readableBytes <= request.maxBytes else {
                    // Leaving the loop drops the stream, which closes the connection.
                    throw TransportError(.tooLarge, "more than \(request.maxBytes) bytes\(compressed ? " inflated" : "")")
                }
                body.append(contentsOf: chunk.readableBytesView)
            }
            var headers: [String: String] = [:]
            for (name, value) in response.headers { headers[name.lowercased()] = value }
            // A gzip body's Content-Length counts its compressed bytes (the framing is NIO's to check).
            if !compressed, let length = headers["content-length"].flatMap(Int.init), length != body.count {
                throw TransportError(.connection, "body ended after \(body.count) of \(length) bytes")
            }
            return HTTPResponse(status: Int(response.status.code), headers: headers, body: body)
        } catch let error as TransportError {
            throw error
        } catch NIOHTTPDecompression.DecompressionError.limit {
            throw TransportError(.tooLarge, "the gzip body inflates past \(Self.maxInflatedBytes) bytes")
        } catch let error as NIOHTTPDecompression.DecompressionError {
            throw TransportError(.encoding, "the gzip body does not inflate: \(error)")
        } catch let error as NIOHTTPDecompression.ExtraDecompressionError {
            throw TransportError(.encoding, "the gzip body does not inflate: \(error)")
        } catch let error as IOError {
            // NIO's own text for these reads "connection reset (error set): Connection refused) (errno: 111)":
            // say what the system says instead.
            let offline = [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, ENETDOWN].contains(error.errnoCode)
            throw TransportError(offline ? .offline : .connection,
                                 "\(request.url.host ?? "the server"): \(String(cString: strerror(error.errnoCode)).lowercased()) (errno \(error.errnoCode))")
        } catch let error as HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout: throw TransportError(.timeout, "\(error)")
            case .remoteConnectionClosed: throw TransportError(.connection, "\(error)")
            default: throw TransportError(.connection, "\(error)")
            }
        } catch {
            let text = "\(error)"
            // Connection refused / no route: NIO reports these as its own error types or as errno.
            let offline = text.localizedCaseInsensitiveContains("refused") || text.localizedCaseInsensitiveContains("connect")
            throw TransportError(offline ? .offline : .connection, text)
        }
    }
}
#endif

/// The transport an app gets by default: `URLSessionTransport` on Apple platforms, and
/// `HTTPClientTransport` on Linux, where URLSession cannot keep a response within a byte limit.
public func defaultTransport() -> any HTTPTransport {
    #if canImport(AsyncHTTPClient)
    HTTPClientTransport()
    #else
    URLSessionTransport()
    #endif
}
