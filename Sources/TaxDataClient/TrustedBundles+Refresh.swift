import Foundation
import TaxDataCore

/// The steps of a refresh that decide, in the order the provider takes them (python-tuf's
/// `updater.py` sequences, `trusted_metadata_set.py` decides). Each one is pure: bytes, the
/// trusted state and the refresh's one reference time `now` in; what to do next, or a `Rejection`
/// thrown, out. Every rollback, index-entry and expiry check of a refresh is here.
extension TrustedBundles {
    // MARK: When to refresh

    /// With a trusted TUF root, whether the TUF metadata is due; with trusted keys, whether the signed index is due: never fetched, or last fetched longer
    /// ago than the cache validity period. A due index is fetched whatever the version endpoint says.
    func indexDue(now: Date, _ configuration: TaxDataProvider.Configuration) -> Bool {
        if configuration.trustedRoot != nil {
            return state.tuf?.checkedAt.map { now.timeIntervalSince($0) >= configuration.cacheValidity } ?? true
        }
        guard !configuration.trustedKeys.isEmpty else { return false }
        return state.index?.checkedAt.map { now.timeIntervalSince($0) >= configuration.cacheValidity } ?? true
    }

    /// Due: no cache for the year, the cache is past its validity period, the minimum fetch
    /// interval has passed since the last attempt, or the signed index is due.
    func refreshDue(year: Int, now: Date, _ configuration: TaxDataProvider.Configuration) -> Bool {
        let record = state[year]
        return cached[year] == nil
            || record.fetchedAt.map { now.timeIntervalSince($0) >= configuration.cacheValidity } ?? true
            || record.lastAttempt.map { now.timeIntervalSince($0) >= configuration.minimumFetchInterval } ?? true
            || indexDue(now: now, configuration)
    }

    /// The cached version to ask the version endpoint about: only while the cache is fresh (the
    /// answer is an unsigned hint, so it may postpone a fetch but never make data fresh).
    func versionToConfirm(year: Int, now: Date, _ configuration: TaxDataProvider.Configuration) -> DataVersion? {
        guard configuration.useVersionEndpoint, let current = cached[year], let fetched = state[year].fetchedAt,
              now.timeIntervalSince(fetched) < configuration.cacheValidity else { return nil }
        return current.data.meta.version
    }

    // MARK: The signed index

    /// The signed index's bytes, decided by `TrustedIndex` against the newest index accepted so
    /// far (replay), and remembered in the state.
    mutating func acceptIndex(_ bytes: Data, signature: Data?, year: Int, now: Date) throws -> TrustedIndex {
        switch TrustedIndex.check(indexBytes: bytes, signature: signature, policy: policy, newestAccepted: state.index?.issuedAt, year: year) {
        case .failure(let rejection):
            throw rejection
        case .success(let index):
            state.index = index.recorded(in: state.index, at: now)
            return index
        }
    }

    /// What the signed index says of `year`.
    enum Listing: Sendable {
        /// It lists the manifest already cached: nothing to fetch. Only an index that has not
        /// expired confirms the data fresh.
        case unchanged(confirmsFresh: Bool)
        /// It lists another manifest: fetch exactly that one, from `directory` (relative to the index).
        case fetch(BundleIndex.Entry, directory: String)
        /// The trusted TUF targets list another manifest: fetch that target, in `directory`.
        case fetchTarget(String, directory: String)
    }

    /// The index's entry for `year`, in the form this client reads (the app form when the index
    /// lists one, else the year's first manifest): refused when the index does not list the year,
    /// points anywhere but the contract's two manifest paths, or lists a version below the active
    /// data (before its manifest is fetched).
    func listing(in index: TrustedIndex, year: Int, now: Date) throws -> Listing {
        guard let entry = index.entry(for: year) else {
            throw Rejection(source: .remote, taxYear: year, reason: .bundleIndex, detail: "index.json: the signed index does not list \(year)")
        }
        let listed = entry.appForm ?? entry
        guard let directory = BundleLayout.manifestDirectory(listed.manifest, year: year) else {
            throw Rejection(source: .remote, taxYear: year, reason: .bundleFileName,
                            detail: "index.json: the entry for \(year) points at '\(listed.manifest)', not \(year)/manifest.json or \(year)/app/manifest.json")
        }
        if let current = cached[year], current.manifestChecksum == listed.manifestChecksum {
            return .unchanged(confirmsFresh: !index.isExpired(at: now))
        }
        if let refusal = rollbackChecks(year: year).lazy.compactMap({ $0.refusal(offered: listed.version) }).first {
            throw Rejection(source: .remote, taxYear: year, reason: refusal.rule, detail: "\(BundleLayout.indexName): \(refusal.message)")
        }
        return .fetch(listed, directory: directory)
    }

    // MARK: The manifest

    /// The validator to send with the manifest request: the cached manifest's ETag, unless the
    /// signed index already said the manifest changed.
    func manifestValidator(year: Int, entry: BundleIndex.Entry?) -> String? {
        cached[year] != nil && entry == nil ? state[year].manifestETag : nil
    }

    /// A 304 answer: only an answer to our own validator means "unchanged"; anything else is a lie.
    func acceptNotModified(validator: String?, year: Int) throws {
        guard validator != nil else {
            throw Rejection(source: .remote, taxYear: year, reason: .httpStatus,
                            detail: "manifest.json: 304 Not Modified to a request that sent no If-None-Match")
        }
    }

    /// A downloaded manifest's bytes, before even its signature is fetched: exactly the bytes the
    /// signed index lists, when there is one (mix-and-match).
    func acceptListedBytes(_ bytes: Data, entry: BundleIndex.Entry?, year: Int) throws {
        if let entry, let mismatch = IndexEntryMatch.check(manifestBytes: bytes, entry: entry) {
            throw Rejection(source: .remote, taxYear: year, reason: mismatch.rule, detail: "\(BundleLayout.manifestName): \(mismatch.message)")
        }
    }

    /// A downloaded manifest, before any file it lists is fetched (a hostile manifest costs nothing
    /// more): the signature, names, exactly the contract's documents, sizes within `maxFileBytes`,
    /// the year asked for and no rollback below the active data; then the decoded manifest against
    /// the signed index's entry again.
    func acceptManifest(_ bytes: Data, signature: Data?, entry: BundleIndex.Entry?, year: Int, maxFileBytes: Int) throws -> Manifest {
        let checked = BundleVerifier(signatures: policy, extraChecks: manifestChecks(year: year))
            .verifyManifest(bytes, signature: signature, maxFileBytes: maxFileBytes)
        if checked.findings.contains(where: { $0.diagnostic.severity == .error }) {
            throw ClientVerification.rejection(.remote, year, checked.findings)
        }
        guard let manifest = checked.manifest else {
            throw Rejection(source: .remote, taxYear: year, reason: .bundleManifest, detail: "manifest.json does not decode")
        }
        if let entry, let mismatch = IndexEntryMatch.check(manifest: manifest, entry: entry) {
            throw Rejection(source: .remote, taxYear: year, reason: mismatch.rule, detail: "\(BundleLayout.manifestName): \(mismatch.message)")
        }
        return manifest
    }

    // MARK: The files

    /// The downloaded files, verified in full at `now`; and, again, no rollback below the active
    /// data, which another refresh may have raised while they were downloading.
    func acceptFiles(_ files: [String: Data], manifestBytes: Data, manifest: Manifest, year: Int, now: Date) throws -> TaxYearData {
        let data: TaxYearData
        switch ClientVerification.verify(files: files, year: year, source: .remote, policy: policy, now: now) {
        case .success(let verified): data = verified
        case .failure(let rejection): throw rejection
        }
        let candidate = BundleCandidate(manifestBytes: manifestBytes, manifest: manifest, signature: nil)
        let rollback = rollbackChecks(year: year).flatMap { $0.check(candidate) }
        if !rollback.isEmpty { throw ClientVerification.rejection(.remote, year, rollback) }
        return data
    }

    /// The server confirmed the cached data current at `now`.
    mutating func markFresh(_ year: Int, now: Date) {
        state[year].fetchedAt = now
        if var candidate = cached[year] {
            candidate.fetchedAt = now
            cached[year] = candidate
        }
    }
}
