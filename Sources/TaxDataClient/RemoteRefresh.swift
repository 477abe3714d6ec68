import Foundation
import TaxDataCore

extension TaxDataProvider {
    /// The version endpoint's answer (bundle contract).
    struct VersionAnswer: Decodable {
        var hasUpdate: Bool
        var latestVersion: String
        var isRequired: Bool?
        var changeLog: String?
    }

    /// Refreshes when due: no fresh cache for the year, the cache is past its validity period, or
    /// the minimum fetch interval has passed since the last attempt.
    @discardableResult
    public func refreshIfNeeded(year: Int? = nil) async -> TaxDataStatus {
        let target = year ?? requestedYear
        let now = clock.now()
        let record = state[target]
        let due = cached[target] == nil
            || record.fetchedAt.map { now.timeIntervalSince($0) >= configuration.cacheValidity } ?? true
            || record.lastAttempt.map { now.timeIntervalSince($0) >= configuration.minimumFetchInterval } ?? true
        guard due else { return status(year: target) }
        return await refresh(year: target)
    }

    /// One refresh from the server: the manifest (conditionally), its signature and the files it
    /// lists, each within the byte limit; verified in full before anything is cached or used.
    /// Never throws: every failure becomes a `Rejection` in the returned status, and the
    /// previous data stays active.
    @discardableResult
    public func refresh(year: Int? = nil) async -> TaxDataStatus {
        let target = year ?? requestedYear
        rejections.removeAll { $0.source == .remote }
        guard let base = configuration.baseURL else { return status(year: target) }
        state[target].lastAttempt = clock.now()
        persistState()
        do {
            if try await remoteSaysCurrent(base: base, year: target) {
                markFresh(target)
                return status(year: target)
            }
            try await fetchAndAccept(base: base, year: target)
        } catch let rejection as Rejection {
            reject(rejection)
        } catch {
            reject(Rejection(source: .remote, taxYear: target, reason: "remote.error", detail: "\(error)"))
        }
        return status(year: target)
    }

    private func reject(_ rejection: Rejection) {
        logger.warning("rejected \(rejection)")
        rejections.append(rejection)
    }

    private func markFresh(_ year: Int) {
        state[year].fetchedAt = clock.now()
        if var candidate = cached[year] {
            candidate.fetchedAt = state[year].fetchedAt
            cached[year] = candidate
        }
        persistState()
    }

    private func persistState() {
        do { try store.saveState(try state.encoded()) } catch {
            logger.warning("cannot persist client state: \(error)")
        }
    }

    /// Asks the version endpoint (when offered) whether the cached version is current.
    private func remoteSaysCurrent(base: URL, year: Int) async throws -> Bool {
        guard configuration.useVersionEndpoint, !versionEndpointUnsupported, let current = cached[year] else { return false }
        var components = URLComponents(url: base.appendingPathComponent("v1/tax-data/\(year)/version"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "current", value: current.data.meta.version.description)]
        let response = try await get(components.url!, year: year, maxBytes: 64 << 10)
        guard response.status == 200, let answer = try? JSONDecoder().decode(VersionAnswer.self, from: response.body) else {
            versionEndpointUnsupported = true // a static host: use the manifest's ETag instead
            return false
        }
        return !answer.hasUpdate
    }

    private func fetchAndAccept(base: URL, year: Int) async throws {
        let yearURL = base.appendingPathComponent(String(year))
        var headers: [String: String] = [:]
        if cached[year] != nil, let etag = state[year].manifestETag { headers["If-None-Match"] = etag }
        let manifestResponse = try await get(yearURL.appendingPathComponent(BundleLayout.manifestName), year: year,
                                             maxBytes: min(configuration.maxResponseBytes, 1 << 20), headers: headers)
        if manifestResponse.status == 304, cached[year] != nil {
            markFresh(year)
            return
        }
        try expectOK(manifestResponse, year: year, what: BundleLayout.manifestName)
        let manifestBytes = manifestResponse.body
        let manifest: Manifest
        do { manifest = try CanonicalJSON.decode(Manifest.self, from: manifestBytes) } catch {
            throw Rejection(source: .remote, taxYear: year, reason: RuleID.bundleManifest.rawValue,
                            detail: "manifest.json does not decode: \(DecodeErrorText.describe(error))")
        }
        guard manifest.taxYear == year else {
            throw Rejection(source: .remote, taxYear: year, reason: RuleID.yearConsistency.rawValue,
                            detail: "the server's manifest is for \(manifest.taxYear), not \(year)")
        }
        if let highest = state[year].highestAccepted, manifest.version < highest {
            throw Rejection(source: .remote, taxYear: year, reason: "rollback",
                            detail: "the server offers \(manifest.version), lower than \(highest), already accepted")
        }
        var files: [String: Data] = [BundleLayout.manifestName: manifestBytes]
        let signature = try await get(yearURL.appendingPathComponent(BundleLayout.signatureName), year: year, maxBytes: 64 << 10)
        if signature.status == 200 { files[BundleLayout.signatureName] = signature.body }
        for name in manifest.checksums.keys.sorted() {
            guard Manifest.isPlainFileName(name) else {
                throw Rejection(source: .remote, taxYear: year, reason: RuleID.bundleFileName.rawValue,
                                detail: "manifest names '\(name)': only plain file names are fetched")
            }
            let limit = min(configuration.maxResponseBytes, manifest.sizes[name] ?? configuration.maxResponseBytes)
            let response = try await get(yearURL.appendingPathComponent(name), year: year, maxBytes: limit)
            try expectOK(response, year: year, what: name)
            files[name] = response.body
        }
        let data: TaxYearData
        switch Self.verify(files: files, year: year, source: .remote, policy: Self.policy(configuration), state: state, now: clock.now()) {
        case .success(let verified): data = verified
        case .failure(let rejection): throw rejection
        }
        let active = candidate(for: year)
        if active.data.meta.taxYear == year, data.meta.version < active.data.meta.version {
            throw Rejection(source: .remote, taxYear: year, reason: "rollback",
                            detail: "the server offers \(data.meta.version), older than the \(active.source.rawValue) \(active.data.meta.version)")
        }
        // Accept: persist (atomically) first, then activate. A cache that cannot be written does
        // not stop the verified data from being used in this session.
        do { try store.save(year: year, files: files) } catch {
            reject(Rejection(source: .cache, taxYear: year, reason: "cache.write", detail: "\(error)"))
        }
        let now = clock.now()
        state[year].highestAccepted = max(state[year].highestAccepted ?? data.meta.version, data.meta.version)
        state[year].manifestETag = manifestResponse.headers["etag"]
        state[year].fetchedAt = now
        persistState()
        cached[year] = Candidate(data: data, source: .remote, fetchedAt: now)
        logger.info("accepted remote \(year) \(data.meta.version)")
        publish()
    }

    private func get(_ url: URL, year: Int, maxBytes: Int, headers: [String: String] = [:]) async throws -> HTTPResponse {
        do {
            return try await transport.send(HTTPRequest(url: url, headers: headers, maxBytes: maxBytes, timeout: configuration.requestTimeout))
        } catch let error as TransportError {
            let reason = switch error.kind {
            case .offline: "transport.offline"
            case .timeout: "transport.timeout"
            case .tooLarge: "transport.too-large"
            case .connection: "transport.connection"
            }
            throw Rejection(source: .remote, taxYear: year, reason: reason, detail: "\(url.lastPathComponent): \(error)")
        } catch {
            throw Rejection(source: .remote, taxYear: year, reason: "transport.connection", detail: "\(url.lastPathComponent): \(error)")
        }
    }

    private func expectOK(_ response: HTTPResponse, year: Int, what: String) throws {
        guard response.status == 200 else {
            throw Rejection(source: .remote, taxYear: year, reason: "http.status", detail: "\(what): HTTP \(response.status)")
        }
    }
}

extension Rejection: Error {}
