#if canImport(AsyncHTTPClient)
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The transport on Linux: AsyncHTTPClient, streaming each body with backpressure so that the
/// byte limit holds exactly, whatever the server sends.
///
/// URLSession on Linux (FoundationNetworking, over libcurl) inflates a compressed body and queues
/// it for its delegate faster than a cancel takes effect: a 1 MB gzip body became 1.2 GB of memory
/// before the limit could stop it. Here nothing is decompressed (`Accept-Encoding: identity`; a
/// response encoded anyway is refused), no redirect is followed, at most `maxBytes` are kept and
/// at most one more chunk is read before the connection is closed.
public struct HTTPClientTransport: HTTPTransport {
    /// One client for the process, never shut down (a `static let` lives as long as the process).
    /// A refused connection fails at once: by default the pool would retry it with backoff until
    /// the request's deadline, so an offline device waited the whole timeout to hear it is offline.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, decompression: .disabled)
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    public init() {}

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = .GET
        outgoing.headers.add(name: "Accept-Encoding", value: "identity")
        for (name, value) in request.headers { outgoing.headers.replaceOrAdd(name: name, value: value) }
        let deadline = NIODeadline.now() + .milliseconds(Int64(request.timeout * 1000))
        do {
            let response = try await Self.client.execute(outgoing, deadline: deadline)
            let encoding = response.headers.first(name: "Content-Encoding")?.lowercased() ?? "identity"
            guard encoding == "identity" else {
                throw TransportError(.encoding, "Content-Encoding \(encoding) although identity was asked for")
            }
            if let declared = response.headers.first(name: "Content-Length").flatMap(Int.init), declared > request.maxBytes {
                throw TransportError(.tooLarge, "Content-Length \(declared) exceeds \(request.maxBytes) bytes")
            }
            var body = Data()
            for try await chunk in response.body {
                guard body.count + chunk.readableBytes <= request.maxBytes else {
                    // Leaving the loop drops the stream, which closes the connection.
                    throw TransportError(.tooLarge, "more than \(request.maxBytes) bytes")
                }
                body.append(contentsOf: chunk.readableBytesView)
            }
            var headers: [String: String] = [:]
            for (name, value) in response.headers { headers[name.lowercased()] = value }
            if let length = headers["content-length"].flatMap(Int.init), length != body.count {
                throw TransportError(.connection, "body ended after \(body.count) of \(length) bytes")
            }
            return HTTPResponse(status: Int(response.status.code), headers: headers, body: body)
        } catch let error as TransportError {
            throw error
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
