import Foundation
import TaxDataCrypto

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
    public init(rules: RuleSet = .standard, signatures: SignaturePolicy = .none) {
        self.rules = rules
        self.signatures = signatures
    }

    public struct Result: Sendable {
        /// The decoded data, when the bundle is intact enough to decode.
        public var data: TaxYearData?
        public var manifest: Manifest?
        /// File name → diagnostics; content findings use the name of the document they concern.
        public var findings: [(file: String, diagnostic: Diagnostic)]
        public var isValid: Bool { data != nil && !findings.contains { $0.diagnostic.severity == .error } }
    }

    /// Verifies a year given `manifest.json`'s bytes and every other file in the year directory.
    /// - Parameter now: when given, data whose expiration date is before it is reported.
    public func verify(manifestBytes: Data, files: [String: Data], now: ISODate? = nil) -> Result {
        var findings: [(String, Diagnostic)] = []
        func fail(_ file: String, _ rule: RuleID, _ message: String) {
            findings.append((file, .error(rule, message)))
        }
        let manifestName = BundleLayout.manifestName
        let manifest: Manifest
        do {
            manifest = try CanonicalJSON.decode(Manifest.self, from: manifestBytes)
        } catch {
            fail(manifestName, .bundleManifest, "manifest does not decode: \(DecodeErrorText.describe(error))")
            return Result(data: nil, manifest: nil, findings: findings)
        }
        for finding in signatures.check(message: manifestBytes, envelope: files[BundleLayout.signatureName],
                                        signatureFile: BundleLayout.signatureName) {
            findings.append((BundleLayout.signatureName, finding))
        }
        guard SchemaVersion.supportedMajors.contains(manifest.schemaVersion.major) else {
            fail(manifestName, .schemaUnsupported, "schemaVersion \(manifest.schemaVersion) is not supported by this build")
            return Result(data: nil, manifest: manifest, findings: findings)
        }
        // Names.
        let named = Set(manifest.checksums.keys).union(manifest.files.all).union(manifest.sizes.keys)
        for name in named.sorted() where !Manifest.isPlainFileName(name) {
            fail(manifestName, .bundleFileName, "manifest names '\(name)': only plain file names in the year directory are allowed")
        }
        guard !findings.contains(where: { $0.1.rule == .bundleFileName }) else {
            return Result(data: nil, manifest: manifest, findings: findings)
        }
        for name in manifest.files.all where manifest.checksums[name] == nil {
            fail(manifestName, .bundleManifest, "files lists '\(name)' but checksums has no entry for it")
        }
        // Sizes and checksums.
        var intact: [String: Data] = [:]
        for name in manifest.checksums.keys.sorted() {
            guard let bytes = files[name] else {
                fail(name, .bundleMissingFile, "listed in the manifest but missing")
                continue
            }
            guard let size = manifest.sizes[name] else {
                fail(manifestName, .bundleManifest, "no size for '\(name)'")
                continue
            }
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
                let got = Manifest.checksum(try SHA256.hexDigest(bytes))
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
        func decode<T: Decodable>(_ type: T.Type, _ name: String) -> T? {
            do { return try CanonicalJSON.decode(type, from: intact[name]!) } catch {
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
        if let now, let expiration = ISODate(manifest.expirationDate), expiration < now {
            fail(manifestName, .bundleExpired, "data for \(manifest.taxYear) expired on \(expiration) (now \(now))")
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
