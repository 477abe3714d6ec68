import Foundation

/// One state's localities for one year (schema 1.13): `Y/local/XX_Y.json`, compact, with their
/// grades and citations. An app fetches the document of its user's state only.
public struct LocalDocument: Sendable, Equatable, Codable {
    public var schemaVersion: SchemaVersion
    public var taxYear: Int
    public var version: DataVersion
    /// The USPS code of the state the localities are in.
    public var state: String
    public var localities: [Locality]

    public init(schemaVersion: SchemaVersion, taxYear: Int, version: DataVersion, state: String, localities: [Locality]) {
        self.schemaVersion = schemaVersion
        self.taxYear = taxYear
        self.version = version
        self.state = state
        self.localities = localities
    }
}

/// The audit trail of a year's local form (`Y/local/provenance_Y.json`): each locality's `sources`
/// and `notes`, by state, in the order of its data document, which leaves them out.
public struct LocalProvenanceDocument: Sendable, Equatable, Codable {
    public struct Entry: Sendable, Equatable, Codable {
        public var id: String
        public var sources: [Citation]
        public var notes: String?
        public init(id: String, sources: [Citation], notes: String?) {
            self.id = id
            self.sources = sources
            self.notes = notes
        }
    }
    public var taxYear: Int
    public var version: DataVersion
    /// State code → one entry per locality, in order.
    public var states: [String: [Entry]]
    public init(taxYear: Int, version: DataVersion, states: [String: [Entry]]) {
        self.taxYear = taxYear
        self.version = version
        self.states = states
    }

    /// `localities` with their sources and notes put back; nil when the entries are not theirs
    /// (another count or another id at a position).
    public func restoring(_ localities: [Locality], of state: String) -> [Locality]? {
        guard let entries = states[state], entries.count == localities.count else { return nil }
        var restored = localities
        for (i, entry) in entries.enumerated() {
            guard entry.id == localities[i].id else { return nil }
            restored[i].sources = entry.sources
            restored[i].notes = entry.notes
        }
        return restored
    }
}

extension Locality {
    /// Without its citations and notes: what the local form's data documents hold.
    public var withoutAuditTrail: Locality {
        var copy = self
        copy.sources = []
        copy.notes = nil
        return copy
    }
}

extension BundleLayout {
    /// The local form's directory inside a year's (schema 1.13): `2026/local/`.
    public static let localDirectory = "local"
    /// A state's local document: `MD_2026.json`.
    public func local(_ state: String) -> String { "\(state)_\(year).json" }
    /// The local form's audit trail: `local_provenance_2026.json` in `local/`.
    public var localProvenance: String { "local_provenance_\(year).json" }
}

extension BundleBuilder {
    /// The files of one year's local form (docs/bundle-contract.md "The local form"), with paths
    /// relative to its directory (`<year>/local/`): one compact document per state that has
    /// localities (without their citations and notes), `provenance_<year>.json` (those), and their
    /// manifest. Nil when no state has any.
    public static func buildLocal(_ data: TaxYearData, crypto: any BundleCrypto = PortableCrypto()) throws -> (files: [OutputFile], manifest: Manifest)? {
        let byState = data.localities
        guard !byState.isEmpty else { return nil }
        let layout = BundleLayout(year: data.meta.taxYear)
        var documents: [(String, Data)] = []
        for code in byState.keys.sorted() {
            let document = LocalDocument(schemaVersion: data.meta.schemaVersion, taxYear: data.meta.taxYear, version: data.meta.version,
                                         state: code, localities: byState[code]!.map(\.withoutAuditTrail))
            documents.append((layout.local(code), try CanonicalJSON.encodeCompact(document)))
        }
        let trail = LocalProvenanceDocument(taxYear: data.meta.taxYear, version: data.meta.version,
                                            states: byState.mapValues { $0.map { .init(id: $0.id, sources: $0.sources, notes: $0.notes) } })
        documents.append((layout.localProvenance, try CanonicalJSON.encodeCompact(trail)))
        var files = Manifest.Files(app: "", provenance: layout.localProvenance)
        files.app = nil
        files.localities = Dictionary(uniqueKeysWithValues: byState.keys.map { ($0, layout.local($0)) })
        let manifest = Manifest(
            schemaVersion: data.meta.schemaVersion, taxYear: data.meta.taxYear, version: data.meta.version,
            status: data.meta.status.rawValue, effectiveDate: data.meta.effectiveDate, expirationDate: data.meta.expirationDate,
            files: files,
            checksums: Dictionary(uniqueKeysWithValues: try documents.map { ($0.0, Manifest.checksum(try crypto.sha256Hex($0.1))) }),
            sizes: Dictionary(uniqueKeysWithValues: documents.map { ($0.0, $0.1.count) }), changes: data.meta.changes)
        let output = documents.map { OutputFile(path: $0.0, contents: $0.1) }
            + [OutputFile(path: BundleLayout.manifestName, contents: try CanonicalJSON.encode(manifest))]
        return (output, manifest)
    }
}

/// Verifies a year's local form (`<year>/local/`) against the year it belongs to. Pure: the caller
/// supplies the bytes. The same checks run in `verify` and in the client when it fetches a
/// state's document:
///
/// - the manifest decodes, is signed as the policy requires, is a local form's (`files.localities`
///   only), of a supported schema major, and of the year and version of the year's data;
/// - every name is `XX_Y.json` for a state code XX, and the audit trail is `provenance_Y.json`;
///   each listed file is there with its size and SHA-256, and nothing else is;
/// - each document decodes, is compact canonical JSON, is of that state, year and version, and
///   carries no citation or note (they are in the audit trail, which is of the same publication);
/// - the localities, put into the year, pass the `locality.*` rules (with the audit trail: all of
///   them; an app, which does not fetch it, runs those that do not read citations).
public struct LocalFormVerifier: Sendable {
    public var signatures: SignaturePolicy
    public var crypto: any BundleCrypto
    public init(signatures: SignaturePolicy = .none, crypto: any BundleCrypto = PortableCrypto()) {
        self.signatures = signatures
        self.crypto = crypto
    }

    /// The locality rules (the standard set's `locality.*`).
    public static let rules = RuleSet(RuleSet.standard.rules.filter { $0.id.rawValue.hasPrefix("locality.") })

    public struct Result: Sendable {
        public var manifest: Manifest?
        /// State code → its localities, for the documents that passed.
        public var localities: [String: [Locality]]
        public var findings: [BundleFinding]
        public var isValid: Bool { manifest != nil && !findings.contains { $0.diagnostic.severity == .error } }
    }

    /// Checks the manifest alone, before a document is fetched (the client runs this first).
    public func verifyManifest(_ manifestBytes: Data, signature: Data?, year: YearMeta) -> (manifest: Manifest?, findings: [BundleFinding]) {
        let name = BundleLayout.manifestName
        let decoded = ManifestDecodes.decode(manifestBytes)
        guard let manifest = decoded.manifest else { return (nil, decoded.finding.map { [$0] } ?? []) }
        var findings: [BundleFinding] = signatures.check(message: manifestBytes, envelope: signature, signatureFile: BundleLayout.signatureName,
                                                         crypto: crypto).map { (BundleLayout.signatureName, $0) }
        if !SchemaVersion.supportedMajors.contains(manifest.schemaVersion.major) {
            findings.append((name, .error(.schemaUnsupported, "schema \(manifest.schemaVersion) is not a major this build reads")))
        }
        guard manifest.files.form == .local, let listed = manifest.files.localities else {
            findings.append((name, .error(.bundleManifest, "is not a local form's manifest: its files must be localities only")))
            return (nil, findings)
        }
        if let difference = manifest.differs(from: year) {
            findings.append((name, .error(.bundleInconsistent, "\(difference): the local form must be of the same publication")))
        }
        let layout = BundleLayout(year: year.taxYear)
        for code in listed.keys.sorted() {
            let file = listed[code]!
            if !Jurisdiction.isKnown(code) || file != layout.local(code) {
                findings.append((name, .error(.bundleFileName, "lists '\(file)' for '\(code)': expected a state code and \(code)_\(year.taxYear).json")))
            }
            if manifest.checksums[file] == nil || manifest.sizes[file] == nil {
                findings.append((name, .error(.bundleManifest, "\(file) has no checksum or no size")))
            }
        }
        let trail = layout.localProvenance
        if manifest.files.provenance != trail || manifest.checksums[trail] == nil || manifest.sizes[trail] == nil {
            findings.append((name, .error(.bundleFileName, "its audit trail must be \(trail), with a checksum and a size")))
        }
        let extra = Set(manifest.checksums.keys).union(manifest.sizes.keys).subtracting(listed.values).subtracting([trail])
        for file in extra.sorted() { findings.append((name, .error(.bundleManifest, "has a checksum or size for '\(file)', which it does not list"))) }
        return (manifest, findings)
    }

    /// The bytes of a file the manifest lists, checked against its size and SHA-256.
    func checkListed(_ bytes: Data, _ file: String, _ manifest: Manifest) -> BundleFinding? {
        if let size = manifest.sizes[file], size != bytes.count {
            return (file, .error(.bundleSize, "is \(bytes.count) bytes; the manifest lists \(size)"))
        }
        guard let expected = manifest.checksums[file], let hex = try? crypto.sha256Hex(bytes), expected == Manifest.checksum(hex) else {
            return (file, .error(.bundleChecksum, "SHA-256 does not match the manifest's"))
        }
        return nil
    }

    /// Verifies one state's document against a manifest that passed `verifyManifest`; returns its
    /// localities when it passes. With the form's audit trail (`verify`), the localities get their
    /// citations back and every `locality.*` rule runs; without it (an app), the rules that read
    /// citations do not.
    public func verifyDocument(_ bytes: Data, state code: String, manifest: Manifest, year: TaxYearData,
                               auditTrail: LocalProvenanceDocument? = nil) -> (localities: [Locality]?, findings: [BundleFinding]) {
        guard let file = manifest.files.localities?[code] else {
            return (nil, [(BundleLayout.manifestName, .error(.bundleMissingFile, "the local form of \(manifest.taxYear) has no document for \(code)"))])
        }
        if let refusal = checkListed(bytes, file, manifest) { return (nil, [refusal]) }
        let document: LocalDocument
        do { document = try CanonicalJSON.decode(LocalDocument.self, from: bytes) } catch {
            return (nil, [(file, .error(.bundleDecode, "does not decode: \(DecodeErrorText.describe(error))"))])
        }
        guard (try? CanonicalJSON.encodeCompact(document)) == bytes else {
            return (nil, [(file, .error(.bundleNotCanonical, "is not compact canonical JSON (an unknown or duplicate key, or other spacing)"))])
        }
        guard document.state == code, document.taxYear == manifest.taxYear, document.version == manifest.version else {
            return (nil, [(file, .error(.bundleInconsistent, "holds \(document.state) \(document.taxYear) version \(document.version), not \(code) of its manifest"))])
        }
        if document.localities.contains(where: { !$0.sources.isEmpty || $0.notes != nil }) {
            return (nil, [(file, .error(.bundleInconsistent, "carries citations or notes, which belong in \(BundleLayout(year: manifest.taxYear).localProvenance)"))])
        }
        var localities = document.localities
        if let auditTrail {
            guard let restored = auditTrail.restoring(localities, of: code) else {
                return (nil, [(file, .error(.bundleInconsistent, "its localities are not those of the audit trail's \(code) entries"))])
            }
            localities = restored
        }
        var data = year
        guard data.states[code] != nil else {
            return (nil, [(file, .error(.bundleInconsistent, "is of \(code), which the year does not have"))])
        }
        data.states[code]!.localities = localities
        let rules = auditTrail == nil ? RuleSet(Self.rules.rules.filter { !$0.readsAuditTrail }) : Self.rules
        let findings = rules.validate(data).map { (file, $0) }
        return (findings.contains { $0.1.severity == .error } ? nil : localities, findings)
    }

    /// The whole local form: the manifest, every listed document, nothing unlisted, and the
    /// localities of all states together (an id is unique across states: `locality.duplicate`).
    public func verify(manifestBytes: Data, files: [String: Data], year: TaxYearData) -> Result {
        var (manifest, findings) = verifyManifest(manifestBytes, signature: files[BundleLayout.signatureName], year: year.meta)
        guard let manifest, !findings.contains(where: { $0.diagnostic.severity == .error }) else {
            return Result(manifest: nil, localities: [:], findings: findings)
        }
        let listed = manifest.files.localities ?? [:]
        let trailName = BundleLayout(year: manifest.taxYear).localProvenance
        for name in files.keys.sorted() where name != BundleLayout.signatureName && name != trailName && !listed.values.contains(name) {
            findings.append((name, .error(.bundleUnlistedFile, "is not listed in the local form's manifest")))
        }
        // The audit trail first: every document is verified with its citations put back.
        guard let trailBytes = files[trailName] else {
            findings.append((trailName, .error(.bundleMissingFile, "listed in the manifest but missing")))
            return Result(manifest: manifest, localities: [:], findings: findings)
        }
        if let refusal = checkListed(trailBytes, trailName, manifest) {
            return Result(manifest: manifest, localities: [:], findings: findings + [refusal])
        }
        let trail: LocalProvenanceDocument
        do { trail = try CanonicalJSON.decode(LocalProvenanceDocument.self, from: trailBytes) } catch {
            return Result(manifest: manifest, localities: [:], findings: findings + [(trailName, .error(.bundleDecode, "does not decode: \(DecodeErrorText.describe(error))"))])
        }
        guard (try? CanonicalJSON.encodeCompact(trail)) == trailBytes else {
            return Result(manifest: manifest, localities: [:], findings: findings + [(trailName, .error(.bundleNotCanonical, "is not compact canonical JSON"))])
        }
        if trail.taxYear != manifest.taxYear || trail.version != manifest.version || Set(trail.states.keys) != Set(listed.keys) {
            return Result(manifest: manifest, localities: [:], findings: findings + [(trailName, .error(.bundleInconsistent,
                "is not the audit trail of this local form (another year, version or set of states)"))])
        }
        var localities: [String: [Locality]] = [:]
        for code in listed.keys.sorted() {
            guard let bytes = files[listed[code]!] else {
                findings.append((listed[code]!, .error(.bundleMissingFile, "listed in the manifest but missing")))
                continue
            }
            let result = verifyDocument(bytes, state: code, manifest: manifest, year: year, auditTrail: trail)
            findings += result.findings.filter { $0.diagnostic.rule != .localityDuplicate }
            if let list = result.localities { localities[code] = list }
        }
        var all = year
        for (code, list) in localities where all.states[code] != nil { all.states[code]!.localities = list }
        findings += LocalityDuplicate().check(all).map { finding in
            let code = finding.path.flatMap { path -> String? in if case .state(let c) = path.document { c } else { nil } }
            return (code.flatMap { listed[$0] } ?? BundleLayout.manifestName, finding)
        }
        return Result(manifest: manifest, localities: localities, findings: findings)
    }
}
