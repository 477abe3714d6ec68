import Foundation

extension TaxDataProvider {
    /// A provider for an app with no server: the tax data embedded in `TaxDataClient`, verified
    /// once, and nothing fetched or written. Lookups answer at once; `refresh()` and
    /// `refreshIfNeeded()` return the status without touching the network.
    ///
    ///     let provider = try TaxDataProvider.embeddedOnly()
    ///     let data = try await provider.data(exactly: 2026)
    ///
    /// - Parameter taxYear: the year lookups use by default (nil: the device clock's calendar year).
    /// - Throws: `ProviderError` `.noValidEmbeddedData` when the package's embedded data does not
    ///   verify (a packaging error), or the error reading the package's resources.
    public static func embeddedOnly(taxYear: Int? = nil) throws -> TaxDataProvider {
        try TaxDataProvider(configuration: Configuration(baseURL: nil, taxYear: taxYear),
                            transport: NoNetwork(), store: NothingStored(), embedded: EmbeddedBundles.packaged())
    }
}

/// The transport of a provider with no server: never called (there is no base URL), and offline if it were.
struct NoNetwork: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw TransportError(.offline, "this provider has no server (TaxDataProvider.embeddedOnly)")
    }
}

/// The store of a provider with no server: nothing is kept, nothing is written.
struct NothingStored: BundleStore {
    func years() throws -> [Int] { [] }
    func load(year: Int) throws -> [String: Data]? { nil }
    func save(year: Int, files: [String: Data]) throws {}
    func remove(year: Int) throws {}
    func loadState() throws -> Data? { nil }
    func saveState(_ data: Data) throws {}
    func reset() throws {}
    func prepare() throws -> String? { nil }
}
