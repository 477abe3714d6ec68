import Foundation
import Logging
import TaxDataCore

/// The tax data an app computes with: a fresh remote bundle when there is one, else a valid
/// cache (even past its refresh time), else the bundle embedded in the app. Lookups always answer.
///
/// Every candidate is verified before it is used, from wherever it came: sizes, SHA-256, the
/// same rules as `taxdata check`, the schema major, the signature when keys are configured, and
/// a version no lower than the highest ever accepted for that year (remembered across launches).
/// With trusted keys, the signed `index.json` must list the manifest, and its expiry says whether
/// the data is still fresh (`TaxDataStatus.freshness`).
///
/// Creating a provider verifies the embedded bundles it is given; its only I/O is reading the small
/// persisted state, for the `VerificationMemo` tokens of bytes that already passed (so a launch
/// after the first only hashes the embedded files it verified before). `load()` reads and verifies
/// the cache; lookups, `status()` and the refresh methods call it on first use when the app has not.
public actor TaxDataProvider {
    public struct Configuration: Sendable {
        /// The dist root (where `index.json` and `<year>/manifest.json` are served); nil: offline only.
        public var baseURL: URL?
        /// The tax year to use; nil: the clock's calendar year.
        public var taxYear: Int?
        /// Trusted Ed25519 keys; when non-empty, remote and cached bundles must be signed by one.
        public var trustedKeys: [Ed25519PublicKey]
        /// Minimum time between two fetches (default 24 hours).
        public var minimumFetchInterval: TimeInterval
        /// How long a fetched bundle counts as fresh (default 7 days); older ones are still used if
        /// the server cannot be reached (stale-if-error), and make the next refresh due at once.
        /// With trusted keys, the signed index is fetched at least this often, whatever the version
        /// endpoint says.
        public var cacheValidity: TimeInterval
        /// Whole-request time limit, seconds.
        public var requestTimeout: TimeInterval
        /// Byte limit for any single response.
        public var maxResponseBytes: Int
        /// Ask `GET /v1/tax-data/{year}/version?current=V` first where the server offers it.
        public var useVersionEndpoint: Bool

        public init(baseURL: URL?, taxYear: Int? = nil, trustedKeys: [Ed25519PublicKey] = [],
                    minimumFetchInterval: TimeInterval = 24 * 3600, cacheValidity: TimeInterval = 7 * 24 * 3600,
                    requestTimeout: TimeInterval = 15, maxResponseBytes: Int = 8 << 20, useVersionEndpoint: Bool = true) {
            self.baseURL = baseURL
            self.taxYear = taxYear
            self.trustedKeys = trustedKeys
            self.minimumFetchInterval = minimumFetchInterval
            self.cacheValidity = cacheValidity
            self.requestTimeout = requestTimeout
            self.maxResponseBytes = maxResponseBytes
            self.useVersionEndpoint = useVersionEndpoint
        }
    }

    /// A verified bundle that can be used.
    struct Candidate: Sendable {
        var data: TaxYearData
        var source: DataSource
        var fetchedAt: Date?
        /// `sha256:<hex>` of its manifest's bytes: what a signed index lists when it is unchanged.
        var manifestChecksum: String?
    }

    let configuration: Configuration
    let transport: any HTTPTransport
    let store: any BundleStore
    let clock: any TaxDataClock
    let logger: Logger
    /// What is trusted and active: every decision is this value's; the actor does the I/O.
    var trusted: TrustedBundles
    var embedded: [Int: Candidate] { trusted.embedded }
    var cached: [Int: Candidate] {
        get { trusted.cached }
        set { trusted.cached = newValue }
    }
    var state: ClientState {
        get { trusted.state }
        set { trusted.state = newValue }
    }
    var rejections: [Rejection] = []
    var continuations: [UUID: AsyncStream<TaxDataStatus>.Continuation] = [:]
    var versionEndpointUnsupported = false
    /// Whether `load()` has read the cache.
    var loaded = false

    /// Verifies the embedded bundles, skipping the byte-only checks for bytes the persisted state
    /// remembers passing them (a state that cannot be read or decoded: every check runs), or that
    /// the build which verified them vouches for (`EmbeddedBundles.verified`). Throws
    /// only when no embedded year is valid (a packaging error the app's own tests should catch).
    /// Call `load()` next.
    public init(configuration: Configuration, transport: any HTTPTransport, store: any BundleStore,
                clock: any TaxDataClock = SystemClock(), embedded: EmbeddedBundles,
                logger: Logger = Logger(label: "taxdata.client")) throws {
        self.configuration = configuration
        self.transport = transport
        self.store = store
        self.clock = clock
        self.logger = logger
        let remembered = Set(ClientState.decode(try? store.loadState())?.verified ?? []).union(embedded.verified)
        let (embeddedCandidates, rejections, memos) = TrustedBundles.verifyEmbedded(embedded, remembered: remembered)
        guard !embeddedCandidates.isEmpty else {
            throw ProviderError(.noValidEmbeddedData, "no valid embedded tax data: \(rejections.map(\.description).joined(separator: "; "))")
        }
        self.trusted = TrustedBundles(embedded: embeddedCandidates, embeddedMemos: memos, policy: Self.policy(configuration))
        self.rejections = rejections
        for rejection in rejections { logger.warning("rejected \(rejection)") }
    }

    /// Reads the cache and the persisted state, verifies every cached year in full (bytes that fail
    /// are removed, to be fetched again) and rebuilds the rollback state from what the cache really
    /// holds. Once per provider: later calls only return the status. Never throws: a cache that
    /// cannot be read is a rejection (`cache.unreadable`), and lookups keep answering.
    @discardableResult
    public func load() -> TaxDataStatus {
        loadIfNeeded()
        return status()
    }

    /// The I/O of `load()`; `CacheContents` decides.
    func loadIfNeeded() {
        guard !loaded else { return }
        loaded = true
        var found: [Rejection] = []
        var stateBytes: Data?
        var stored: [Int: [String: Data]] = [:]
        do {
            if let discarded = try store.prepare() {
                found.append(Rejection(source: .cache, taxYear: nil, reason: .cacheFormat, detail: discarded))
            }
            stateBytes = try store.loadState()
            for year in try store.years() {
                if let files = try store.load(year: year) { stored[year] = files }
            }
        } catch {
            found.append(Rejection(source: .cache, taxYear: nil, reason: .cacheUnreadable, detail: "\(error)"))
        }
        let contents = CacheContents.decide(stateBytes: stateBytes, stored: stored, policy: Self.policy(configuration), now: clock.now())
        trusted.load(contents)
        // Bytes that fail verification are never trusted: discarded, to be fetched again.
        for year in contents.discarded { try? store.remove(year: year) }
        // Remember which bytes passed (`VerificationMemo`), embedded and cached, when that changed:
        // the next launch then skips the checks that depend only on those bytes. A state that
        // cannot be written only costs the next launch the full checks.
        if trusted.state.verified != ClientState.decode(stateBytes)?.verified {
            try? store.withExclusiveAccess {
                var onDisk = ClientState.decode(try store.loadState()) ?? ClientState()
                onDisk.merge(trusted.state)
                onDisk.verified = trusted.state.verified
                try store.saveState(try onDisk.encoded())
            }
        }
        found += contents.rejections
        rejections += found
        for rejection in found { logger.warning("rejected \(rejection)") }
    }

    // MARK: Lookups

    /// The tax year asked for: the configured one, or the clock's calendar year.
    public var requestedYear: Int {
        configuration.taxYear ?? Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: clock.now()).year!
    }

    /// The best candidate for `year`: remote/cache or embedded, whichever has the higher version
    /// (a cache at the same version wins); for a year with no data, the latest earlier year.
    func candidate(for year: Int) -> Candidate {
        loadIfNeeded()
        return trusted.active(for: year)
    }

    /// All data for a year (default: the requested year). For a year no source holds it answers
    /// with the nearest one it has — the latest earlier year, else the earliest — and
    /// `status(year:).outdatedMessage` says which; `data(exactly:)` throws instead.
    public func data(year: Int? = nil) -> TaxYearData {
        candidate(for: year ?? requestedYear).data
    }

    /// The data of exactly `year`, from whichever source holds it.
    /// - Throws: `ProviderError` `.yearUnavailable`, naming the years there are.
    public func data(exactly year: Int) throws -> TaxYearData {
        let found = candidate(for: year).data
        guard found.meta.taxYear == year else {
            throw ProviderError(.yearUnavailable, "no \(year) tax data; there is data for \(availableYears().map(String.init).joined(separator: ", "))")
        }
        return found
    }

    /// The tax years some source (cache or embedded) holds valid data for, ascending.
    public func availableYears() -> [Int] {
        loadIfNeeded()
        return Set(trusted.cached.keys).union(trusted.embedded.keys).sorted()
    }

    public func federalBrackets(for status: FilingStatus, year: Int? = nil) -> [Bracket] {
        data(year: year).federal.brackets[status] ?? []
    }

    public func standardDeduction(for status: FilingStatus, year: Int? = nil) -> Decimal? {
        data(year: year).federal.standardDeduction[status]
    }

    /// A state's configuration by USPS code; nil when the data has no such jurisdiction (yet).
    public func stateConfig(_ code: String, year: Int? = nil) -> StateData? {
        data(year: year).states[code.uppercased()]
    }

    public func fica(year: Int? = nil) -> FICAData { data(year: year).fica }

    public func retirementLimits(year: Int? = nil) -> RetirementData { data(year: year).retirement }

    /// What is active for `year` (default: the requested year), and everything refused so far.
    public func status(year: Int? = nil) -> TaxDataStatus {
        let wanted = year ?? requestedYear
        let active = candidate(for: wanted)
        let meta = active.data.meta
        let stale = active.source == .embedded ? false
            : active.fetchedAt.map { clock.now().timeIntervalSince($0) > configuration.cacheValidity } ?? false
        // Only a client with trusted keys fetches (and so can rely on) the signed index.
        let indexExpires = configuration.trustedKeys.isEmpty ? nil : state.index?.expires
        var incomplete: [String: [String]] = [:]
        var belowOfficial: [String: Provenance] = [:]
        var estimated: [String: String] = [:]
        for (code, state) in active.data.states {
            if let missing = state.missing, !missing.isEmpty { incomplete[code] = missing }
            if let grade = state.provenance, grade != .official { belowOfficial[code] = grade }
            if state.provenance == .estimated { estimated[code] = state.pending ?? "no publication named" }
        }
        return TaxDataStatus(
            source: active.source, taxYear: meta.taxYear, version: meta.version.description, publication: meta.status,
            effectiveDate: meta.effectiveDate,
            fetchedAt: active.fetchedAt, isStale: stale,
            freshness: Freshness.decide(isStale: stale, indexExpires: indexExpires, now: clock.now()),
            indexExpires: indexExpires?.date,
            outdatedMessage: Self.substitution(used: meta.taxYear, wanted: wanted),
            rejections: rejections, incompleteStates: incomplete, belowOfficialStates: belowOfficial,
            estimatedStates: estimated, changes: meta.changes)
    }

    /// What to tell a person when `used` answers for `wanted`: an earlier year ("rates may
    /// differ"), or, for a year before any data, a later one; nil when they are the same.
    static func substitution(used: Int, wanted: Int) -> String? {
        if used < wanted { return "Using \(used) tax data. \(wanted) rates may differ." }
        if used > wanted { return "Using \(used) tax data: there is no \(wanted) data. \(wanted) rates differ." }
        return nil
    }

    /// A stream of statuses, one each time newly accepted data becomes active.
    public func updates() -> AsyncStream<TaxDataStatus> {
        let (stream, continuation) = AsyncStream<TaxDataStatus>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeContinuation(id) }
        }
        return stream
    }

    private func removeContinuation(_ id: UUID) { continuations[id] = nil }

    func publish() {
        let current = status()
        for continuation in continuations.values { continuation.yield(current) }
    }

    // MARK: Verification shared by cache and remote

    static func policy(_ configuration: Configuration) -> SignaturePolicy {
        SignaturePolicy(trustedKeys: configuration.trustedKeys, requireSignature: !configuration.trustedKeys.isEmpty)
    }

    /// Verifies a year's files: integrity, rules, schema, signature, year and expiry. Rollback is
    /// decided against the active data when a candidate is offered (`refuseRollback`).
    ///
    /// Expiry: a bundle whose expiration date has passed while its tax year is not over is refused
    /// (data for a past year legitimately expires and stays usable for that year).
    static func verify(files: [String: Data], year: Int, source: DataSource, policy: SignaturePolicy, now: Date) -> Result<TaxYearData, Rejection> {
        verify(files: files, year: year, source: source, policy: policy, now: now, remembered: []).result
    }

    /// `verify`, skipping the checks that depend only on the bytes when `remembered` holds their
    /// `VerificationMemo` token; returns the token to remember when the bytes are valid.
    static func verify(files: [String: Data], year: Int, source: DataSource, policy: SignaturePolicy, now: Date,
                       remembered: Set<String>) -> (result: Result<TaxYearData, Rejection>, memo: String?) {
        var files = files
        guard let manifest = files.removeValue(forKey: BundleLayout.manifestName) else {
            return (.failure(Rejection(source: source, taxYear: year, reason: .bundleMissingFile, detail: "manifest.json is missing")), nil)
        }
        // Expiry is the verifier's `bundle.expired`, read as the client reads it: a past tax year stays valid.
        let result = BundleVerifier(signatures: policy, extraChecks: [ExpectedYear(year)])
            .verify(manifestBytes: manifest, files: files, now: Self.isoDate(now), expiry: .pastYearsStayValid, remembered: remembered)
        guard result.isValid, let data = result.data else {
            return (.failure(rejection(source, year, result.findings)), nil)
        }
        return (.success(data), result.memo)
    }

    /// `sha256:<hex>` of a manifest's bytes, as an index lists it.
    static func manifestChecksum(_ manifest: Data?) -> String? {
        manifest.flatMap { try? PortableCrypto().sha256Hex($0) }.map(Manifest.checksum)
    }

    /// The UTC calendar date of `date`.
    static func isoDate(_ date: Date) -> ISODate {
        let c = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        return ISODate(String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!))!
    }

    static func rejection(_ source: DataSource, _ year: Int?, _ findings: [(file: String, diagnostic: Diagnostic)]) -> Rejection {
        let errors = findings.filter { $0.diagnostic.severity == .error }
        guard let first = errors.first else {
            return Rejection(source: source, taxYear: year, reason: .bundleUndecodable, detail: "the bundle could not be decoded")
        }
        let more = errors.count > 1 ? " (and \(errors.count - 1) more)" : ""
        return Rejection(source: source, taxYear: year, reason: first.diagnostic.rule,
                         detail: "\(first.file): \(first.diagnostic.message)\(more)")
    }
}
