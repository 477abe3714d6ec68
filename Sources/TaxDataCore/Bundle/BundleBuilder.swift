import Foundation

/// A file to write: a name relative to the output root, and its exact bytes.
public struct OutputFile: Sendable, Equatable {
    public var path: String
    public var contents: Data
    public init(path: String, contents: Data) {
        self.path = path
        self.contents = contents
    }
}

/// Turns validated year data into bundle bytes. Pure: nothing here touches the disk.
public enum BundleBuilder {
    /// The files of one year's bundle (four documents, the combined document, the manifest),
    /// with paths relative to the year directory. `crypto` computes the checksums.
    public static func build(_ data: TaxYearData, crypto: any BundleCrypto = PortableCrypto()) throws -> (files: [OutputFile], manifest: Manifest) {
        let data = data.withoutLocalities
        let layout = BundleLayout(year: data.meta.taxYear)
        let year = data.meta.taxYear
        let documents: [(String, Data)] = [
            (layout.federal, try CanonicalJSON.encode(data.federal)),
            (layout.fica, try CanonicalJSON.encode(data.fica)),
            (layout.states, try CanonicalJSON.encode(StatesDocument(year: year, states: data.states))),
            (layout.retirement, try CanonicalJSON.encode(data.retirement)),
            (layout.combined, try CanonicalJSON.encode(CombinedDocument(data))),
        ]
        var checksums: [String: String] = [:]
        var sizes: [String: Int] = [:]
        for (name, bytes) in documents {
            checksums[name] = Manifest.checksum(try crypto.sha256Hex(bytes))
            sizes[name] = bytes.count
        }
        let manifest = Manifest(
            schemaVersion: data.meta.schemaVersion, taxYear: year, version: data.meta.version,
            status: data.meta.status.rawValue, effectiveDate: data.meta.effectiveDate,
            expirationDate: data.meta.expirationDate,
            files: .init(federal: layout.federal, fica: layout.fica, states: layout.states,
                         retirement: layout.retirement, combined: layout.combined),
            checksums: checksums, sizes: sizes, changes: data.meta.changes)
        let files = documents.map { OutputFile(path: $0.0, contents: $0.1) }
            + [OutputFile(path: BundleLayout.manifestName, contents: try CanonicalJSON.encode(manifest))]
        return (files, manifest)
    }

    /// The files of one year's app form (docs/bundle-contract.md "The app form"), with paths
    /// relative to its directory (`<year>/app/`): `app_<year>.json`, the combined document without
    /// its audit trail, and `provenance_<year>.json`, the audit trail, both compact
    /// (`CanonicalJSON.encodeCompact`); and their manifest, which lists exactly those two.
    public static func buildApp(_ data: TaxYearData, crypto: any BundleCrypto = PortableCrypto()) throws -> (files: [OutputFile], manifest: Manifest) {
        let layout = BundleLayout(year: data.meta.taxYear)
        let (app, provenance) = CombinedDocument(data.withoutLocalities).splittingAuditTrail()
        let documents: [(String, Data)] = [
            (layout.app, try CanonicalJSON.encodeCompact(app)),
            (layout.provenance, try CanonicalJSON.encodeCompact(provenance)),
        ]
        let manifest = Manifest(
            schemaVersion: data.meta.schemaVersion, taxYear: data.meta.taxYear, version: data.meta.version,
            status: data.meta.status.rawValue, effectiveDate: data.meta.effectiveDate,
            expirationDate: data.meta.expirationDate, files: .init(app: layout.app, provenance: layout.provenance),
            checksums: Dictionary(uniqueKeysWithValues: try documents.map { ($0.0, Manifest.checksum(try crypto.sha256Hex($0.1))) }),
            sizes: Dictionary(uniqueKeysWithValues: documents.map { ($0.0, $0.1.count) }), changes: data.meta.changes)
        let files = documents.map { OutputFile(path: $0.0, contents: $0.1) }
            + [OutputFile(path: BundleLayout.manifestName, contents: try CanonicalJSON.encode(manifest))]
        return (files, manifest)
    }

    /// A whole dist: `<year>/…` for each year, with its app form in `<year>/app/`, plus `index.json`. With signing keys, each
    /// `manifest.json` and `index.json` gets a detached `.sig` (`SignatureEnvelope`), and the index
    /// carries `validity` (`issuedAt`, `expires`); an unsigned index never has one, so an unsigned
    /// build stays byte-for-byte deterministic. The keys are the toolchain's
    /// (`TaxDataCrypto.Ed25519PrivateKey`); `crypto` computes the checksums. `vectors` makes a
    /// year's conformance vectors (the reference calculator is not a dependency of this module:
    /// `taxdata build` passes `ConformanceVectorMaker.make`); each year it returns some for gets a
    /// vectors form, `<year>/vectors/`.
    public static func buildDist(_ years: [TaxYearData], signingKeys: [any Ed25519Signer] = [], validity: IndexValidity? = nil,
                                 crypto: any BundleCrypto = PortableCrypto(),
                                 vectors: (TaxYearData) throws -> ConformanceVectors? = { _ in nil }) throws -> [OutputFile] {
        var output: [OutputFile] = []
        var entries: [BundleIndex.Entry] = []
        for data in years.sorted(by: { $0.meta.taxYear < $1.meta.taxYear }) {
            let year = data.meta.taxYear
            let (files, manifest) = try build(data, crypto: crypto)
            output += files.map { OutputFile(path: "\(year)/\($0.path)", contents: $0.contents) }
            let manifestBytes = files.last!.contents
            let appDirectory = "\(year)/\(BundleLayout.appDirectory)"
            let app = try buildApp(data, crypto: crypto)
            output += app.files.map { OutputFile(path: "\(appDirectory)/\($0.path)", contents: $0.contents) }
            let appManifestBytes = app.files.last!.contents
            let localDirectory = "\(year)/\(BundleLayout.localDirectory)"
            let local = try buildLocal(data, crypto: crypto)
            if let local {
                output += local.files.map { OutputFile(path: "\(localDirectory)/\($0.path)", contents: $0.contents) }
                if !signingKeys.isEmpty {
                    output.append(OutputFile(path: "\(localDirectory)/\(BundleLayout.signatureName)",
                                             contents: try SignatureEnvelope.sign(local.files.last!.contents, with: signingKeys)))
                }
            }
            let vectorsDirectory = "\(year)/\(BundleLayout.vectorsDirectory)"
            let vectorsForm = try vectors(data).map { try buildVectors($0, of: data, crypto: crypto) }
            if let vectorsForm {
                output += vectorsForm.files.map { OutputFile(path: "\(vectorsDirectory)/\($0.path)", contents: $0.contents) }
                if !signingKeys.isEmpty {
                    output.append(OutputFile(path: "\(vectorsDirectory)/\(BundleLayout.signatureName)",
                                             contents: try SignatureEnvelope.sign(vectorsForm.files.last!.contents, with: signingKeys)))
                }
            }
            if !signingKeys.isEmpty {
                output.append(OutputFile(path: "\(year)/\(BundleLayout.signatureName)",
                                         contents: try SignatureEnvelope.sign(manifestBytes, with: signingKeys)))
                output.append(OutputFile(path: "\(appDirectory)/\(BundleLayout.signatureName)",
                                         contents: try SignatureEnvelope.sign(appManifestBytes, with: signingKeys)))
            }
            entries.append(.init(taxYear: year, version: manifest.version, status: manifest.status,
                                 manifest: "\(year)/\(BundleLayout.manifestName)",
                                 manifestChecksum: Manifest.checksum(try crypto.sha256Hex(manifestBytes)),
                                 manifestSize: manifestBytes.count,
                                 app: .init(manifest: "\(appDirectory)/\(BundleLayout.manifestName)",
                                            manifestChecksum: Manifest.checksum(try crypto.sha256Hex(appManifestBytes)),
                                            manifestSize: appManifestBytes.count),
                                 local: try local.map { local in
                                     let bytes = local.files.last!.contents
                                     return .init(manifest: "\(localDirectory)/\(BundleLayout.manifestName)",
                                                  manifestChecksum: Manifest.checksum(try crypto.sha256Hex(bytes)), manifestSize: bytes.count)
                                 },
                                 vectors: try vectorsForm.map { form in
                                     let bytes = form.files.last!.contents
                                     return .init(manifest: "\(vectorsDirectory)/\(BundleLayout.manifestName)",
                                                  manifestChecksum: Manifest.checksum(try crypto.sha256Hex(bytes)), manifestSize: bytes.count)
                                 }))
        }
        let index = BundleIndex(schemaVersion: .current, years: entries)
        if signingKeys.isEmpty {
            output.append(OutputFile(path: BundleLayout.indexName, contents: try CanonicalJSON.encode(index)))
        } else {
            output += try signedIndex(index, validity: validity, keys: signingKeys)
        }
        return output
    }

    /// `index.json` with `validity` written into it, and `index.json.sig` over its exact bytes:
    /// what `build --sign-key` writes, and what `taxdata sign` writes again over an existing dist's
    /// index with a new validity (the entries, and so the manifests they vouch for, unchanged).
    public static func signedIndex(_ index: BundleIndex, validity: IndexValidity?, keys: [any Ed25519Signer]) throws -> [OutputFile] {
        let bytes = try CanonicalJSON.encode(validity.map { $0.stamped(index) } ?? index)
        return [OutputFile(path: BundleLayout.indexName, contents: bytes),
                OutputFile(path: BundleLayout.indexSignatureName, contents: try SignatureEnvelope.sign(bytes, with: keys))]
    }
}
