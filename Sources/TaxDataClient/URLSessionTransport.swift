import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transport: URLSession (FoundationNetworking on Linux), with a byte limit enforced
/// while the body streams in and a deadline for the whole request.
///
/// On Apple platforms every request asks for `Accept-Encoding: gzip`: URLSession inflates a gzip
/// body as it streams and hands the delegate inflated bytes, which the limit counts, so a body
/// that grows past the limit ends the request, keeping nothing more. On Linux it asks for
/// `identity`, and a response content-encoded all the same is refused before its body is read
/// (`transport.encoding`): URLSession there (FoundationNetworking, over libcurl) inflates without
/// any bound, so a 1 MB gzip body could become 1 GiB in memory before a byte limit is seen
/// (`HTTPClientTransport`, Linux's default, takes gzip within the limit). Any other encoding is
/// refused everywhere. A declared `Content-Length` above the limit is refused before the body.
public struct URLSessionTransport: HTTPTransport {
    public init() {}

    /// The encoding asked for and accepted besides identity: gzip where URLSession inflates within
    /// the delegate's limit (Apple platforms), none on Linux.
    static let compression: String? = {
        #if canImport(FoundationNetworking)
        nil
        #else
        "gzip"
        #endif
    }()

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let receiver = Receiver(maxBytes: request.maxBytes)
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        urlRequest.setValue(Self.compression ?? "identity", forHTTPHeaderField: "Accept-Encoding")
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = request.timeout
        configuration.timeoutIntervalForResource = request.timeout
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, Error>) in
                receiver.start(continuation)
                let task = session.dataTask(with: urlRequest)
                receiver.task = task
                task.resume()
                // The whole request, not just each read, must finish in time (a server that
                // trickles bytes would otherwise never time out).
                DispatchQueue.global().asyncAfter(deadline: .now() + request.timeout) {
                    receiver.finish(.failure(TransportError(.timeout, "no complete response within \(request.timeout) s")))
                }
            }
        } onCancel: {
            receiver.finish(.failure(TransportError(.connection, "cancelled")))
        }
    }
}

/// Collects one response; the first outcome wins and cancels the task.
private final class Receiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let maxBytes: Int
    private var continuation: CheckedContinuation<HTTPResponse, Error>?
    private var body = Data()
    private var response: HTTPURLResponse?
    private var done = false
    var task: URLSessionTask?

    init(maxBytes: Int) { self.maxBytes = maxBytes }

    func start(_ continuation: CheckedContinuation<HTTPResponse, Error>) {
        lock.lock()
        self.continuation = continuation
        lock.unlock()
    }

    func finish(_ result: Result<HTTPResponse, Error>) {
        lock.lock()
        guard !done, let continuation else { lock.unlock(); return }
        done = true
        self.continuation = nil
        body = Data() // release what was read; the outcome carries its own copy
        let task = self.task
        lock.unlock()
        task?.cancel()
        continuation.resume(with: result)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            finish(.failure(TransportError(.connection, "not an HTTP response")))
            return
        }
        let encoding = http.value(forHTTPHeaderField: "Content-Encoding")?.lowercased() ?? "identity"
        let compressed = encoding != "identity" && encoding == URLSessionTransport.compression
        if encoding != "identity" && !compressed {
            completionHandler(.cancel)
            finish(.failure(TransportError(.encoding, URLSessionTransport.compression == nil
                ? "Content-Encoding \(encoding) although identity was asked for (a compressed body could inflate without bound)"
                : "Content-Encoding \(encoding); only gzip and identity are accepted")))
            return
        }
        // A gzip body's Content-Length counts its compressed bytes: at most a little over the inflated limit.
        let declared = (http.value(forHTTPHeaderField: "Content-Length").flatMap { Int64($0) }) ?? http.expectedContentLength
        if declared > Int64(compressed ? maxBytes + maxBytes / 8192 + 64 : maxBytes) {
            completionHandler(.cancel)
            finish(.failure(TransportError(.tooLarge, "Content-Length \(declared) exceeds \(maxBytes) bytes")))
            return
        }
        lock.lock()
        self.response = http
        lock.unlock()
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        // After the outcome is decided nothing more is kept, however much the server still sends.
        guard !done else { lock.unlock(); return }
        let tooLarge = body.count + data.count > maxBytes
        if !tooLarge { body.append(data) }
        lock.unlock()
        if tooLarge { finish(.failure(TransportError(.tooLarge, "more than \(maxBytes) bytes"))) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error = error as? URLError {
            let kind: TransportError.Kind = switch error.code {
            case .timedOut: .timeout
            case .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost: .offline
            default: .connection
            }
            finish(.failure(TransportError(kind, error.localizedDescription)))
            return
        }
        if let error {
            finish(.failure(TransportError(.connection, error.localizedDescription)))
            return
        }
        lock.lock()
        let response = self.response, body = self.body
        lock.unlock()
        guard let response else {
            finish(.failure(TransportError(.connection, "no response")))
            return
        }
        var headers: [String: String] = [:]
        for (key, value) in response.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        // A gzip body's Content-Length counts its compressed bytes (URLSession checks that framing).
        if headers["content-encoding"] == nil || headers["content-encoding"]?.lowercased() == "identity",
           let length = headers["content-length"].flatMap(Int.init), length != body.count {
            finish(.failure(TransportError(.connection, "body ended after \(body.count) of \(length) bytes")))
            return
        }
        finish(.success(HTTPResponse(status: response.statusCode, headers: headers, body: body)))
    }
}
