import Foundation

/// The answer of `GET /v1/tax-data/{year}/version?current=V` (bundle contract,
/// `docs/contract/schemas/version.schema.json`). Declared once: `taxdata serve` encodes it, the
/// client decodes it.
public struct VersionAnswer: Sendable, Equatable, Codable {
    /// Whether a newer version than `current` is published (true when `current` is absent or unreadable).
    public var hasUpdate: Bool
    /// The published version.
    public var latestVersion: String
    /// Whether the update is required: `current` is of an older major (a correction re-issued as `Y.2.0`).
    /// Optional when decoding, for servers written to an older contract.
    public var isRequired: Bool?
    /// What changed in the latest release (its manifest's `changes`, schema 1.9). Always written,
    /// as `null` when the release says nothing: the contract lists it.
    public var changeLog: String?

    public init(hasUpdate: Bool, latestVersion: String, isRequired: Bool?, changeLog: String?) {
        self.hasUpdate = hasUpdate
        self.latestVersion = latestVersion
        self.isRequired = isRequired
        self.changeLog = changeLog
    }

    /// The answer for a client that has `current` (nil: none, or unreadable) when `latest` is
    /// published, with what changed in it.
    public init(current: DataVersion?, latest: DataVersion, changeLog: String? = nil) {
        hasUpdate = current.map { $0 < latest } ?? true
        latestVersion = latest.description
        isRequired = current.map { $0.components[1] < latest.components[1] } ?? false
        self.changeLog = changeLog
    }

    enum CodingKeys: String, CodingKey { case hasUpdate, latestVersion, isRequired, changeLog }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(hasUpdate, forKey: .hasUpdate)
        try c.encode(latestVersion, forKey: .latestVersion)
        try c.encode(isRequired ?? false, forKey: .isRequired)
        try c.encode(changeLog, forKey: .changeLog)
    }
}
