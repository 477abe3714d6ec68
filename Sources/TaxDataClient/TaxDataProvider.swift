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
/// Creating a provider verifies the embedded bundle of the year it will be asked for (the
/// configured year, else the clock's; every embedded year when that one is not embedded), and the
/// other embedded years when a lookup first needs them. Its only I/O is reading the small persisted
/// state, for the `VerificationMemo` tokens of bytes that already passed (so a launch after the
/// first only hashes the embedded files it verified before). `load()` reads and verifies
/// the cache; lookups, `status()` and the refresh methods call it on first use when the app has not.
public actor TaxDataProvider {
    /// A verified bundle that can be used.
    typealias Candidate = TrustedBundles.Candidate

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
    /// Localities fetched this session, by year, data version and state (`localities(of:year:)`).
    var localityCache: [String: [Locality]] = [:]

    /// Verifies the embedded bundle of the requested year (or every embedded year, when that one is
    /// not embedded or not valid), skipping the byte-only checks for bytes the persisted state
    /// remembers passing them (a state that cannot be read or decoded: every check runs), or that
    /// the build which verified them vouches for (`EmbeddedBundles.verified`). The other years are
    /// verified when first needed, with the same checks. Throws only when no embedded year is
    /// valid (a packaging error the app's own tests should catch). Call `load()` next.
    public init(configuration: Configuration, transport: any HTTPTransport, store: any BundleStore,
                clock: any TaxDataClock = SystemClock(), embedded: EmbeddedBundles,
                logger: Logger = Logger(label: "taxdata.client")) throws {
        if let root = configuration.trustedRoot {
            // Checked once here, so that a wrong file fails the app's tests instead of every refresh.
            do { _ = try TUFTrustedSet(trustedRoot: root, now: clock.now()) } catch {
                throw ProviderError(.invalidTrustedRoot, "Configuration.trustedRoot is not a usable TUF root: \(error)")
            }
        }
        self.configuration = configuration
        self.transport = transport
        self.store = store
        self.clock = clock
        self.logger = logger
        var trusted = TrustedBundles(embedded: [:], policy: ClientVerification.policy(configuration))
        trusted.remembered = Set(ClientState.decode(try? store.loadState())?.verified ?? []).union(embedded.verified)
        trusted.pendingEmbedded = embedded.years
        let year = configuration.taxYear ?? Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: clock.now()).year!
        var rejections = trusted.prepareEmbedded(for: year)
        if trusted.embedded.isEmpty { rejections += trusted.prepareAllEmbedded() }
        guard !trusted.embedded.isEmpty else {
            throw ProviderError(.noValidEmbeddedData, "no valid embedded tax data: \(rejections.map(\.description).joined(separator: "; "))")
        }
        self.trusted = trusted
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
        let contents = CacheContents.decide(stateBytes: stateBytes, stored: stored, policy: ClientVerification.policy(configuration), now: clock.now())
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

}
