import Hummingbird
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
final class HeaderDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private var deadline: Scheduled<Void>?

    init(timeout: TimeAmount) { self.timeout = timeout }

    func handlerAdded(context: ChannelHandlerContext) { arm(context) }

    func handlerRemoved(context: ChannelHandlerContext) { deadline?.cancel() }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { deadline?.cancel(); deadline = nil }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { arm(context) } // the next request's head must come in time too
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }
}
