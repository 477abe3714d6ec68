import Foundation

/// A finding about one file of a bundle: the file's name in the year directory, and what is wrong.
public typealias BundleFinding = (file: String, diagnostic: Diagnostic)

/// One reason to refuse a bundle, in its own file, behind this one narrow protocol (the shape of
/// swift-certificates' `VerifierPolicy`). A check is a configured value: what it depends on (the
/// trusted keys, the clock, the active version) is given when it is made, never looked up.
///
/// `BundleVerifier` composes the standard checks for `verify`, `build`, the server and the client;
/// a caller adds its own (`NoRollback` in the client, `PublishedVersionGuard` in `build
/// --previous`, `ExpectedYear` wherever the year is known in advance). `BundleChecks.catalogue`
/// lists every check and the rule ids it may report.
public protocol BundleCheck: Sendable {
    /// Every rule id this check may report (a finding with any other id is a programming error).
    var rules: [RuleID] { get }
    /// When it runs: each stage sees more of the bundle than the one before.
    var stage: BundleCheckStage { get }
    /// Whether an error from this check stops the verification: what follows would act on names,
    /// a schema or a listing it cannot trust.
    var halts: Bool { get }
    /// Whether its verdict depends on the bundle's bytes and this build alone (not on keys, the
    /// clock or the client's state): `VerificationMemo` lets a verifier skip it for bytes that
    /// already passed it.
    var dependsOnlyOnBytes: Bool { get }
    /// The findings for `candidate` (empty when it passes).
    func check(_ candidate: BundleCandidate) -> [BundleFinding]
}

extension BundleCheck {
    public var halts: Bool { false }
    public var dependsOnlyOnBytes: Bool { false }
}

/// When a check runs. A stage runs only when the stage before it found no error, except that the
/// file checks also run after non-halting manifest errors (so a signature failure still reports
/// a tampered file), and the client runs the manifest stage alone before it downloads anything.
public enum BundleCheckStage: Int, Sendable, Comparable, CaseIterable {
    /// The decoded manifest and its signature; no other file is needed (or fetched yet).
    case manifest
    /// Every file found beside the manifest, as bytes.
    case files
    /// The decoded documents.
    case contents

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a check sees: the bytes found, and what the stages before it decoded.
public struct BundleCandidate: Sendable {
    public var manifestBytes: Data
    /// Decoded by `ManifestDecodes` before any check runs.
    public var manifest: Manifest
    /// `manifest.json.sig`, if there is one.
    public var signature: Data?
    /// Every file found beside the manifest (its signature among them), by name. Empty in the
    /// manifest stage when the files are not fetched yet.
    public var files: [String: Data]
    /// Listed files the caller hashed as it read them instead of holding their bytes (larger than
    /// `BundleLimits.maxDocumentBytes`), by name. A name is in `files` or here, never both.
    public var hashed: [String: HashedFile]
    /// Decoded by `DocumentsDecode`; set for the contents stage.
    public var documents: DecodedDocuments?

    public init(manifestBytes: Data, manifest: Manifest, signature: Data?, files: [String: Data] = [:],
                hashed: [String: HashedFile] = [:], documents: DecodedDocuments? = nil) {
        self.manifestBytes = manifestBytes
        self.manifest = manifest
        self.signature = signature
        self.files = files
        self.hashed = hashed
        self.documents = documents
    }

    /// The year's data (contents stage).
    public var data: TaxYearData? { documents.map { $0.data(meta: manifest.meta) } }
}

/// The documents of a bundle, decoded. The app form's two documents are put together into the
/// four parts, so every check reads either form the same way.
public struct DecodedDocuments: Sendable {
    public var federal: FederalData
    public var fica: FICAData
    public var states: StatesDocument
    public var retirement: RetirementData
    public var combined: CombinedDocument?
    /// The app form's data document as read (without its audit trail).
    public var app: CombinedDocument?
    /// The app form's audit trail, when it was read (an app reads it only when asked).
    public var provenance: ProvenanceDocument?
    /// Why `provenance` could not be put back into `app`: it is another year's or version's, or
    /// names other states. The parts are then `app`'s alone.
    public var auditTrailMismatch: String?
    /// Whether the parts hold the year's audit trail (`sources`, `notes`): always in the first
    /// form; in the app form when its provenance document was read and belongs to it. The rules
    /// that read the audit trail (`ValidationRule.readsAuditTrail`) run only then.
    public var hasAuditTrail = true

    public init(federal: FederalData, fica: FICAData, states: StatesDocument, retirement: RetirementData, combined: CombinedDocument?) {
        self.federal = federal
        self.fica = fica
        self.states = states
        self.retirement = retirement
        self.combined = combined
    }

    /// The app form's documents: `app` with `provenance`'s audit trail put back when there is one
    /// and it belongs to `app`.
    public init(app: CombinedDocument, provenance: ProvenanceDocument?) {
        var full = app
        var mismatch: String?
        if let provenance {
            do { full = try app.restoringAuditTrail(provenance) } catch { mismatch = "\(error)" }
        }
        self.init(federal: full.federal, fica: full.fica, states: StatesDocument(year: full.taxYear, states: full.states),
                  retirement: full.retirement, combined: nil)
        self.app = app
        self.provenance = provenance
        auditTrailMismatch = mismatch
        hasAuditTrail = provenance != nil && mismatch == nil
    }

    public func data(meta: YearMeta) -> TaxYearData {
        TaxYearData(meta: meta, federal: federal, fica: fica, retirement: retirement, states: states.states)
    }
}

/// Whether an app form's provenance document must be among the files verified.
public enum AuditTrailPolicy: Sendable, Equatable {
    /// It must be there, like every listed file: `verify`, `build`, the server.
    case required
    /// It may be absent (the client, which fetches it only when an app asks for a citation): its
    /// hash and size are still listed in the signed manifest, and it is verified when present.
    case whenPresent
}

/// The catalogue: every check, and every other reason the client refuses a source.
public enum BundleChecks {
    /// The standard composition (`BundleVerifier.checks`), then the checks a caller adds.
    public static func standard(signatures: SignaturePolicy = .none, crypto: any BundleCrypto = PortableCrypto(), rules: RuleSet = .standard,
                                maxFileBytes: Int? = nil, now: ISODate? = nil, expiry: ExpiryPolicy = .pastYearsStayValid,
                                auditTrail: AuditTrailPolicy = .required) -> [any BundleCheck] {
        [
            ManifestSignature(policy: signatures, crypto: crypto),
            SchemaMajorSupported(),
            PlainFileNames(),
            ManifestListsDocuments(),
            ManifestSizes(maxFileBytes: maxFileBytes),
            ManifestCanonical(),
            FilesMatchManifest(crypto: crypto, auditTrail: auditTrail),
            NothingUnlisted(),
            DocumentsConsistent(),
            ContentRules(rules),
            NotExpired(now: now, policy: expiry),
        ]
    }

    /// One line of the catalogue.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var stage: String
        public var rules: [RuleID]
    }

    /// Every check (the standard ones, the optional ones, and the two decoding steps), with the ids
    /// it reports; the client's own refusals (`RuleID.clientRefusals`) complete the list.
    public static var catalogue: [Entry] {
        func entry(_ check: any BundleCheck) -> Entry {
            Entry(name: String(describing: type(of: check)), stage: "\(check.stage)", rules: check.rules)
        }
        let optional: [any BundleCheck] = [
            ExpectedYear(2000), NoRollback(active: DataVersion("2000.0.0")!, source: "cache"),
            PublishedVersionGuard(published: nil),
        ]
        let checks = (standard() + optional)
        var entries = BundleCheckStage.allCases.flatMap { stage in checks.filter { $0.stage == stage }.map(entry) }
        entries.insert(Entry(name: "ManifestDecodes", stage: "manifest", rules: ManifestDecodes.rules), at: 0)
        let firstContents = entries.firstIndex { $0.stage == "contents" } ?? entries.endIndex
        entries.insert(Entry(name: "DocumentsDecode", stage: "contents", rules: DocumentsDecode.rules), at: firstContents)
        return entries
    }
}
