import Foundation
import TaxDataCore

extension TaxDataProvider {
    /// A refresh with a trusted TUF root: the specification's client workflow (`TUFRefresh`) over
    /// `<base>/<tufPath>/metadata/`, then the year's manifest and the files it lists as targets from
    /// `<base>/<tufPath>/targets/` by their hashed names, each within its listed length and checked
    /// against its listed SHA-256 before the bundle checks run on it. Every root accepted on the way
    /// is kept even if a later step fails.
    func refreshTUF(embeddedRoot: Data, base: URL, year: Int, now: Date) async throws {
        let tuf = base.appendingPathComponent(configuration.tufPath)
        let metadataURL = tuf.appendingPathComponent("metadata")
        // Rollback is decided against the newest metadata any process sharing the cache accepted.
        if let onDisk = try? store.withExclusiveAccess({ ClientState.decode(try store.loadState()) }) {
            state.merge(onDisk)
        }
        let local = trusted.tufLocal(embeddedRoot: embeddedRoot, now: now)
        let limit = configuration.maxResponseBytes
        var roots: [Data] = []
        let set: TUFTrustedSet
        do {
            set = try await TUFRefresh.run(local, now: now, onRoot: { roots.append($0) }) { name, maxBytes in
                let response = try await self.get(metadataURL.appendingPathComponent(name), year: year, maxBytes: min(maxBytes, limit))
                if response.status == 404 { return nil }
                try ClientVerification.requireOK(response, year: year, what: name)
                return response.body
            }
        } catch let error as TUFError {
            if let root = roots.last {
                trusted.recordTUFRoot(root)
                persistState()
            }
            throw Rejection(error, year: year)
        }
        trusted.recordTUF(set, now: now)
        persistState()
        guard case .fetchTarget(let manifestPath, let directory) = try trusted.tufListing(set, year: year) else {
            markFresh(year, now: now)
            return
        }

        func target(_ path: String) async throws -> Data {
            guard set.targets?.targets[path] != nil else {
                throw Rejection(source: .remote, taxYear: year, reason: .tufMissing, detail: "\(path) is listed by its manifest but is not a TUF target")
            }
            let response = try await tufTarget(path, in: set, base: base, year: year)
            try ClientVerification.requireOK(response, year: year, what: path)
            return response.body
        }
        let manifestBytes = try await target(manifestPath)
        let signaturePath = "\(directory)/\(BundleLayout.signatureName)"
        let signature = set.targets?.targets[signaturePath] == nil ? nil : try await target(signaturePath)
        let manifest = try trusted.acceptManifest(manifestBytes, signature: signature, entry: nil, year: year, maxFileBytes: limit)
        var files: [String: Data] = [BundleLayout.manifestName: manifestBytes]
        files[BundleLayout.signatureName] = ClientVerification.storableSignature(signature)
        // The app form's provenance document is fetched only when an app asks for it (`provenance(year:)`).
        for name in manifest.checksums.keys.sorted() where name != manifest.files.provenance {
            files[name] = try await target("\(directory)/\(name)")
        }
        let data = try trusted.acceptFiles(files, manifestBytes: manifestBytes, manifest: manifest, year: year, now: now)
        try accept(data, files: files, etag: nil, year: year, now: now)
    }

    /// The TUF metadata the last refresh accepted, trusted again as it was then.
    func acceptedTUF(year: Int) throws -> TUFTrustedSet {
        guard let kept = state.tuf, let local = kept.local() else {
            throw Rejection(source: .remote, taxYear: year, reason: .tufMissing, detail: "no TUF refresh has been accepted yet: refresh first")
        }
        do {
            return try TUFRefresh.accepted(local, acceptedAt: kept.checkedAt ?? clock.now())
        } catch let error as TUFError {
            throw Rejection(error, year: year)
        }
    }

    /// A target of `set` by its hashed name under `<base>/<tufPath>/targets/`, within its listed
    /// length and checked against its SHA-256; a path the targets do not list answers 404.
    func tufTarget(_ path: String, in set: TUFTrustedSet, base: URL, year: Int) async throws -> HTTPResponse {
        guard set.targets?.targets[path] != nil else { return HTTPResponse(status: 404) }
        let file: TUFMetadata.TargetFile, fetchPath: String
        do { (file, fetchPath) = try set.target(path) } catch let error as TUFError { throw Rejection(error, year: year) }
        guard file.length <= configuration.maxResponseBytes else {
            throw Rejection(source: .remote, taxYear: year, reason: .transportTooLarge, detail: "\(path): listed at \(file.length) bytes, over the \(configuration.maxResponseBytes)-byte limit")
        }
        // Exactly the listed length: a server that sends more is cut off there.
        let url = base.appendingPathComponent(configuration.tufPath).appendingPathComponent("targets").appendingPathComponent(fetchPath)
        let response = try await get(url, year: year, maxBytes: file.length)
        try ClientVerification.requireOK(response, year: year, what: path)
        do { try set.verifyTarget(path, response.body) } catch let error as TUFError { throw Rejection(error, year: year) }
        return response
    }
}
