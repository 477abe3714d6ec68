import Foundation
import TaxDataClient
import TaxDataCompiler
import TaxDataCore

/// The coverage-guided fuzz targets (`make fuzz`), as plain functions so that a normal test can
/// replay every saved input in process. Each takes arbitrary bytes and must neither crash, hang
/// nor exhaust memory; what it returns does not matter.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The YAML source reader and compiler: the bytes are one state file of a year.
    case sources
    /// The bundle verifier: the bytes are a manifest and a document, split at the first NUL.
    case bundle
    /// The client's cache: the bytes are its state file and one cached year's manifest.
    case client
    /// The embedded documents' form (`SharedSubtrees`): the bytes are expanded, and shared then
    /// expanded again, which must give them back.
    case embedded

    /// Runs one input from synchronous code (libFuzzer's callback, the replay executable): the
    /// client target waits on a semaphore for its task. Never call it from a task; use `replay`.
    public func run(_ data: Data) {
        switch self {
        case .sources: Self.sources(data)
        case .bundle: Self.bundle(data)
        case .embedded: Self.sharedSubtrees(data)
        case .client:
            let semaphore = DispatchSemaphore(value: 0)
            Task {
                await Self.client(data)
                semaphore.signal()
            }
            semaphore.wait()
        }
    }

    /// Runs one input from a task (the corpus replay test). The client target is awaited, so no
    /// thread of the cooperative pool is blocked while it runs.
    public func replay(_ data: Data) async {
        switch self {
        case .sources: Self.sources(data)
        case .bundle: Self.bundle(data)
        case .embedded: Self.sharedSubtrees(data)
        case .client: await Self.client(data)
        }
    }

    static let year = SourceFile(relativePath: "2024/year.yaml", contents: """
        taxYear: 2024
        version: 2024.1.0
        schemaVersion: "1.2"
        effectiveDate: 2024-01-01
        expirationDate: 2024-12-31
        status: draft

        """)

    static func sources(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        let files = [year, SourceFile(relativePath: "2024/states/CA.yaml", contents: text),
                     SourceFile(relativePath: "2024/federal.yaml", contents: text)]
        _ = TreeCompiler.compile(files)
    }

    static func sharedSubtrees(_ data: Data) {
        _ = try? SharedSubtrees.expand(data, limit: 1 << 20)
        // Whatever shares must expand to exactly what it was made from.
        if let shared = try? SharedSubtrees.share(data), (try? SharedSubtrees.expand(shared, limit: data.count)) != data {
            fatalError("SharedSubtrees: a shared form did not expand to its document")
        }
    }

    static func bundle(_ data: Data) {
        let bytes = [UInt8](data)
        let split = bytes.firstIndex(of: 0) ?? bytes.count
        let manifest = Data(bytes[..<split])
        let document = split < bytes.count ? Data(bytes[(split + 1)...]) : Data()
        let names = ["federal_2024.json", "fica_2024.json", "states_2024.json", "retirement_2024.json", "combined_2024.json"]
        var files: [String: Data] = [:]
        for name in names { files[name] = document }
        _ = BundleVerifier().verify(manifestBytes: manifest, files: files, now: ISODate("2024-06-01"))
        _ = BundleVerifier().verifyManifest(manifest, signature: document, maxFileBytes: 1 << 20)
    }

    /// One embedded year, loaded once (the provider verifies it on every run; one year keeps that cheap).
    nonisolated(unsafe) static var embeddedYear: EmbeddedBundles? = (try? EmbeddedBundles.packaged())
        .flatMap { all in all.years[2024].map { EmbeddedBundles(years: [2024: $0]) } }

    static func client(_ data: Data) async {
        guard let embedded = embeddedYear else { return }
        let bytes = [UInt8](data)
        let split = bytes.firstIndex(of: 0) ?? bytes.count
        let store = FuzzStore(state: Data(bytes[..<split]),
                              manifest: split < bytes.count ? Data(bytes[(split + 1)...]) : Data())
        if let provider = try? TaxDataProvider(configuration: .init(baseURL: nil, taxYear: 2024), transport: NoNetwork(),
                                               store: store, clock: FuzzClock(), embedded: embedded) {
            _ = await provider.load()
        }
    }
}

/// A cache holding the fuzzed state and one year whose manifest is the fuzzed bytes.
final class FuzzStore: BundleStore, @unchecked Sendable {
    let state: Data, manifest: Data
    init(state: Data, manifest: Data) { self.state = state; self.manifest = manifest }
    func years() throws -> [Int] { [2024] }
    func load(year: Int) throws -> [String: Data]? { ["manifest.json": manifest, "manifest.json.sig": state] }
    func save(year: Int, files: [String: Data]) throws {}
    func remove(year: Int) throws {}
    func loadState() throws -> Data? { state }
    func saveState(_ data: Data) throws {}
    func reset() throws {}
    func prepare() throws -> String? { nil }
}

struct NoNetwork: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse { throw TransportError(.offline, "fuzzing") }
}

struct FuzzClock: TaxDataClock {
    func now() -> Date { Date(timeIntervalSince1970: 1_772_366_400) } // 2026-03-01
}
