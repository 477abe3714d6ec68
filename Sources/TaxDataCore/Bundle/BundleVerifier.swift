import Foundation

/// Proves that one year's bundle is exactly what its manifest says, and that its contents pass
/// the same rules as `taxdata check`. Pure: the caller supplies the bytes of every file found.
///
/// It composes the catalogue's checks (`BundleChecks`, one per file under `Bundle/Checks/`), stage
/// by stage: the manifest decodes (`ManifestDecodes`); the manifest stage (signature, schema major,
/// plain names, exactly the contract's documents, sizes); the file stage (canonical manifest, sizes
/// and checksums, nothing unlisted); the documents decode (`DocumentsDecode`); the content stage
/// (documents consistent, the `RuleSet`, expiry). Callers add their own checks (`extraChecks`).
public struct BundleVerifier: Sendable {
    /// Files that may sit beside the listed ones without being listed.
    public static let permittedUnlisted: Set<String> = NothingUnlisted.permitted

    public var rules: RuleSet
    public var signatures: SignaturePolicy
    /// Hashes the files and verifies the signatures: swift-crypto by default (the client), OpenSSL
    /// in the toolchain (`TaxDataCrypto.OpenSSLCrypto`). The two are tested to agree.
    public var crypto: any BundleCrypto
    /// Checks run after the standard ones of their stage: `NoRollback`, `ExpectedYear`, `PublishedVersionGuard`.
    public var extraChecks: [any BundleCheck]
    /// Whether an app form's provenance document may be absent (the client's choice).
    public var auditTrail: AuditTrailPolicy

    public init(rules: RuleSet = .standard, signatures: SignaturePolicy = .none, crypto: any BundleCrypto = PortableCrypto(),
                extraChecks: [any BundleCheck] = [], auditTrail: AuditTrailPolicy = .required) {
        self.rules = rules
        self.signatures = signatures
        self.crypto = crypto
        self.extraChecks = extraChecks
        self.auditTrail = auditTrail
    }

    public struct Result: Sendable {
        /// The decoded data, when the bundle is intact enough to decode.
        public var data: TaxYearData?
        public var manifest: Manifest?
        /// File name → diagnostics; content findings use the name of the document they concern.
        public var findings: [BundleFinding]
        public var isValid: Bool { data != nil && !findings.contains { $0.diagnostic.severity == .error } }
        /// The `VerificationMemo` token of these bytes when they are valid: remember it to skip
        /// the byte-only checks the next time the same bytes are verified.
        public var memo: String?
        /// Whether the byte-only checks were skipped because `remembered` held the token.
        public var usedMemo = false
    }

    /// The checks this verifier runs, in order.
    public func checks(maxFileBytes: Int? = nil, now: ISODate? = nil, expiry: ExpiryPolicy = .pastYearsStayValid) -> [any BundleCheck] {
        let all = BundleChecks.standard(signatures: signatures, crypto: crypto, rules: rules, maxFileBytes: maxFileBytes, now: now, expiry: expiry,
                                        auditTrail: auditTrail)
            + extraChecks
        return BundleCheckStage.allCases.flatMap { stage in all.filter { $0.stage == stage } }
    }

    /// Checks a manifest before any file it lists is read or fetched (the manifest stage):
    /// it decodes; its signature, per the `SignaturePolicy` (`signature` is the bytes of
    /// `manifest.json.sig`, if any); its schema major is supported; every name is a plain file
    /// name; it lists exactly the contract's documents, each with a checksum and a size, and no
    /// other file; when `maxFileBytes` is given, no listed size exceeds it; and the extra checks
    /// of the manifest stage (the client's `NoRollback` and `ExpectedYear`).
    ///
    /// The client runs this on a downloaded manifest so a hostile one costs no further download.
    public func verifyManifest(_ manifestBytes: Data, signature: Data?, maxFileBytes: Int? = nil)
        -> (manifest: Manifest?, findings: [BundleFinding]) {
        let decoded = ManifestDecodes.decode(manifestBytes)
        guard let manifest = decoded.manifest else { return (nil, decoded.finding.map { [$0] } ?? []) }
        let candidate = BundleCandidate(manifestBytes: manifestBytes, manifest: manifest, signature: signature)
        var findings: [BundleFinding] = []
        _ = Self.run(checks(maxFileBytes: maxFileBytes), .manifest, candidate, into: &findings)
        return (manifest, findings)
    }

    /// Verifies a year given `manifest.json`'s bytes and every other file in the year directory.
    /// - Parameter hashed: listed files read and hashed in constant memory instead of held (see `HashedFile`).
    /// - Parameter now: when given, data whose expiration date is before it is reported, as `expiry` reads it.
    /// - Parameter remembered: `VerificationMemo` tokens of bytes that passed before: when the
    ///   manifest's token is among them, the checks that depend only on the bytes are skipped
    ///   (every SHA-256 is still checked, so the bytes are those that passed).
    public func verify(manifestBytes: Data, files: [String: Data], hashed: [String: HashedFile] = [:], now: ISODate? = nil, expiry: ExpiryPolicy = .pastYearsStayValid,
                       remembered: Set<String> = []) -> Result {
        let decoded = ManifestDecodes.decode(manifestBytes)
        guard let manifest = decoded.manifest else { return Result(data: nil, manifest: nil, findings: decoded.finding.map { [$0] } ?? []) }
        let token = VerificationMemo.token(manifestBytes: manifestBytes, verifier: self)
        let usedMemo = token.map(remembered.contains) ?? false
        var checks = checks(now: now, expiry: expiry)
        if usedMemo { checks.removeAll(where: \.dependsOnlyOnBytes) }
        var candidate = BundleCandidate(manifestBytes: manifestBytes, manifest: manifest, signature: files[BundleLayout.signatureName], files: files,
                                        hashed: hashed)
        var findings: [BundleFinding] = []
        // A halting manifest error stops here; others still let the files be checked, so that a
        // signature failure also reports a tampered file. Content is read only from a clean bundle.
        guard !Self.run(checks, .manifest, candidate, into: &findings),
              !Self.run(checks, .files, candidate, into: &findings),
              !containsError(findings) else {
            return Result(data: nil, manifest: manifest, findings: findings, usedMemo: usedMemo)
        }
        if !usedMemo, candidate.manifest.files.form == .app, candidate.hashed.isEmpty {
            return verifyAppForm(candidate, checks: checks, findings: findings, token: token)
        }
        let documents = usedMemo ? DocumentsDecode.decodeRemembered(candidate) : DocumentsDecode.decode(candidate)
        guard let decodedDocuments = documents.documents else {
            return Result(data: nil, manifest: manifest, findings: findings + documents.findings, usedMemo: usedMemo)
        }
        candidate.documents = decodedDocuments
        _ = Self.run(checks, .contents, candidate, into: &findings)
        var result = Result(data: candidate.data, manifest: manifest, findings: findings, usedMemo: usedMemo)
        if result.isValid { result.memo = token }
        return result
    }

    /// The app form verified in full: its documents decoded, then their canonical re-encoding and
    /// the content stage side by side (they only read the decoded documents; on a device they are
    /// most of a launch). The result is what running them one after the other gives: a document
    /// that is not canonical is reported alone, and the content findings are dropped.
    func verifyAppForm(_ candidate: BundleCandidate, checks: [any BundleCheck], findings: [BundleFinding], token: String?) -> Result {
        let decoded = DocumentsDecode.decodeApp(candidate, canonical: false)
        guard let documents = decoded.documents else {
            return Result(data: nil, manifest: candidate.manifest, findings: findings + decoded.findings)
        }
        var decodedCandidate = candidate
        decodedCandidate.documents = documents
        let withDocuments = decodedCandidate
        let parts = [0, 1].concurrentMap { part -> [BundleFinding] in
            if part == 0 { return DocumentsDecode.appCanonicalFindings(withDocuments, documents) }
            var found: [BundleFinding] = []
            _ = Self.run(checks, .contents, withDocuments, into: &found)
            return found
        }
        guard parts[0].isEmpty else { return Result(data: nil, manifest: candidate.manifest, findings: findings + parts[0]) }
        var result = Result(data: withDocuments.data, manifest: candidate.manifest, findings: findings + parts[1])
        if result.isValid { result.memo = token }
        return result
    }

    /// Runs the checks of `stage`; true when one that halts reported an error.
    static func run(_ checks: [any BundleCheck], _ stage: BundleCheckStage, _ candidate: BundleCandidate, into findings: inout [BundleFinding]) -> Bool {
        for check in checks where check.stage == stage {
            let found = check.check(candidate)
            assert(found.allSatisfy { check.rules.contains($0.diagnostic.rule) },
                   "\(type(of: check)) reported a rule it does not declare: \(found.map(\.diagnostic.rule))")
            findings += found
            if check.halts && containsError(found) { return true }
        }
        return false
    }

    /// The bundle file a content finding is about (in the app form, its data document).
    public static func fileName(for path: DataPath?, in manifest: Manifest) -> String {
        let files = manifest.files
        return switch path?.document {
        case .federal: files.federal ?? files.app ?? BundleLayout.manifestName
        case .fica: files.fica ?? files.app ?? BundleLayout.manifestName
        case .retirement: files.retirement ?? files.app ?? BundleLayout.manifestName
        case .state: files.states ?? files.app ?? BundleLayout.manifestName
        case .year, nil: BundleLayout.manifestName
        }
    }
}

/// Whether any finding is an error.
func containsError(_ findings: [BundleFinding]) -> Bool { findings.contains { $0.diagnostic.severity == .error } }

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
