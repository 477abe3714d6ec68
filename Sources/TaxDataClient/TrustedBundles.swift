import Foundation
import TaxDataCore

/// What the client trusts, as a value (the shape of python-tuf's trusted metadata set): the
/// verified embedded and cached years and the persisted state. Pure: it decides from bytes, the
/// time and the state what is accepted and what is active, and every check of a refresh is one
/// of its steps (`TrustedBundles+Refresh.swift`). `TaxDataProvider` only does the I/O around it:
/// store → `load`; download → `acceptIndex`, `listing`, `acceptManifest`, `acceptFiles`; then
/// `decideAcceptance` under the store's lock, save, `accepted`, publish.
struct TrustedBundles: Sendable {
    /// A verified bundle that can be used.
    struct Candidate: Sendable {
        var data: TaxYearData
        var source: DataSource
        var fetchedAt: Date?
        /// `sha256:<hex>` of its manifest's bytes: what a signed index lists when it is unchanged.
        var manifestChecksum: String?
    }

    /// The embedded years verified so far.
    var embedded: [Int: Candidate]
    /// `VerificationMemo` tokens of the embedded years: kept in the state beside the cache's, so
    /// the next launch skips the embedded bundles' byte-only checks too.
    var embeddedMemos: [String] = []
    /// Embedded years not verified yet, with the tokens that let them skip the byte-only checks:
    /// each is verified when a lookup first needs it (`prepareEmbedded(for:)`), so a launch decodes
    /// only the year it asks for.
    var pendingEmbedded: [Int: [String: Data]] = [:]
    var remembered: Set<String> = []
    var cached: [Int: Candidate] = [:]
    var state = ClientState()
    let policy: SignaturePolicy

    /// Verifies the pending embedded years `years` (those still pending), and keeps the valid ones;
    /// the refused ones are returned and never tried again.
    mutating func verifyPending(_ years: [Int]) -> [Rejection] {
        let wanted = years.filter { pendingEmbedded[$0] != nil }
        guard !wanted.isEmpty else { return [] }
        let bundles = EmbeddedBundles(years: pendingEmbedded.filter { wanted.contains($0.key) })
        for year in wanted { pendingEmbedded[year] = nil }
        let (candidates, rejections, memos) = Self.verifyEmbedded(bundles, remembered: remembered)
        embedded.merge(candidates) { $1 }
        embeddedMemos += memos
        if !memos.isEmpty {
            let tokens = ClientState.union(memos, state.verified)
            state.verified = Array(tokens.prefix(ClientState.maxVerified))
        }
        return rejections
    }

    /// Verifies what a lookup of `year` needs: the embedded `year` when it is pending, and, when no
    /// source then holds `year`, every pending year (the fallback picks among all of them).
    mutating func prepareEmbedded(for year: Int) -> [Rejection] {
        var rejections = verifyPending([year])
        if cached[year] == nil && embedded[year] == nil { rejections += verifyPending(pendingEmbedded.keys.sorted()) }
        return rejections
    }

    /// Every embedded year verified (for the list of available years).
    mutating func prepareAllEmbedded() -> [Rejection] { verifyPending(pendingEmbedded.keys.sorted()) }

    /// Verifies the embedded years in memory; `embedded` is empty when none is valid. Bytes whose
    /// `VerificationMemo` token is `remembered` skip the checks that depend only on them; `memos`
    /// are the tokens of the years that verified.
    static func verifyEmbedded(_ bundles: EmbeddedBundles, remembered: Set<String> = [])
        -> (embedded: [Int: Candidate], rejections: [Rejection], memos: [String]) {
        var candidates: [Int: Candidate] = [:]
        var rejections: [Rejection] = []
        var memos: [String] = []
        // Each year is verified on its own, over the device's cores.
        let results = bundles.years.keys.sorted().concurrentMap { year -> (Int, Data?, BundleVerifier.Result?) in
            var files = bundles.years[year]!
            guard let manifest = files.removeValue(forKey: BundleLayout.manifestName) else { return (year, nil, nil) }
            return (year, manifest, BundleVerifier(extraChecks: [ExpectedYear(year)], auditTrail: .whenPresent)
                .verify(manifestBytes: manifest, files: files, remembered: remembered))
        }
        for case let (year, manifest?, result?) in results {
            if result.isValid, let data = result.data {
                candidates[year] = Candidate(data: data, source: .embedded, fetchedAt: nil,
                                             manifestChecksum: ClientVerification.manifestChecksum(manifest))
                if let memo = result.memo { memos.append(memo) }
            } else {
                rejections.append(ClientVerification.rejection(.embedded, year, result.findings))
            }
        }
        return (candidates, rejections, memos)
    }

    /// What the cache verifiably holds (`CacheContents.decide`) becomes trusted.
    mutating func load(_ contents: CacheContents) {
        state = contents.state
        // The embedded years' tokens first, then the cache's (the same bytes may be both).
        let tokens = ClientState.union(embeddedMemos, contents.state.verified)
        state.verified = tokens.isEmpty ? nil : Array(tokens.prefix(ClientState.maxVerified))
        cached = contents.candidates
    }

    /// The best candidate for `year`: cache or embedded, whichever has the higher version (a cache
    /// at the same version wins); for a year with no data, the latest earlier year (else the first).
    func active(for year: Int) -> Candidate {
        func best(_ y: Int) -> Candidate? {
            switch (cached[y], embedded[y]) {
            case let (c?, e?): return c.data.meta.version >= e.data.meta.version ? c : e
            case let (c?, nil): return c
            case let (nil, e?): return e
            default: return nil
            }
        }
        if let exact = best(year) { return exact }
        let years = Set(cached.keys).union(embedded.keys).sorted()
        let fallback = years.last(where: { $0 < year }) ?? years.first!
        return best(fallback)!
    }

    /// `NoRollback` against the active data for `year`, when there is active data for that very year.
    func rollbackChecks(year: Int) -> [NoRollback] {
        let current = active(for: year)
        guard current.data.meta.taxYear == year else { return [] }
        return [NoRollback(active: current.data.meta.version, source: current.source.rawValue)]
    }

    /// The checks a downloaded manifest for `year` must pass besides the verifier's own: the year
    /// asked for, and no rollback below the active data.
    func manifestChecks(year: Int) -> [any BundleCheck] {
        [ExpectedYear(year)] + rollbackChecks(year: year)
    }

    /// What to do with verified `data` for `year`, given what the store holds under its lock: when
    /// another process (an app extension, say) stored a newer version, that one becomes trusted and
    /// active here too, and nothing is saved.
    enum Acceptance: Sendable {
        case keepStored(Candidate)
        case save
    }

    mutating func decideAcceptance(of data: TaxYearData, year: Int, now: Date, onDiskState: ClientState?,
                                   onDiskFiles: [String: Data]?) -> Acceptance {
        if let onDiskState { state.merge(onDiskState) }
        if let stored = onDiskFiles,
           case .success(let storedData) = ClientVerification.verify(files: stored, year: year, source: .cache, policy: policy, now: now),
           storedData.meta.version > data.meta.version {
            let winner = Candidate(data: storedData, source: .cache, fetchedAt: state[year].fetchedAt ?? now,
                                   manifestChecksum: ClientVerification.manifestChecksum(stored[BundleLayout.manifestName]))
            cached[year] = winner
            return .keepStored(winner)
        }
        return .save
    }

    /// `data` was accepted for `year` (saved, or not when the cache could not be written: it is
    /// used all the same). `highestAccepted` never goes down; the ETag is kept only for saved bytes.
    mutating func accepted(_ data: TaxYearData, manifest: Data?, etag: String?, year: Int, now: Date, saved: Bool) {
        state[year].raiseHighestAccepted(to: data.meta.version)
        if saved { state[year].manifestETag = etag }
        state[year].fetchedAt = now
        cached[year] = Candidate(data: data, source: .remote, fetchedAt: now, manifestChecksum: ClientVerification.manifestChecksum(manifest))
    }
}
