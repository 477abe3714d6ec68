import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

extension TaxDataServer {
    /// What `GET /` says.
    static let about = """
    taxdata: US tax data bundles (federal, FICA, retirement, 50 states and DC).
    GET /index.json                              the years and their manifests
    GET /{year}/manifest.json[.sig], /{year}/{file}  the bundle files
    GET /{year}/sha256/{hex}                     a bundle file by its checksum
    GET /v1/tax-data/{year}                      the combined document
    GET /v1/tax-data/{year}/version?current=V    whether V is the latest version

    """
}

/// The request context of `taxdata serve`: Hummingbird's, plus the fault chosen for the request.
public struct ServeContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `FaultMiddleware`; read by the handlers (bundle-level and byte-level faults) and by
    /// `ConditionalGetMiddleware` (a faulty answer is never a 304).
    public var fault: FaultMode?
    public init(source: Source) {
        coreContext = .init(source: source)
        fault = nil
    }
}

/// `--fault`: picks the fault for each API request (`FaultPlan`); answers the request-level ones
/// itself (`slow` waits first, `500`, `404`) and leaves the others to the handler in the context.
struct FaultMiddleware: RouterMiddleware {
    let plan: FaultPlan
    let slowSeconds: Double
    func handle(_ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response) async throws -> Response {
        let fault = plan.fault(for: request.uri.path)
        if fault == .slow { try await Task.sleep(nanoseconds: UInt64(slowSeconds * 1_000_000_000)) }
        switch fault {
        case .http500: return Response(status: .internalServerError)
        case .notFound: return Response(status: .notFound)
        default: break
        }
        var context = context
        context.fault = fault
        return try await next(request, context)
    }
}

/// Conditional GET (RFC 9110 13.1.2): a 200 whose strong ETag matches `If-None-Match` becomes a
/// 304 with the same headers and no body. Never for a faulty answer.
struct ConditionalGetMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response) async throws -> Response {
        let response = try await next(request, context)
        guard response.status == .ok, context.fault == nil, let etag = response.headers[.eTag],
              let match = request.headers[.ifNoneMatch], TaxDataServer.matches(ifNoneMatch: match, etag: etag) else { return response }
        var headers = response.headers
        headers[.contentLength] = nil
        return Response(status: .notModified, headers: headers)
    }
}

/// Only GET and HEAD exist here: any other method is answered 405 with `Allow`.
struct MethodsMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
        }
        return try await next(request, context)
    }
}

/// Closes a connection whose request head has not arrived within `timeout` of the connection
/// opening or of the previous response (a slowloris client that trickles header bytes, or opens
/// connections and sends nothing). The idle timeout alone would be reset by every trickled byte.
/// Also closes the connection once a response is written to a request that said
/// `Connection: close` (HTTP/1.0 requests are marked so by `HTTP10CloseHandler`).
final class HeaderDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private var deadline: Scheduled<Void>?
    private var closeAfterResponse = false

    init(timeout: TimeAmount) { self.timeout = timeout }

    func handlerAdded(context: ChannelHandlerContext) { arm(context) }

    func handlerRemoved(context: ChannelHandlerContext) { deadline?.cancel() }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data) {
            deadline?.cancel()
            deadline = nil
            closeAfterResponse = head.headerFields[.connection]?.lowercased() == "close"
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        if closeAfterResponse {
            let channel = context.channel
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.whenComplete { _ in channel.close(promise: nil) }
            written.futureResult.cascade(to: promise)
            context.writeAndFlush(data, promise: written)
        } else {
            arm(context) // the next request's head must come in time too
            context.write(data, promise: promise)
        }
    }

    private func arm(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }
}

/// HTTP/1.0 closes a connection after the response unless the request asks for keep-alive. The
/// server's pipeline forgets the request's version once it is decoded, so this handler, first in
/// the pipeline, marks such a request with `Connection: close` (which the server honours) before
/// decoding. It looks at the first request of a connection only: that one decides for HTTP/1.0.
final class HTTP10CloseHandler: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Forward first, then step out of the pipeline (a removed handler's context forwards nothing).
        context.fireChannelRead(rewrite(unwrapInboundIn(data), context: context).map { wrapInboundOut($0) } ?? data)
        context.pipeline.syncOperations.removeHandler(self, promise: nil)
    }

    /// The request with `Connection: close` added after its request line, when it is an HTTP/1.0
    /// request that does not ask for keep-alive; nil to pass it on unchanged.
    private func rewrite(_ buffer: ByteBuffer, context: ChannelHandlerContext) -> ByteBuffer? {
        var buffer = buffer
        let bytes = buffer.readableBytesView
        guard let lineEnd = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: bytes[bytes.startIndex..<lineEnd], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let head = String(decoding: bytes, as: UTF8.self).lowercased()
        guard line.hasSuffix(" HTTP/1.0"), !head.contains("\nconnection: keep-alive") else { return nil }
        var rewritten = context.channel.allocator.buffer(capacity: buffer.readableBytes + 19)
        let split = bytes.distance(from: bytes.startIndex, to: lineEnd) + 1
        rewritten.writeBytes(buffer.readBytes(length: split) ?? [])
        rewritten.writeString("Connection: close\r\n")
        rewritten.writeBuffer(&buffer)
        return rewritten
    }
}

/// The HTTP/1.1 server channel with `HTTP10CloseHandler` in front.
struct TaxDataHTTPChannel: ServerChildChannel {
    var inner: HTTP1Channel
    typealias Value = HTTP1Channel.Value

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(HTTP10CloseHandler(), position: .first)
        }.flatMap { inner.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }

    /// HTTP/1.1 with the header deadline, the idle timeout and HTTP/1.0 connection handling.
    static func builder(headerDeadline: TimeAmount, idleTimeout: TimeAmount) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            TaxDataHTTPChannel(inner: HTTP1Channel(
                responder: responder,
                configuration: .init(additionalChannelHandlers: [HeaderDeadlineHandler(timeout: headerDeadline)],
                                     idleTimeout: idleTimeout)))
        }
    }
}
