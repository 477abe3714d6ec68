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
        guard trusted.refreshDue(year: target, now: clock.now(), configuration) else { return status(year: target) }
        return await refresh(year: target)
    }

    /// One refresh from the server: with trusted keys the signed index first, then the manifest
    /// (conditionally), its signature and the files it lists, each within the byte limit; verified
    /// in full before anything is cached or used. Never throws: every failure becomes a
    /// `Rejection` in the returned status, and the previous data stays active.
    ///
    /// This method and the ones below only fetch, store and publish: each decision is a step of
    /// `TrustedBundles` (`TrustedBundles+Refresh.swift`), taken against one reference time, the
    /// refresh's start.
    @discardableResult
    public func refresh(year: Int? = nil) async -> TaxDataStatus {
        loadIfNeeded()
        let target = year ?? requestedYear
        // The rollback checks compare with the active data, the embedded year's included.
        prepareEmbedded(for: target)
        rejections.removeAll { $0.source == .remote }
        guard let base = configuration.baseURL else { return status(year: target) }
        let now = clock.now()
        state[target].lastAttempt = now
        persistState()
        do {
            if !trusted.indexDue(now: now, configuration), try await remoteSaysCurrent(base: base, year: target, now: now) {
                // An unsigned hint: it postpones the next check (the attempt is recorded) but never
                // makes data fresh; past its validity the manifest itself is asked for, and with
                // trusted keys the signed index at least once per validity period.
                return status(year: target)
            }
            if let root = configuration.trustedRoot {
                try await refreshTUF(embeddedRoot: root, base: base, year: target, now: now)
                return status(year: target)
            }
            var entry: BundleIndex.Entry?
            var directory: String?
            if !configuration.trustedKeys.isEmpty {
                let index = try await fetchIndex(base: base, year: target, now: now)
                switch try trusted.listing(in: index, year: target, now: now) {
                case .unchanged(let confirmsFresh):
                    if confirmsFresh { markFresh(target, now: now) }
                    return status(year: target)
                case .fetch(let listed, let listedDirectory):
                    entry = listed
                    directory = listedDirectory
                case .fetchTarget:
                    return status(year: target) // only a TUF listing says this
                }
            }
            try await fetchAndAccept(base: base, year: target, entry: entry, directory: directory, now: now)
        } catch let rejection as Rejection {
            reject(rejection)
        } catch {
            reject(Rejection(source: .remote, taxYear: target, reason: .remoteError, detail: "\(error)"))
        }
        return status(year: target)
    }

    func reject(_ rejection: Rejection) {
        logger.warning("rejected \(rejection)")
        rejections.append(rejection)
    }

    /// Fetches `index.json` and `index.json.sig` (small: no validator); `TrustedBundles` decides
    /// against the newest index accepted so far (this process's or another's) and remembers it.
    private func fetchIndex(base: URL, year: Int, now: Date) async throws -> TrustedIndex {
        let response = try await get(base.appendingPathComponent(BundleLayout.indexName), year: year,
                                     maxBytes: min(configuration.maxResponseBytes, 1 << 20))
        try ClientVerification.requireOK(response, year: year, what: BundleLayout.indexName)
        let signature = try await get(base.appendingPathComponent(BundleLayout.indexSignatureName), year: year, maxBytes: 64 << 10)
        // Replay is decided against the newest issuedAt any process sharing the cache accepted.
        if let onDisk = try? store.withExclusiveAccess({ ClientState.decode(try store.loadState()) }) {
            state.merge(onDisk)
        }
        let index = try trusted.acceptIndex(response.body, signature: signature.status == 200 ? signature.body : nil, year: year, now: now)
        persistState()
        if index.isExpired(at: now), let expires = index.validity?.expires {
            logger.warning("the newest signed index.json expired at \(expires): data is no longer called fresh")
        }
        return index
    }

    func markFresh(_ year: Int, now: Date) {
        trusted.markFresh(year, now: now)
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
    private func remoteSaysCurrent(base: URL, year: Int, now: Date) async throws -> Bool {
        guard !versionEndpointUnsupported, let current = trusted.versionToConfirm(year: year, now: now, configuration) else { return false }
        var components = URLComponents(url: base.appendingPathComponent("v1/tax-data/\(year)/version"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "current", value: current.description)]
        let response = try await get(components.url!, year: year, maxBytes: 64 << 10)
        guard let current = ClientVerification.versionAnswerSaysCurrent(response) else {
            versionEndpointUnsupported = true // a static host: use the manifest's ETag instead
            return false
        }
        return current
    }

    /// Fetches and accepts the year's bundle. `entry` is what the signed index lists for the year
    /// (trusted keys), in `directory`: then the manifest must be exactly that one, and no validator
    /// is sent, since the index already said the manifest changed. Without an index the app form
    /// (`<year>/app/`) is asked for first; a server that has none (a dist published before schema
    /// 1.11) answers 404, and the year's first form is fetched instead.
    private func fetchAndAccept(base: URL, year: Int, entry: BundleIndex.Entry?, directory: String?, now: Date) async throws {
        let validator = trusted.manifestValidator(year: year, entry: entry)
        func manifest(in directory: String) async throws -> (URL, HTTPResponse) {
            let url = base.appendingPathComponent(directory)
            return (url, try await get(url.appendingPathComponent(BundleLayout.manifestName), year: year,
                                       maxBytes: min(configuration.maxResponseBytes, 1 << 20),
                                       headers: validator.map { ["If-None-Match": $0] } ?? [:]))
        }
        var (yearURL, manifestResponse) = try await manifest(in: directory ?? "\(year)/\(BundleLayout.appDirectory)")
        if directory == nil, manifestResponse.status == 404 {
            logger.info("no app form of \(year) on the server (a dist published before schema 1.11): fetching \(year)/manifest.json")
            (yearURL, manifestResponse) = try await manifest(in: String(year))
        }
        if manifestResponse.status == 304 {
            try trusted.acceptNotModified(validator: validator, year: year)
            markFresh(year, now: now)
            return
        }
        try ClientVerification.requireOK(manifestResponse, year: year, what: BundleLayout.manifestName)
        let manifestBytes = manifestResponse.body
        try trusted.acceptListedBytes(manifestBytes, entry: entry, year: year)
        let signatureResponse = try await get(yearURL.appendingPathComponent(BundleLayout.signatureName), year: year, maxBytes: 64 << 10)
        let signature = signatureResponse.status == 200 ? signatureResponse.body : nil
        let manifest = try trusted.acceptManifest(manifestBytes, signature: signature, entry: entry, year: year,
                                                  maxFileBytes: configuration.maxResponseBytes)
        var files: [String: Data] = [BundleLayout.manifestName: manifestBytes]
        files[BundleLayout.signatureName] = ClientVerification.storableSignature(signature)
        // The app form's provenance document is fetched only when an app asks for it (`provenance(year:)`).
        for name in manifest.checksums.keys.sorted() where name != manifest.files.provenance {
            // Exactly the listed size: a server that sends more is cut off at that many bytes.
            let response = try await get(yearURL.appendingPathComponent(name), year: year, maxBytes: manifest.sizes[name] ?? 0)
            try ClientVerification.requireOK(response, year: year, what: name)
            files[name] = response.body
        }
        // Decided after the downloads, against what is active now.
        let data = try trusted.acceptFiles(files, manifestBytes: manifestBytes, manifest: manifest, year: year, now: now)
        try accept(data, files: files, etag: manifestResponse.headers["etag"], year: year, now: now)
    }

    /// Accepts verified data: under the store's cross-process lock, `TrustedBundles` decides
    /// whether another process stored a newer version meanwhile (then that one becomes active here
    /// too); otherwise the bytes and the state are saved. A cache that cannot be written does not
    /// stop the verified data from being used now.
    func accept(_ data: TaxYearData, files: [String: Data], etag: String?, year: Int, now: Date) throws {
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

    func get(_ url: URL, year: Int, maxBytes: Int, headers: [String: String] = [:]) async throws -> HTTPResponse {
        do {
            return try await transport.send(HTTPRequest(url: url, headers: headers, maxBytes: maxBytes, timeout: configuration.requestTimeout))
        } catch {
            throw ClientVerification.transportRejection(error, file: url.lastPathComponent, year: year)
        }
    }
}

extension Rejection: Error {}
