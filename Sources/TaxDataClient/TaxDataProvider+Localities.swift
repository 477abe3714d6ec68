import Foundation
import TaxDataCore

/// The localities of a state: the counties, cities and school districts with a local income tax
/// (schema 1.13), for a picker and for the calculator.
extension TaxDataProvider {
    /// The localities of `state` in the data active for `year` (default: the requested year), in
    /// the data's order: each with its id (`PayInput.locality`), name, kind, taxes and grade.
    ///
    /// They are published beside the year, one document per state (`<year>/local/XX_<year>.json`,
    /// listed by `<year>/local/manifest.json`), so an app downloads only its user's state, once
    /// per session: the first call fetches and verifies it, later calls answer from memory.
    /// - the local manifest is signed by a trusted key when the provider pins keys (with a TUF root:
    ///   it and the document are targets of the TUF metadata the last refresh accepted, fetched by
    ///   their hashed names, each of its listed length and SHA-256), and is of the active data's
    ///   year and version (else the server publishes another version: `refresh` first);
    /// - the document has its listed size and SHA-256, is canonical, is of that state, and its
    ///   localities pass the `locality.*` rules.
    ///
    /// An empty answer means the state has no local income tax in the data. Data that already
    /// holds the state's localities answers without a request.
    /// - Throws: `ProviderError` `.yearUnavailable` when no source holds `year`;
    ///   `.localitiesUnavailable` when they must be fetched and cannot be (no server, a transport
    ///   failure, or a refusal, named with its rule id).
    public func localities(of state: String, year: Int? = nil) async throws -> [Locality] {
        let wanted = year ?? requestedYear
        let data = try data(exactly: wanted)
        let code = state.uppercased()
        guard data.states[code] != nil else {
            throw ProviderError(.localitiesUnavailable, "'\(state)' is not a state of the \(wanted) data")
        }
        if let held = data.states[code]?.localities { return held }
        let key = "\(wanted)/\(data.meta.version)/\(code)"
        if let cached = localityCache[key] { return cached }
        guard let base = configuration.baseURL else {
            throw ProviderError(.localitiesUnavailable, "the \(wanted) data carries no localities and there is no server to fetch \(code)'s from")
        }
        do {
            let fetched = try await fetchLocalities(base: base, state: code, data: data)
            localityCache[key] = fetched
            return fetched
        } catch let rejection as Rejection {
            throw ProviderError(.localitiesUnavailable, "cannot fetch the localities of \(code) for \(wanted): [\(rejection.reason)] \(rejection.detail)")
        }
    }

    /// The active data of `year` with `state`'s localities in it, for `TaxCalculator` and a
    /// `PayInput.locality`: `localities(of:year:)` put into `data(exactly:)`.
    public func data(exactly year: Int, localitiesOf state: String) async throws -> TaxYearData {
        var data = try data(exactly: year)
        let code = state.uppercased()
        data.states[code]?.localities = try await localities(of: code, year: year)
        return data
    }

    private func fetchLocalities(base: URL, state code: String, data: TaxYearData) async throws -> [Locality] {
        let year = data.meta.taxYear
        func refuse(_ finding: BundleFinding) -> Rejection {
            Rejection(source: .remote, taxYear: year, reason: finding.diagnostic.rule, detail: "\(finding.file): \(finding.diagnostic.message)")
        }
        let localDirectory = "\(year)/\(BundleLayout.localDirectory)"
        let directory = base.appendingPathComponent(localDirectory)
        let limit = min(configuration.maxResponseBytes, 1 << 20)
        // With a TUF root, the local form's files are targets of the metadata the last refresh accepted.
        let tuf = try configuration.trustedRoot.map { _ in try acceptedTUF(year: year) }
        func fetch(_ name: String, maxBytes: Int) async throws -> HTTPResponse {
            guard let tuf else { return try await get(directory.appendingPathComponent(name), year: year, maxBytes: maxBytes) }
            return try await tufTarget("\(localDirectory)/\(name)", in: tuf, base: base, year: year)
        }
        let manifestResponse = try await fetch(BundleLayout.manifestName, maxBytes: limit)
        if manifestResponse.status == 404 { return [] }   // a dist without localities (published before 1.13, or none at all)
        try ClientVerification.requireOK(manifestResponse, year: year, what: "local/\(BundleLayout.manifestName)")
        let verifier = LocalFormVerifier(signatures: ClientVerification.policy(configuration))
        var signature: Data?
        if verifier.signatures.requireSignature || !verifier.signatures.trustedKeys.isEmpty {
            let response = try await fetch(BundleLayout.signatureName, maxBytes: limit)
            if response.status == 200 { signature = response.body }
        }
        let checked = verifier.verifyManifest(manifestResponse.body, signature: signature, year: data.meta)
        if let error = checked.findings.first(where: { $0.diagnostic.severity == .error }) { throw refuse(error) }
        guard let manifest = checked.manifest else { throw Rejection(source: .remote, taxYear: year, reason: .bundleManifest, detail: "local manifest") }
        guard let name = manifest.files.localities?[code], let size = manifest.sizes[name] else { return [] }
        guard size <= configuration.maxResponseBytes else {
            throw Rejection(source: .remote, taxYear: year, reason: .bundleSize, detail: "\(name) is listed at \(size) bytes, over the limit")
        }
        let response = try await fetch(name, maxBytes: size)
        try ClientVerification.requireOK(response, year: year, what: name)
        let document = verifier.verifyDocument(response.body, state: code, manifest: manifest, year: data)
        if let error = document.findings.first(where: { $0.diagnostic.severity == .error }) { throw refuse(error) }
        return document.localities ?? []
    }
}
