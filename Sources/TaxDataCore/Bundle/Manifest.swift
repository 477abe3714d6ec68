import Foundation

/// `manifest.json`: the contract's manifest, extended (schema 1.1) with the data `version`,
/// the year's `status`, each file's byte size, and the combined document.
public struct Manifest: Sendable, Equatable, Codable {
    /// The documents a manifest lists: either the four parts (and the combined document) of the
    /// contract's first form, or the two documents of the app form (schema 1.11,
    /// docs/bundle-contract.md "The app form"), never some of each (`form`).
    public struct Files: Sendable, Equatable, Codable {
        public var federal: String?
        public var fica: String?
        public var states: String?
        public var retirement: String?
        public var combined: String?
        /// The app form's data: the combined document without its audit trail, compact.
        public var app: String?
        /// The app form's audit trail: every `sources` and `notes` (`ProvenanceDocument`).
        public var provenance: String?
        /// The local form (schema 1.13): state code → its localities' document (`MD_2026.json`);
        /// `provenance` is then the local form's audit trail.
        public var localities: [String: String]?
        /// The vectors form (schema 1.14): the year's conformance vectors (`vectors_2026.json`).
        public var vectors: String?

        public init(federal: String, fica: String, states: String, retirement: String, combined: String?) {
            self.federal = federal
            self.fica = fica
            self.states = states
            self.retirement = retirement
            self.combined = combined
        }

        /// The files of the app form.
        public init(app: String, provenance: String) {
            self.app = app
            self.provenance = provenance
        }

        /// Every named file, in a fixed order.
        public var all: [String] {
            [federal, fica, states, retirement, combined, app, provenance, vectors].compactMap { $0 } + (localities ?? [:]).sorted { $0.key < $1.key }.map(\.value)
        }

        /// Which form the names make up; nil when they are neither exactly one nor the other.
        public var form: BundleForm? {
            let parts = [federal, fica, states, retirement]
            if vectors != nil {
                return parts.allSatisfy({ $0 == nil }) && combined == nil && app == nil && provenance == nil && localities == nil ? .vectors : nil
            }
            if parts.allSatisfy({ $0 != nil }), app == nil, provenance == nil, localities == nil { return .parts }
            if app != nil, provenance != nil, parts.allSatisfy({ $0 == nil }), combined == nil, localities == nil { return .app }
            if localities != nil, provenance != nil, app == nil, parts.allSatisfy({ $0 == nil }), combined == nil { return .local }
            return nil
        }
    }

    public var schemaVersion: SchemaVersion
    public var taxYear: Int
    public var version: DataVersion
    public var status: String?
    public var effectiveDate: String
    public var expirationDate: String
    public var files: Files
    /// File name → `sha256:<64 lowercase hex>`.
    public var checksums: [String: String]
    /// File name → byte count.
    public var sizes: [String: Int]
    /// What changed in this release (schema 1.9; absent when the year says nothing).
    public var changes: String?

    public init(schemaVersion: SchemaVersion, taxYear: Int, version: DataVersion, status: String?, effectiveDate: String,
                expirationDate: String, files: Files, checksums: [String: String], sizes: [String: Int], changes: String? = nil) {
        self.schemaVersion = schemaVersion
        self.taxYear = taxYear
        self.version = version
        self.status = status
        self.effectiveDate = effectiveDate
        self.expirationDate = expirationDate
        self.files = files
        self.checksums = checksums
        self.sizes = sizes
        self.changes = changes
    }

    /// The year metadata the manifest carries.
    public var meta: YearMeta {
        YearMeta(taxYear: taxYear, version: version, schemaVersion: schemaVersion, effectiveDate: effectiveDate,
                 expirationDate: expirationDate, status: status.flatMap(YearMeta.Status.init(rawValue:)) ?? .published,
                 changes: changes)
    }

    /// `sha256:` followed by the hex digest.
    public static func checksum(_ hex: String) -> String { "sha256:" + hex }

    /// True for a file name that can only name a file in the bundle's own directory.
    public static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 255 && name != "." && name != ".."
            && !name.contains("/") && !name.contains("\\") && !name.contains("\0")
            && !name.hasPrefix(".") && name.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7f }
    }
}

/// The two forms of a year's bundle (docs/bundle-contract.md).
public enum BundleForm: String, Sendable, Equatable {
    /// `Y/manifest.json`: the four documents and the combined document, pretty-printed, with the
    /// audit trail: what clients of schema 1.10 and older read.
    case parts
    /// `Y/app/manifest.json` (schema 1.11): `app_Y.json`, the year without its audit trail,
    /// compact; and `provenance_Y.json`, the audit trail, which an app fetches only when asked.
    case app
    /// `Y/local/manifest.json` (schema 1.13): one document per state with local income taxes
    /// (`MD_2026.json`), which an app fetches only for its user's state.
    case local
    /// `Y/vectors/manifest.json` (schema 1.14): the year's conformance vectors, for other
    /// platforms' implementations; apps never fetch it.
    case vectors
}

/// `index.json` at the root of a dist: the years and their manifests.
public struct BundleIndex: Sendable, Equatable, Codable {
    /// Where a year's app form is (schema 1.11): its manifest, vouched for like the year's first one.
    public struct AppForm: Sendable, Equatable, Codable {
        /// Path relative to the index: `2026/app/manifest.json`.
        public var manifest: String
        public var manifestChecksum: String
        public var manifestSize: Int
        public init(manifest: String, manifestChecksum: String, manifestSize: Int) {
            self.manifest = manifest
            self.manifestChecksum = manifestChecksum
            self.manifestSize = manifestSize
        }
    }

    public struct Entry: Sendable, Equatable, Codable {
        public var taxYear: Int
        public var version: DataVersion
        public var status: String?
        /// Path of the year's manifest relative to the index: `2026/manifest.json`.
        public var manifest: String
        public var manifestChecksum: String
        public var manifestSize: Int
        /// The year's app form (schema 1.11), absent from older indexes. Clients of schema 1.10
        /// and older ignore the key and read `manifest`.
        public var app: AppForm?
        /// The year's local form (schema 1.13): its manifest, listing one document per state with
        /// localities. Absent when no state has any, and from older indexes.
        public var local: AppForm?
        /// The year's vectors form (schema 1.14): its manifest, listing the conformance vectors.
        /// Absent from older indexes and from dists built without them.
        public var vectors: AppForm?
        public init(taxYear: Int, version: DataVersion, status: String?, manifest: String, manifestChecksum: String, manifestSize: Int,
                    app: AppForm? = nil, local: AppForm? = nil, vectors: AppForm? = nil) {
            self.taxYear = taxYear
            self.version = version
            self.status = status
            self.manifest = manifest
            self.manifestChecksum = manifestChecksum
            self.manifestSize = manifestSize
            self.app = app
            self.local = local
            self.vectors = vectors
        }

        /// The entry as a client of the app form reads it: the app form's manifest in place of
        /// the first one (same year, version and status); nil when the index lists no app form.
        public var appForm: Entry? {
            app.map { Entry(taxYear: taxYear, version: version, status: status, manifest: $0.manifest,
                            manifestChecksum: $0.manifestChecksum, manifestSize: $0.manifestSize) }
        }
    }

    public var schemaVersion: SchemaVersion
    public var years: [Entry]
    /// When a signed index was issued (schema 1.8): written only by `build --sign-key` and
    /// `taxdata sign`, absent from an unsigned or older index. See `IndexValidity`.
    public var issuedAt: String?
    /// Until when the signed index vouches for the dist (schema 1.8); a client that cannot get a
    /// newer one reports its data `expired` after it. See `IndexValidity`.
    public var expires: String?

    public init(schemaVersion: SchemaVersion, years: [Entry], issuedAt: String? = nil, expires: String? = nil) {
        self.schemaVersion = schemaVersion
        self.years = years
        self.issuedAt = issuedAt
        self.expires = expires
    }
}

extension Manifest {
    /// What a form's manifest (the app, local or vectors form) says of its publication differently from the
    /// year it sits beside, or nil when it is the same publication: year, version, schema, status, dates and
    /// `changes`. A form beside another year's text is refused even where nothing else binds the two.
    public func differs(from year: YearMeta) -> String? {
        if taxYear != year.taxYear || version != year.version { return "is of \(taxYear) version \(version), but the year is \(year.taxYear) version \(year.version)" }
        if schemaVersion != year.schemaVersion { return "is of schema \(schemaVersion), but the year is of \(year.schemaVersion)" }
        if let status, status != year.status.rawValue { return "is \(status), but the year is \(year.status.rawValue)" }
        if effectiveDate != year.effectiveDate || expirationDate != year.expirationDate {
            return "is in force \(effectiveDate) to \(expirationDate), but the year \(year.effectiveDate) to \(year.expirationDate)"
        }
        if changes != year.changes { return "says a different `changes` from the year's" }
        return nil
    }
}
