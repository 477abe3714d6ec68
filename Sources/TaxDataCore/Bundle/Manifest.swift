import Foundation

/// `manifest.json`: the contract's manifest, extended (schema 1.1) with the data `version`,
/// the year's `status`, each file's byte size, and the combined document.
public struct Manifest: Sendable, Equatable, Codable {
    public struct Files: Sendable, Equatable, Codable {
        public var federal: String
        public var fica: String
        public var states: String
        public var retirement: String
        public var combined: String?

        public init(federal: String, fica: String, states: String, retirement: String, combined: String?) {
            self.federal = federal
            self.fica = fica
            self.states = states
            self.retirement = retirement
            self.combined = combined
        }

        /// Every named file, in a fixed order.
        public var all: [String] { [federal, fica, states, retirement] + (combined.map { [$0] } ?? []) }
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

/// `index.json` at the root of a dist: the years and their manifests.
public struct BundleIndex: Sendable, Equatable, Codable {
    public struct Entry: Sendable, Equatable, Codable {
        public var taxYear: Int
        public var version: DataVersion
        public var status: String?
        /// Path of the year's manifest relative to the index: `2026/manifest.json`.
        public var manifest: String
        public var manifestChecksum: String
        public var manifestSize: Int
        public init(taxYear: Int, version: DataVersion, status: String?, manifest: String, manifestChecksum: String, manifestSize: Int) {
            self.taxYear = taxYear
            self.version = version
            self.status = status
            self.manifest = manifest
            self.manifestChecksum = manifestChecksum
            self.manifestSize = manifestSize
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
