import Foundation

/// Proves that one year's bundle is exactly what its manifest says, and that its contents pass
/// the same rules as `taxdata check`. Pure: the caller supplies the bytes of every file found.
///
/// Checks, in order: the manifest decodes; its signature, per the `SignaturePolicy`; its schema major is supported; every name is a
/// plain file name; every listed file exists with its size and SHA-256; no unlisted file is
/// present; the documents decode, agree with each other and with the manifest, and pass `RuleSet`.
public struct BundleVerifier: Sendable {
    /// Files that may sit beside the listed ones without being listed.
    public static let permittedUnlisted: Set<String> = [BundleLayout.manifestName, BundleLayout.signatureName]

    public var rules: RuleSet
    public var signatures: SignaturePolicy
    /// Hashes the files and verifies the signatures: swift-crypto by default (the client), OpenSSL
    /// in the toolchain (`TaxDataCrypto.OpenSSLCrypto`). The two are tested to agree.
    public var crypto: any BundleCrypto
    public init(rules: RuleSet = .standard, signatures: SignaturePolicy = .none, crypto: any BundleCrypto = PortableCrypto()) {
        self.rules = rules
        self.signatures = signatures
        self.crypto = crypto
    }

    public struct Result: Sendable {
        /// The decoded data, when the bundle is intact enough to decode.
        public var data: TaxYearData?
        public var manifest: Manifest?
        /// File name → diagnostics; content findings use the name of the document they concern.
        public var findings: [(file: String, diagnostic: Diagnostic)]
        public var isValid: Bool { data != nil && !findings.contains { $0.diagnostic.severity == .error } }
    }

    /// Checks a manifest before any file it lists is read or fetched: it decodes; its signature,
    /// per the `SignaturePolicy` (`signature` is the bytes of `manifest.json.sig`, if any); its
    /// schema major is supported; every name is a plain file name; it lists exactly the contract's
    /// documents, each with a checksum and a size, and no other file (`bundle.extra-file`); and,
    /// when `maxFileBytes` is given, no listed size exceeds it.
    ///
    /// The client runs this on a downloaded manifest so a hostile one costs no further download.
    public func verifyManifest(_ manifestBytes: Data, signature: Data?, maxFileBytes: Int? = nil)
        -> (manifest: Manifest?, findings: [(file: String, diagnostic: Diagnostic)]) {
        var findings: [(file: String, diagnostic: Diagnostic)] = []
        func fail(_ file: String, _ rule: RuleID, _ message: String) {
            findings.append((file, .error(rule, message)))
        }
        let manifestName = BundleLayout.manifestName
        let manifest: Manifest
        do {
            manifest = try CanonicalJSON.decode(Manifest.self, from: manifestBytes)
        } catch {
            fail(manifestName, .bundleManifest, "manifest does not decode: \(DecodeErrorText.describe(error))")
            return (nil, findings)
        }
        for finding in signatures.check(message: manifestBytes, envelope: signature, signatureFile: BundleLayout.signatureName, crypto: crypto) {
            findings.append((BundleLayout.signatureName, finding))
        }
        guard SchemaVersion.supportedMajors.contains(manifest.schemaVersion.major) else {
            fail(manifestName, .schemaUnsupported, "schemaVersion \(manifest.schemaVersion) is not supported by this build")
            return (manifest, findings)
        }
        let named = Set(manifest.checksums.keys).union(manifest.files.all).union(manifest.sizes.keys)
        for name in named.sorted() where !Manifest.isPlainFileName(name) {
            fail(manifestName, .bundleFileName, "manifest names '\(name)': only plain file names in the year directory are allowed")
        }
        guard !findings.contains(where: { $0.diagnostic.rule == .bundleFileName }) else { return (manifest, findings) }
        let documents = Set(manifest.files.all)
        for name in manifest.files.all where manifest.checksums[name] == nil {
            fail(manifestName, .bundleManifest, "files lists '\(name)' but checksums has no entry for it")
        }
        for name in named.subtracting(documents).sorted() {
            fail(manifestName, .bundleExtraFile, "manifest lists '\(name)', which is not one of the bundle's documents (\(manifest.files.all.joined(separator: ", ")))")
        }
        for name in manifest.checksums.keys.sorted() {
            guard let size = manifest.sizes[name] else {
                fail(manifestName, .bundleManifest, "no size for '\(name)'")
                continue
            }
            if size < 0 || (maxFileBytes.map { size > $0 } ?? false) {
                fail(manifestName, .bundleSize, "'\(name)' is listed with \(size) bytes, beyond the \(maxFileBytes ?? 0)-byte limit for one file")
            }
        }
        return (manifest, findings)
    }

    /// Verifies a year given `manifest.json`'s bytes and every other file in the year directory.
    /// - Parameter now: when given, data whose expiration date is before it is reported.
    public func verify(manifestBytes: Data, files: [String: Data], now: ISODate? = nil, expiry: ExpiryPolicy = .pastYearsStayValid) -> Result {
        let manifestName = BundleLayout.manifestName
        let checked = verifyManifest(manifestBytes, signature: files[BundleLayout.signatureName])
        var findings: [(String, Diagnostic)] = checked.findings.map { ($0.file, $0.diagnostic) }
        func fail(_ file: String, _ rule: RuleID, _ message: String) {
            findings.append((file, .error(rule, message)))
        }
        guard let manifest = checked.manifest,
              !findings.contains(where: { [.schemaUnsupported, .bundleFileName, .bundleExtraFile].contains($0.1.rule) }) else {
            return Result(data: nil, manifest: checked.manifest, findings: findings)
        }
        let canonical = CanonicalCheck.applies(to: manifest.schemaVersion)
        if canonical, let difference = CanonicalCheck.mismatch(manifestBytes, canonical: manifest) {
            fail(manifestName, .bundleNotCanonical, difference)
        }
        // Sizes and checksums.
        var intact: [String: Data] = [:]
        for name in manifest.checksums.keys.sorted() {
            guard let bytes = files[name] else {
                fail(name, .bundleMissingFile, "listed in the manifest but missing")
                continue
            }
            guard let size = manifest.sizes[name] else { continue }
            if bytes.count != size {
                fail(name, .bundleSize, "is \(bytes.count) bytes; the manifest says \(size)")
                continue
            }
            let want = manifest.checksums[name]!
            guard want.hasPrefix("sha256:"), let wantHex = Hex.decode(String(want.dropFirst(7))), wantHex.count == 32,
                  want == want.lowercased() else {
                fail(manifestName, .bundleManifest, "checksum for '\(name)' is not sha256:<64 lowercase hex>")
                continue
            }
            do {
                let got = Manifest.checksum(try crypto.sha256Hex(bytes))
                if got != want {
                    fail(name, .bundleChecksum, "SHA-256 is \(got); the manifest says \(want)")
                    continue
                }
            } catch {
                fail(name, .bundleChecksum, "could not hash: \(error)")
                continue
            }
            intact[name] = bytes
        }
        for name in files.keys.sorted() where manifest.checksums[name] == nil && !Self.permittedUnlisted.contains(name) {
            fail(name, .bundleUnlistedFile, "is not listed in the manifest")
        }
        guard findings.isEmpty else { return Result(data: nil, manifest: manifest, findings: findings) }

        // Contents.
        let documents = manifest.files
        func decode<T: Codable>(_ type: T.Type, _ name: String) -> T? {
            do {
                let value = try CanonicalJSON.decode(type, from: intact[name]!)
                if canonical, let difference = CanonicalCheck.mismatch(intact[name]!, canonical: value) {
                    fail(name, .bundleNotCanonical, difference)
                    return nil
                }
                return value
            } catch {
                fail(name, .bundleDecode, "does not decode: \(DecodeErrorText.describe(error))")
                return nil
            }
        }
        let federal = decode(FederalData.self, documents.federal)
        let fica = decode(FICAData.self, documents.fica)
        let states = decode(StatesDocument.self, documents.states)
        let retirement = decode(RetirementData.self, documents.retirement)
        let combined = documents.combined.flatMap { decode(CombinedDocument.self, $0) }
        guard let federal, let fica, let states, let retirement else {
            return Result(data: nil, manifest: manifest, findings: findings)
        }
        let data = TaxYearData(meta: manifest.meta, federal: federal, fica: fica, retirement: retirement, states: states.states)
        if states.year != manifest.taxYear {
            fail(documents.states, .yearConsistency, "year is \(states.year) but the manifest is for \(manifest.taxYear)")
        }
        if let combined, let name = documents.combined, combined != CombinedDocument(data) {
            fail(name, .bundleInconsistent, "the combined document differs from the four documents it combines")
        }
        for diagnostic in rules.validate(data) {
            findings.append((Self.fileName(for: diagnostic.path, in: manifest), diagnostic))
        }
        if let now, let expiration = ISODate(manifest.expirationDate), expiry.isExpired(expiration: expiration, taxYear: manifest.taxYear, today: now) {
            let when = expiry == .strict ? "" : ", before the end of its tax year"
            fail(manifestName, .bundleExpired, "data for \(manifest.taxYear) expired on \(expiration)\(when) (now \(now))")
        }
        return Result(data: data, manifest: manifest, findings: findings)
    }

    /// The bundle file a content finding is about.
    public static func fileName(for path: DataPath?, in manifest: Manifest) -> String {
        switch path?.document {
        case .federal: manifest.files.federal
        case .fica: manifest.files.fica
        case .retirement: manifest.files.retirement
        case .state: manifest.files.states
        case .year, nil: BundleLayout.manifestName
        }
    }
}

/// Short, readable text for a `DecodingError`: what and where.
public enum DecodeErrorText {
    public static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String {
            let text = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "at the top level" : "at \(text.hasPrefix(".") ? String(text.dropFirst()) : text)"
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing key '\(key.stringValue)' \(path(context))"
        case .typeMismatch(_, let context): return "wrong type \(path(context)): \(context.debugDescription)"
        case .valueNotFound(_, let context): return "missing value \(path(context))"
        case .dataCorrupted(let context): return "\(context.debugDescription) \(path(context))"
        @unknown default: return String(describing: error)
        }
    }
}
