import Foundation
import TaxDataCore

extension TaxDataProvider {
    /// Refreshes when due: no fresh cache for the year, the cache is past its validity period, the
    /// minimum fetch interval has passed since the last attempt, or (trusted keys) the signed index
    /// was last checked longer ago than the cache validity period.
    @discardableResult
    public func refreshIfNeeded(year: Int? = nil) async -> TaxDataStatus {
        loadIfNeeded()
        let target = year ?? requestedYear
        let now = clock.now()
        let record = state[target]
        let due = cached[target] == nil
            || record.fetchedAt.map { now.timeIntervalSince($0) >= configuration.cacheValidity } ?? true
            || record.lastAttempt.map { now.timeIntervalSince($0) >= configuration.minimumFetchInterval } ?? true
            || indexDue(at: now)
        guard due else { return status(year: target) }
        return await refresh(year: target)
    }

    /// One refresh from the server: with trusted keys the signed index first, then the manifest
    /// (conditionally), its signature and the files it lists, each within the byte limit; verified
    /// in full before anything is cached or used. Never throws: every failure becomes a
    /// `Rejection` in the returned status, and the previous data stays active.
    @discardableResult
    public func refresh(year: Int? = nil) async -> TaxDataStatus {
        loadIfNeeded()
        let target = year ?? requestedYear
        rejections.removeAll { $0.source == .remote }
        guard let base = configuration.baseURL else { return status(year: target) }
        state[target].lastAttempt = clock.now()
        persistState()
        do {
            if !indexDue(at: clock.now()), try await remoteSaysCurrent(base: base, year: target) {
                // An unsigned hint: it postpones the next check (the attempt is recorded) but never
                // makes data fresh; past its validity the manifest itself is asked for, and with
                // trusted keys the signed index at least once per validity period.
                return status(year: target)
            }
            var entry: BundleIndex.Entry?
            if !configuration.trustedKeys.isEmpty {
                let index = try await fetchIndex(base: base, year: target)
                guard let listed = index.entry(for: target) else {
                    throw Rejection(source: .remote, taxYear: target, reason: .bundleIndex,
                                    detail: "index.json: the signed index does not list \(target)")
                }
                if let current = cached[target], current.manifestChecksum == listed.manifestChecksum {
                    // The signed index lists the manifest already cached: unchanged, nothing more to
                    // fetch. Only an index that has not expired confirms it current.
                    if !index.isExpired(at: clock.now()) { markFresh(target) }
                    return status(year: target)
                }
                try refuseRollback(listed.version, year: target)
                entry = listed
            }
            try await fetchAndAccept(base: base, year: target, entry: entry)
        } catch let rejection as Rejection {
            reject(rejection)
        } catch {
            reject(Rejection(source: .remote, taxYear: target, reason: .remoteError, detail: "\(error)"))
        }
        return status(year: target)
    }

    private func reject(_ rejection: Rejection) {
        logger.warning("rejected \(rejection)")
        rejections.append(rejection)
    }

    /// With trusted keys, whether the signed index is due: never fetched, or last fetched longer ago
    /// than the cache validity period. A due index is fetched whatever the version endpoint says.
    func indexDue(at now: Date) -> Bool {
        guard !configuration.trustedKeys.isEmpty else { return false }
        return state.index?.checkedAt.map { now.timeIntervalSince($0) >= configuration.cacheValidity } ?? true
    }

    /// Fetches `index.json` and `index.json.sig` (small: no validator), lets `TrustedIndex` decide
    /// against the newest index accepted so far (this process's or another's), and remembers it.
    private func fetchIndex(base: URL, year: Int) async throws -> TrustedIndex {
        let response = try await get(base.appendingPathComponent(BundleLayout.indexName), year: year,
                                     maxBytes: min(configuration.maxResponseBytes, 1 << 20))
        try expectOK(response, year: year, what: BundleLayout.indexName)
        let signature = try await get(base.appendingPathComponent(BundleLayout.indexSignatureName), year: year, maxBytes: 64 << 10)
        // Replay is decided against the newest issuedAt any process sharing the cache accepted.
        if let onDisk = try? store.withExclusiveAccess({ ClientState.decode(try store.loadState()) }) {
            state.merge(onDisk)
        }
        let now = clock.now()
        switch TrustedIndex.check(indexBytes: response.body, signature: signature.status == 200 ? signature.body : nil,
                                  policy: Self.policy(configuration), newestAccepted: state.index?.issuedAt, year: year) {
        case .failure(let rejection):
            throw rejection
        case .success(let trusted):
            state.index = trusted.recorded(in: state.index, at: now)
            persistState()
            if trusted.isExpired(at: now), let expires = trusted.validity?.expires {
                logger.warning("the newest signed index.json expired at \(expires): data is no longer called fresh")
            }
            return trusted
        }
    }

    private func markFresh(_ year: Int) {
        state[year].fetchedAt = clock.now()
        if var candidate = cached[year] {
            candidate.fetchedAt = state[year].fetchedAt
            cached[year] = candidate
        }
        persistState()
    }

    /// Saves the state under the store's lock, merged with what another process saved meanwhile.
    func persistState() {
        do {
            try store.withExclusiveAccess {
                if let onDisk = ClientState.decode(try store.loadState()) { state.merge(onDisk) }
                try store.saveState(try state.encoded())
            }
        } catch {
            // An error, not a warning: without its state the client cannot refuse a rollback.
            logger.error("cannot persist client state: \(error)")
        }
    }

    /// Asks the version endpoint (when offered) whether the cached version is current.
    private func remoteSaysCurrent(base: URL, year: Int) async throws -> Bool {
        guard configuration.useVersionEndpoint, !versionEndpointUnsupported, let current = cached[year],
              let fetched = state[year].fetchedAt, clock.now().timeIntervalSince(fetched) < configuration.cacheValidity else { return false }
        var components = URLComponents(url: base.appendingPathComponent("v1/tax-data/\(year)/version"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "current", value: current.data.meta.version.description)]
        let response = try await get(components.url!, year: year, maxBytes: 64 << 10)
        guard response.status == 200, let answer = try? JSONDecoder().decode(VersionAnswer.self, from: response.body) else {
            versionEndpointUnsupported = true // a static host: use the manifest's ETag instead
            return false
        }
        return !answer.hasUpdate
    }

    /// Fetches and accepts the year's bundle. `entry` is what the signed index lists for the year
    /// (trusted keys): then the manifest must be exactly that one (mix-and-match), and no
    /// validator is sent, since the index already said the manifest changed.
    private func fetchAndAccept(base: URL, year: Int, entry: BundleIndex.Entry?) async throws {
        let yearURL = base.appendingPathComponent(String(year))
        var headers: [String: String] = [:]
        let validator = cached[year] != nil && entry == nil ? state[year].manifestETag : nil
        if let validator { headers["If-None-Match"] = validator }
        let manifestResponse = try await get(yearURL.appendingPathComponent(BundleLayout.manifestName), year: year,
                                             maxBytes: min(configuration.maxResponseBytes, 1 << 20), headers: headers)
        if manifestResponse.status == 304 {
            // Only an answer to our own validator means "unchanged"; anything else is a lie.
            guard validator != nil else {
                throw Rejection(source: .remote, taxYear: year, reason: .httpStatus,
                                detail: "manifest.json: 304 Not Modified to a request that sent no If-None-Match")
            }
            markFresh(year)
            return
        }
        try expectOK(manifestResponse, year: year, what: BundleLayout.manifestName)
        let manifestBytes = manifestResponse.body
        if let entry, let mismatch = IndexEntryMatch.check(manifestBytes: manifestBytes, entry: entry) {
            throw Rejection(source: .remote, taxYear: year, reason: mismatch.rule, detail: "\(BundleLayout.manifestName): \(mismatch.message)")
        }
        let signatureResponse = try await get(yearURL.appendingPathComponent(BundleLayout.signatureName), year: year, maxBytes: 64 << 10)
        let signature = signatureResponse.status == 200 ? signatureResponse.body : nil

        // The manifest is checked (signature, names, exactly the contract's documents, sizes within
        // the limit) before any file it lists is fetched: a hostile manifest costs nothing more.
        // The year asked for, and no rollback below the active data, are checked here too.
        let checked = BundleVerifier(signatures: Self.policy(configuration), extraChecks: trusted.manifestChecks(year: year))
            .verifyManifest(manifestBytes, signature: signature, maxFileBytes: configuration.maxResponseBytes)
        if checked.findings.contains(where: { $0.diagnostic.severity == .error }) {
            throw Self.rejection(.remote, year, checked.findings)
        }
        guard let manifest = checked.manifest else {
            throw Rejection(source: .remote, taxYear: year, reason: .bundleManifest, detail: "manifest.json does not decode")
        }
        if let entry, let mismatch = IndexEntryMatch.check(manifest: manifest, entry: entry) {
            throw Rejection(source: .remote, taxYear: year, reason: mismatch.rule, detail: "\(BundleLayout.manifestName): \(mismatch.message)")
        }
        var files: [String: Data] = [BundleLayout.manifestName: manifestBytes]
        // Keep a signature only if it is one: an HTML error page served as manifest.json.sig is not stored.
        if let signature, (try? JSONDecoder().decode(SignatureEnvelope.self, from: signature)) != nil {
            files[BundleLayout.signatureName] = signature
        }
        for name in manifest.checksums.keys.sorted() {
            // Exactly the listed size: a server that sends more is cut off at that many bytes.
            let response = try await get(yearURL.appendingPathComponent(name), year: year, maxBytes: manifest.sizes[name] ?? 0)
            try expectOK(response, year: year, what: name)
            files[name] = response.body
        }
        let data: TaxYearData
        switch Self.verify(files: files, year: year, source: .remote, policy: Self.policy(configuration), now: clock.now()) {
        case .success(let verified): data = verified
        case .failure(let rejection): throw rejection
        }
        // Again after the downloads: another refresh may have raised the active version meanwhile.
        let rollback = trusted.rollbackChecks(year: year).flatMap { $0.check(BundleCandidate(manifestBytes: manifestBytes, manifest: manifest, signature: nil)) }
        if !rollback.isEmpty { throw Self.rejection(.remote, year, rollback) }
        try accept(data, files: files, etag: manifestResponse.headers["etag"], year: year)
    }

    /// `NoRollback` for a version the signed index lists, before its manifest is fetched.
    func refuseRollback(_ version: DataVersion, year: Int) throws {
        loadIfNeeded()
        if let refusal = trusted.rollbackChecks(year: year).lazy.compactMap({ $0.refusal(offered: version) }).first {
            throw Rejection(source: .remote, taxYear: year, reason: refusal.rule, detail: "\(BundleLayout.indexName): \(refusal.message)")
        }
    }

    /// Accepts verified data: under the store's cross-process lock, `TrustedBundles` decides
    /// whether another process stored a newer version meanwhile (then that one becomes active here
    /// too); otherwise the bytes and the state are saved. A cache that cannot be written does not
    /// stop the verified data from being used now.
    private func accept(_ data: TaxYearData, files: [String: Data], etag: String?, year: Int) throws {
        let now = clock.now()
        let manifest = files[BundleLayout.manifestName]
        do {
            try store.withExclusiveAccess {
                let decision = trusted.decideAcceptance(of: data, year: year, now: now,
                                                        onDiskState: ClientState.decode(try store.loadState()),
                                                        onDiskFiles: try store.load(year: year))
                guard case .save = decision else { return }
                do { try store.save(year: year, files: files) } catch {
                    reject(Rejection(source: .cache, taxYear: year, reason: .cacheWrite, detail: "\(error)"))
                }
                trusted.accepted(data, manifest: manifest, etag: etag, year: year, now: now, saved: true)
                try store.saveState(try state.encoded())
            }
        } catch {
            trusted.accepted(data, manifest: manifest, etag: nil, year: year, now: now, saved: false)
            reject(Rejection(source: .cache, taxYear: year, reason: .cacheWrite, detail: "\(error)"))
        }
        let winner = trusted.cached[year]!
        logger.info("accepted \(winner.source.rawValue) \(year) \(winner.data.meta.version)")
        publish()
    }

    private func get(_ url: URL, year: Int, maxBytes: Int, headers: [String: String] = [:]) async throws -> HTTPResponse {
        do {
            return try await transport.send(HTTPRequest(url: url, headers: headers, maxBytes: maxBytes, timeout: configuration.requestTimeout))
        } catch let error as TransportError {
            let reason: RuleID = switch error.kind {
            case .offline: .transportOffline
            case .timeout: .transportTimeout
            case .tooLarge: .transportTooLarge
            case .connection: .transportConnection
            case .encoding: .transportEncoding
            }
            throw Rejection(source: .remote, taxYear: year, reason: reason, detail: "\(url.lastPathComponent): \(error)")
        } catch {
            throw Rejection(source: .remote, taxYear: year, reason: .transportConnection, detail: "\(url.lastPathComponent): \(error)")
        }
    }

    private func expectOK(_ response: HTTPResponse, year: Int, what: String) throws {
        guard response.status == 200 else {
            throw Rejection(source: .remote, taxYear: year, reason: .httpStatus, detail: "\(what): HTTP \(response.status)")
        }
    }
}

extension Rejection: Error {}
