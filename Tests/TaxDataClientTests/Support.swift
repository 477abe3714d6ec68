import Foundation
import Logging
import TaxDataClient
import TaxDataCompiler
import TaxDataCore
import TaxDataCrypto
@_exported import TaxDataTestSupport

/// An in-memory server: path → response or error. Enforces `maxBytes` like the real transport,
/// and records every request.
final class MemoryTransport: HTTPTransport, @unchecked Sendable {
    enum Answer { case response(HTTPResponse), failure(TransportError) }
    private let lock = NSLock()
    private var answers: [String: Answer] = [:]
    private(set) var requests: [HTTPRequest] = []
    var fallback: Answer = .response(HTTPResponse(status: 404))

    func serve(_ path: String, _ answer: Answer) { lock.lock(); answers[path] = answer; lock.unlock() }

    /// Serves a whole year's files under `/<year>/`, with an ETag per file: its SHA-256, as
    /// `taxdata serve` makes it (`Data.hashValue` reads only the first bytes, so two manifests that
    /// begin alike had one ETag and the second was answered 304).
    func serve(year: Int, files: [String: Data]) { serve(directory: String(year), files: files) }

    /// Serves a year's app form (`appBundleFiles`) under `/<year>/app/`.
    func serve(appForm year: Int, files: [String: Data]) { serve(directory: "\(year)/\(BundleLayout.appDirectory)", files: files) }

    func serve(directory: String, files: [String: Data]) {
        for (name, bytes) in files {
            let etag = "\"sha256-\((try? PortableCrypto().sha256Hex(bytes)) ?? "\(bytes.count)")\""
            serve("/\(directory)/\(name)", .response(HTTPResponse(status: 200, headers: ["ETag": etag], body: bytes)))
        }
    }

    func failAll(_ error: TransportError) { lock.lock(); answers = [:]; fallback = .failure(error); lock.unlock() }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let answer = lock.withLock { () -> Answer in
            requests.append(request)
            return answers[request.url.path] ?? fallback
        }
        switch answer {
        case .failure(let error): throw error
        case .response(let response):
            if response.body.count > request.maxBytes { throw TransportError(.tooLarge, "more than \(request.maxBytes) bytes") }
            if let etag = response.headers["etag"], request.headers["If-None-Match"] == etag { return HTTPResponse(status: 304, headers: response.headers) }
            return response
        }
    }
}

/// A store in memory; `failWrites` makes every write throw (an unwritable cache directory).
final class MemoryStore: BundleStore, @unchecked Sendable {
    private let lock = NSLock()
    var yearsStored: [Int: [String: Data]] = [:]
    var state: Data?
    var failWrites = false

    func years() throws -> [Int] { lock.lock(); defer { lock.unlock() }; return yearsStored.keys.sorted() }
    func load(year: Int) throws -> [String: Data]? { lock.lock(); defer { lock.unlock() }; return yearsStored[year] }
    func save(year: Int, files: [String: Data]) throws {
        lock.lock(); defer { lock.unlock() }
        if failWrites { throw StoreError("read-only cache") }
        yearsStored[year] = files
    }
    func remove(year: Int) throws { lock.lock(); yearsStored[year] = nil; lock.unlock() }
    func loadState() throws -> Data? { lock.lock(); defer { lock.unlock() }; return state }
    func saveState(_ data: Data) throws {
        lock.lock(); defer { lock.unlock() }
        if failWrites { throw StoreError("read-only cache") }
        state = data
    }
    func reset() throws { lock.lock(); yearsStored = [:]; state = nil; lock.unlock() }
    func prepare() throws -> String? { nil }
}

/// Rewrites the manifest so it agrees with edited files (a server that re-hashes what it serves).
func rehash(_ files: inout [String: Data]) throws {
    var manifest = try CanonicalJSON.decode(Manifest.self, from: files[BundleLayout.manifestName]!)
    for name in manifest.checksums.keys {
        manifest.checksums[name] = Manifest.checksum(try SHA256.hexDigest(files[name]!))
        manifest.sizes[name] = files[name]!.count
    }
    files[BundleLayout.manifestName] = try CanonicalJSON.encode(manifest)
}

let base = URL(string: "https://tax.example/")!

func provider(_ transport: MemoryTransport, _ store: any BundleStore, clock: TestClock = TestClock("2026-03-01T12:00:00Z"),
              keys: [Ed25519PublicKey] = [], year: Int? = nil) throws -> TaxDataProvider {
    try TaxDataProvider(configuration: .init(baseURL: base, taxYear: year, trustedKeys: keys, useVersionEndpoint: false),
                        transport: transport, store: store, clock: clock, embedded: embedded, logger: quietLogger)
}


/// A dist's `index.json` (and `index.json.sig` when keys are given) listing the manifests of
/// `years`, as `taxdata build --sign-key` or `taxdata sign` writes it: with `issuedAt`, valid
/// for `days`; without `issuedAt`, an index signed before schema 1.8.
func indexFiles(_ years: [Int: [String: Data]], issuedAt: String? = nil, days: Int = 30,
                signedBy keys: [Ed25519PrivateKey] = []) throws -> [String: Data] {
    var entries: [BundleIndex.Entry] = []
    for year in years.keys.sorted() {
        let manifestBytes = years[year]![BundleLayout.manifestName]!
        let manifest = try CanonicalJSON.decode(Manifest.self, from: manifestBytes)
        entries.append(.init(taxYear: year, version: manifest.version, status: manifest.status, manifest: "\(year)/manifest.json",
                             manifestChecksum: Manifest.checksum(try SHA256.hexDigest(manifestBytes)), manifestSize: manifestBytes.count))
    }
    let index = BundleIndex(schemaVersion: .current, years: entries)
    let validity = issuedAt.map { IndexValidity(issuedAt: Timestamp($0)!, days: days) }
    guard !keys.isEmpty else { return [BundleLayout.indexName: try CanonicalJSON.encode(validity.map { $0.stamped(index) } ?? index)] }
    let files = try BundleBuilder.signedIndex(index, validity: validity, keys: keys)
    return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
}

extension MemoryTransport {
    /// Serves `index.json` (and its signature, when there is one) at the dist root.
    func serve(index files: [String: Data]) {
        for (name, bytes) in files {
            let etag = "\"sha256-\((try? PortableCrypto().sha256Hex(bytes)) ?? "\(bytes.count)")\""
            serve("/\(name)", .response(HTTPResponse(status: 200, headers: ["ETag": etag], body: bytes)))
        }
    }

    /// Serves one publication: the year's files and an index signed by `keys` that lists them.
    func publish(year: Int = 2026, files: [String: Data], issuedAt: String?, days: Int = 30, signedBy keys: [Ed25519PrivateKey]) throws {
        serve(year: year, files: files)
        serve(index: try indexFiles([year: files], issuedAt: issuedAt, days: days, signedBy: keys))
    }
}
