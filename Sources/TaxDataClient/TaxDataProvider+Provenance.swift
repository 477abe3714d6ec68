import Foundation
import TaxDataCore

/// The audit trail of the active data: where every figure comes from.
extension TaxDataProvider {
    /// The sources and notes of the data active for `year` (default: the requested year), by
    /// document and by state: what an app shows when a person asks where a figure comes from.
    ///
    /// The app form of a year (what the client downloads and embeds) leaves them out: they are
    /// 60 % of a year's bytes and no calculation reads them. Its signed manifest lists their
    /// document, `provenance_<year>.json`, by size and SHA-256, so the first call for a year
    /// fetches exactly that document from the server and verifies it before returning it:
    /// - the app manifest on the server is byte for byte the one whose data is active (else the
    ///   server publishes another version: `refresh` first);
    /// - the document has its listed size and hash, is canonical, and is the audit trail of this
    ///   year and version (`year.consistency` otherwise);
    /// - it passes the rules that read an audit trail (`sources.missing`, `provenance.grade`, …).
    ///
    /// Data that carries its audit trail already (the first form, or an app form embedded with its
    /// provenance document) answers without a request. Nothing is cached: an app that shows
    /// citations often keeps the answer.
    /// - Throws: `ProviderError` `.yearUnavailable` when no source holds `year`;
    ///   `.provenanceUnavailable` when it must be fetched and cannot be (no server, a transport
    ///   failure, or any refusal above, named with its rule id).
    public func provenance(year: Int? = nil) async throws -> ProvenanceDocument {
        let wanted = year ?? requestedYear
        let data = try data(exactly: wanted)
        let combined = CombinedDocument(data)
        let split = combined.splittingAuditTrail()
        if split.app != combined { return split.provenance }
        let active = candidate(for: wanted)
        guard let base = configuration.baseURL, let checksum = active.manifestChecksum else {
            throw ProviderError(.provenanceUnavailable, "the \(wanted) data carries no audit trail and there is no server to fetch it from")
        }
        do {
            return try await fetchProvenance(base: base, year: wanted, data: data, manifestChecksum: checksum)
        } catch let rejection as Rejection {
            throw ProviderError(.provenanceUnavailable, "cannot fetch the audit trail of \(wanted): [\(rejection.reason)] \(rejection.detail)")
        }
    }

    private func fetchProvenance(base: URL, year: Int, data: TaxYearData, manifestChecksum: String) async throws -> ProvenanceDocument {
        func refuse(_ rule: RuleID, _ detail: String) -> Rejection { Rejection(source: .remote, taxYear: year, reason: rule, detail: detail) }
        let directory = base.appendingPathComponent("\(year)/\(BundleLayout.appDirectory)")
        let manifestResponse = try await get(directory.appendingPathComponent(BundleLayout.manifestName), year: year,
                                             maxBytes: min(configuration.maxResponseBytes, 1 << 20))
        try ClientVerification.requireOK(manifestResponse, year: year, what: BundleLayout.manifestName)
        guard ClientVerification.manifestChecksum(manifestResponse.body) == manifestChecksum else {
            throw refuse(.bundleChecksum, "\(year)/app/manifest.json on the server is not the manifest of the active data \(data.meta.version): refresh first")
        }
        let manifest = try CanonicalJSON.decode(Manifest.self, from: manifestResponse.body)
        guard let name = manifest.files.provenance, let size = manifest.sizes[name], let listed = manifest.checksums[name] else {
            throw refuse(.bundleManifest, "\(year)/app/manifest.json lists no provenance document")
        }
        let response = try await get(directory.appendingPathComponent(name), year: year, maxBytes: size)
        try ClientVerification.requireOK(response, year: year, what: name)
        guard response.body.count == size else { throw refuse(.bundleSize, "\(name) is \(response.body.count) bytes; the manifest says \(size)") }
        guard ClientVerification.manifestChecksum(response.body) == listed else {
            throw refuse(.bundleChecksum, "\(name): SHA-256 differs from the manifest's \(listed)")
        }
        let provenance: ProvenanceDocument
        do { provenance = try CanonicalJSON.decode(ProvenanceDocument.self, from: response.body) } catch {
            throw refuse(.bundleDecode, "\(name) does not decode: \(DecodeErrorText.describe(error))")
        }
        if let difference = CanonicalCheck.mismatch(response.body, canonical: provenance, compact: true) {
            throw refuse(.bundleNotCanonical, "\(name) \(difference)")
        }
        var full = data
        do {
            let restored = try CombinedDocument(data).restoringAuditTrail(provenance)
            full.federal = restored.federal
            full.fica = restored.fica
            full.retirement = restored.retirement
            full.states = restored.states
        } catch {
            throw refuse(.yearConsistency, "\(name) is not this year's audit trail: \(error)")
        }
        var diagnostics = RuleSet(RuleSet.standard.rules.filter(\.readsAuditTrail)).validate(full)
        if full.meta.status == .published { diagnostics = ReleasePolicy.apply(diagnostics) }
        let findings = diagnostics.filter { $0.severity == .error }
        if let first = findings.first {
            throw refuse(first.rule, "\(name): \(first.message)")
        }
        return provenance
    }
}
