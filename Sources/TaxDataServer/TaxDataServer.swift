import CompressNIO
import Foundation
import Hummingbird
import NIOCore
import Logging
import TaxDataCore
import TaxDataCrypto

/// The remote API over a dist directory (see `docs/bundle-contract.md`, `docs/contract/openapi.yaml`), serving the
/// same paths a static host would, plus the contract's two endpoints:
///
///     GET /index.json[.sig]                       the years and their manifests
///     GET /{year}/manifest.json[.sig], /{year}/{file}   the bundle files
///     GET /{year}/sha256/{hex}                    a bundle file by its checksum (immutable)
///     GET /v1/tax-data/{year}                     the combined document
///     GET /v1/tax-data/{year}/version?current=V   hasUpdate, latestVersion, isRequired, changeLog
///     GET /tuf/metadata/{name}, /tuf/targets/…    a TUF repository beside the dist (`tuf`), when given
///
/// Responses carry a strong ETag from the content's SHA-256 and honour If-None-Match (304).
/// Files are read from disk on every request: publishing a new dist needs no restart.
public struct TaxDataServer: Sendable {
    public let dist: DistDirectory
    public let faults: FaultPlan
    /// A TUF repository (`taxdata tuf`) served under `/tuf/`, or nil.
    public let tuf: DistDirectory?
    /// How long the `slow` fault waits.
    public var slowSeconds: Double
    /// How long a client may take to send a request's head (default `headerTimeout`).
    public var headerDeadline: TimeAmount

    /// `slowSeconds` outside 0…3600 (or not finite) is clamped there; `taxdata serve` refuses it.
    public init(dist: DistDirectory, tuf: DistDirectory? = nil, faults: FaultPlan = FaultPlan(), slowSeconds: Double = 30,
                headerDeadline: TimeAmount = TaxDataServer.headerTimeout) {
        self.dist = dist
        self.tuf = tuf
        self.faults = faults
        self.slowSeconds = slowSeconds
        self.headerDeadline = headerDeadline
    }

    /// The longest the `slow` fault may wait.
    public static let maxSlowSeconds: Double = 3600

    static func validSlowSeconds(_ value: Double) -> Double {
        value.isFinite ? min(max(value, 0), maxSlowSeconds) : 0
    }

    /// How long a client may take to send a request's head, and how long a connection may sit idle.
    public static let headerTimeout = TimeAmount.seconds(10)
    public static let idleTimeout = TimeAmount.seconds(30)

    /// Short-lived: manifests, signatures, the index, the version endpoint and the combined
    /// document change when a new version is published under the same URL.
    static let shortCache = "public, max-age=60, must-revalidate"
    /// Bundle files under their names can change with a new version: revalidate by ETag.
    static let revalidate = "public, no-cache"
    /// Content addressed by its SHA-256 never changes under its URL.
    static let immutable = "public, max-age=31536000, immutable"

    /// The routes, each with its typed parameters; faults and conditional GET are middleware
    /// around them (`FaultMiddleware`, `ConditionalGetMiddleware`), HEAD answers like GET without a body.
    public func buildRouter() -> Router<ServeContext> {
        let router = Router(context: ServeContext.self)
        router.add(middleware: LogRequestsMiddleware(.info))
        router.add(middleware: MethodsMiddleware())
        router.get("/") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: Self.about)))
        }
        // The fault is chosen first, so the conditional GET inside it knows not to 304 a faulty answer.
        let api = router.group()
            .add(middleware: FaultMiddleware(plan: faults, slowSeconds: Self.validSlowSeconds(slowSeconds)))
            .add(middleware: ConditionalGetMiddleware())
        let server = self
        func route(_ path: RouterPath, _ content: @escaping @Sendable (Request, ServeContext) throws -> Content?) {
            let handler: @Sendable (Request, ServeContext) async throws -> Response = { request, context in
                guard let found = try content(request, context) else { return Response(status: .notFound) }
                return server.response(found, fault: context.fault, gzip: Self.acceptsGzip(request.headers[.acceptEncoding]))
            }
            api.get(path, use: handler)
            api.head(path) { request, context in
                let full = try await handler(request, context)
                return Response(status: full.status, headers: full.headers, body: ResponseBody())
            }
        }
        for name in [BundleLayout.indexName, BundleLayout.indexSignatureName] {
            route(RouterPath("/\(name)")) { _, _ in server.dist.file(name).map { Content(bytes: $0, cacheControl: Self.shortCache) } }
        }
        for form in [BundleForm.parts, .app, .local, .vectors] {
            let path = switch form {
            case .parts: "/{year}/{name}"
            case .app: "/{year}/\(BundleLayout.appDirectory)/{name}"
            case .local: "/{year}/\(BundleLayout.localDirectory)/{name}"
            case .vectors: "/{year}/\(BundleLayout.vectorsDirectory)/{name}"
            }
            route(RouterPath(path)) { _, context in
                guard let year = Self.year(context), let name = context.parameters.get("name") else { return nil }
                let short = name == BundleLayout.manifestName || name == BundleLayout.signatureName
                return try server.bundleFile(year: year, form: form, name: name, fault: context.fault)
                    .map { Content(bytes: $0, cacheControl: short ? Self.shortCache : Self.revalidate) }
            }
        }
        if let tuf {
            // TUF metadata: timestamp.json changes in place (short cache); versioned files and
            // targets by their hashed names never change under their URL.
            route("/tuf/metadata/{name}") { _, context in
                guard let name = context.parameters.get("name"), let limit = Self.tufMetadataLimit(name),
                      let bytes = tuf.read("metadata/\(name)", limit: limit) else { return nil }
                return Content(bytes: bytes, cacheControl: name == "timestamp.json" ? Self.shortCache : Self.immutable)
            }
            for path in ["/tuf/targets/{a}/{b}", "/tuf/targets/{a}/{b}/{c}"] {
                route(RouterPath(path)) { _, context in
                    let parts = ["a", "b", "c"].compactMap { context.parameters.get($0) }
                    guard parts.allSatisfy(Self.isPlainName), let bytes = tuf.read("targets/" + parts.joined(separator: "/"), limit: BundleLimits.maxDocumentBytes)
                    else { return nil }
                    return Content(bytes: bytes, cacheControl: Self.immutable)
                }
            }
        }
        route("/{year}/sha256/{hex}") { _, context in
            guard let year = Self.year(context), let hex = context.parameters.get("hex") else { return nil }
            return server.contentAddressed(year: year, hex: hex)
        }
        route("/v1/tax-data/{year}") { _, context in
            guard let year = Self.year(context) else { return nil }
            return try server.bundleFile(year: year, form: .parts, name: BundleLayout(year: year).combined, fault: context.fault)
                .map { Content(bytes: $0, cacheControl: Self.shortCache) }
        }
        route("/v1/tax-data/{year}/version") { request, context in
            guard let year = Self.year(context) else { return nil }
            return try server.versionAnswer(year: year, current: request.uri.queryParameters.get("current"), fault: context.fault)
                .map { Content(bytes: $0, cacheControl: Self.shortCache) }
        }
        return router
    }

    /// The most bytes served of a TUF metadata file (python-tuf's bounds), or nil for a name that is
    /// not one: `N.root.json`, `N.snapshot.json`, `N.targets.json` or `timestamp.json`.
    static func tufMetadataLimit(_ name: String) -> Int? {
        if name == "timestamp.json" { return TUFRole.timestamp.maxBytes }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2] == "json", let version = Int(parts[0]), version >= 1, String(version) == parts[0],
              let role = TUFRole(rawValue: String(parts[1])), role != .timestamp else { return nil }
        return role.maxBytes
    }

    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && name.allSatisfy { $0.isASCII && !$0.isWhitespace }
    }

    /// The `{year}` parameter: four digits, written as the year is (`02026` or `+2026` is no year).
    static func year(_ context: ServeContext) -> Int? {
        guard let text = context.parameters.get("year"), text.count == 4, text.allSatisfy(\.isASCII),
              let year = Int(text), String(year) == text else { return nil }
        return year
    }

    /// Runs the server until the task is cancelled; `onRunning` receives the bound port. Throws a
    /// `ServeError` naming the address when it cannot listen there (a port in use, say).
    public func run(host: String, port: Int, logger: Logger, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let app = Application(
            router: buildRouter(),
            server: TaxDataHTTPChannel.builder(headerDeadline: headerDeadline, idleTimeout: Self.idleTimeout),
            configuration: .init(address: .hostname(host, port: port), serverName: "taxdata"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
        do {
            try await app.runService()
        } catch {
            throw ServeError.wrapping(error, host: host, port: port)
        }
    }

    /// What a path resolves to before any fault.
    struct Content {
        var bytes: Data
        var contentType = "application/json"
        var cacheControl: String
    }

    /// Whether an `Accept-Encoding` header accepts gzip (RFC 9110 12.5.3: `gzip` or `*`, with a
    /// nonzero quality).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var gzip: Bool?, any: Bool?
        for item in header.lowercased().split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if parts.first == "gzip" || parts.first == "x-gzip" { gzip = quality > 0 }
            if parts.first == "*" { any = quality > 0 }
        }
        return gzip ?? any ?? false
    }

    /// Bodies smaller than this are sent as they are: gzip would save little.
    static let gzipThreshold = 1024

    /// `bytes` gzip-compressed (zlib, level 6).
    static func gzip(_ bytes: Data) -> Data? {
        var buffer = ByteBuffer(data: bytes)
        return (try? buffer.compress(with: .gzip(configuration: .init(compressionLevel: .compressionLevel6)))).map { Data(buffer: $0) }
    }

    /// 16 MiB of zeros, gzip-compressed (about 16 KB): the `gzip-bomb` fault's body.
    static let bomb: Data = gzip(Data(count: 16 << 20)) ?? Data()

    /// The response for `content`, with the byte-level faults applied (the request-level ones are
    /// `FaultMiddleware`'s, the bundle-level ones `bundleFile`'s; 304 is `ConditionalGetMiddleware`'s).
    /// When the request accepts gzip (`gzip`), a body of `gzipThreshold` bytes or more is sent
    /// gzip-compressed, with its own strong ETag (`"sha256-<hex of the file>-gzip"`), and every
    /// answer that could be compressed says `Vary: Accept-Encoding`.
    func response(_ content: Content, fault: FaultMode?, gzip acceptsGzip: Bool = false) -> Response {
        var headers: HTTPFields = [.contentType: content.contentType, .cacheControl: content.cacheControl,
                                   .eTag: DistDirectory.etag(content.bytes)]
        var bytes = content.bytes
        if content.bytes.count >= Self.gzipThreshold { headers[.vary] = "Accept-Encoding" }
        switch fault {
        case .truncate:
            bytes = bytes.prefix(bytes.count / 2)
        case .corrupt:
            for index in stride(from: bytes.count / 3, to: bytes.count, by: max(1, bytes.count / 7)) { bytes[index] ^= 0x5A }
        case .garbage:
            bytes = Data("<html><body>Service temporarily unavailable</body></html>\n".utf8)
        case .wrongContentType:
            headers[.contentType] = "text/html; charset=utf-8"
        case .drop:
            let half = ByteBuffer(data: bytes.prefix(bytes.count / 2))
            headers[.contentLength] = String(bytes.count)
            return Response(status: .ok, headers: headers, body: ResponseBody(contentLength: bytes.count) { writer in
                try await writer.write(half)
                throw FaultError("connection dropped on purpose")
            })
        case .endless:
            headers[.contentType] = "application/json"
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                let chunk = ByteBuffer(repeating: UInt8(ascii: " "), count: 64 << 10)
                try await writer.write(ByteBuffer(string: "{\"endless\": \""))
                // Bounded so it stops by itself: 4 GiB, or until the client hangs up.
                for _ in 0..<65_536 { try await writer.write(chunk) }
                try await writer.finish(nil)
            })
        case .gzipBomb:
            headers[.contentEncoding] = "gzip"
            bytes = Self.bomb
        case .gzipMismatch:
            var other = content.bytes
            if !other.isEmpty { other[other.count / 2] ^= 0x20 }
            headers[.contentEncoding] = "gzip"
            bytes = Self.gzip(other) ?? other
        default:
            if acceptsGzip, bytes.count >= Self.gzipThreshold, let packed = Self.gzip(bytes) {
                headers[.contentEncoding] = "gzip"
                headers[.eTag] = String(DistDirectory.etag(content.bytes).dropLast()) + "-gzip\""
                bytes = packed
            }
        }
        headers[.contentLength] = String(bytes.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(data: bytes)))
    }

    /// RFC 9110 13.1.2: If-None-Match uses the weak comparison (`W/"x"` matches `"x"`), and `*`
    /// matches any current representation.
    static func matches(ifNoneMatch header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }

    /// A bundle file by its checksum: the manifest maps the checksum to a name; only that one file
    /// is read and hashed (the bytes must be the ones named, or an `immutable` answer would pin
    /// wrong content).
    func contentAddressed(year: Int, hex: String) -> Content? {
        let wanted = "sha256:" + hex
        for form in [BundleForm.parts, .app] {
            guard let manifest = dist.manifest(year, form: form),
                  let name = manifest.checksums.first(where: { $0.value == wanted })?.key else { continue }
            guard let bytes = dist.file("\(DistDirectory.directory(year, form: form))/\(name)"),
                  (try? Manifest.checksum(SHA256.hexDigest(bytes))) == wanted else { return nil }
            return Content(bytes: bytes, cacheControl: Self.immutable)
        }
        return nil
    }

    /// A file of a year's form, from disk or from the year rewritten by a bundle-level fault.
    func bundleFile(year: Int, form: BundleForm, name: String, fault: FaultMode?) throws -> Data? {
        let path = "\(DistDirectory.directory(year, form: form))/\(name)"
        switch fault {
        case .badChecksum where name == BundleLayout.manifestName:
            guard let bytes = dist.file(path) else { return nil }
            var manifest = try CanonicalJSON.decode(Manifest.self, from: bytes)
            guard let first = manifest.files.federal ?? manifest.files.app else { return bytes }
            manifest.checksums[first] = Manifest.checksum(try SHA256.hexDigest(Data("a lie".utf8)))
            return try CanonicalJSON.encode(manifest)
        case .invalidData, .rollback, .expired:
            guard var (data, _) = dist.yearData(year) else { return nil }
            switch fault {
            case .invalidData:
                var brackets = data.federal.brackets
                if var single = brackets[.single], single.count > 1 {
                    single[1].floor += 1000 // a gap between bracket 0 and 1
                    brackets = StatusTable(written: brackets.written.merging([.single: single]) { $1 }, aliases: brackets.aliases)
                }
                data.federal.brackets = brackets
            case .rollback:
                data.meta.version = DataVersion("\(year).0.0")!
            default:
                data.meta.effectiveDate = "\(year)-01-01"
                data.meta.expirationDate = "\(year)-01-02"
            }
            let (files, _) = try form == .app ? BundleBuilder.buildApp(data) : BundleBuilder.build(data)
            return files.first { $0.path == name }?.contents
        default:
            return dist.file(path)
        }
    }

    func versionAnswer(year: Int, current: String?, fault: FaultMode?) throws -> Data? {
        guard let manifestBytes = try bundleFile(year: year, form: .parts, name: BundleLayout.manifestName, fault: fault) else { return nil }
        let manifest = try CanonicalJSON.decode(Manifest.self, from: manifestBytes)
        return try CanonicalJSON.encode(VersionAnswer(current: current.flatMap { DataVersion(String($0)) }, latest: manifest.version,
                                                   changeLog: manifest.changes))
    }
}
