import Foundation
import TaxDataCore

/// Where the active data came from.
public enum DataSource: String, Sendable, Codable, Equatable {
    /// Fetched and verified in this session.
    case remote
    /// Verified from the cache directory.
    case cache
    /// The bundle shipped inside the app.
    case embedded
}

/// A candidate the client refused, and why.
public struct Rejection: Sendable, Codable, Equatable, CustomStringConvertible {
    public var source: DataSource
    public var taxYear: Int?
    /// A stable id from the catalogue (`RuleID`): a bundle or index check such as `bundle.checksum`
    /// or `index.replay`, or one of `RuleID.clientRefusals` (`http.status`, `transport.timeout`,
    /// `cache.format` …); `BundleChecks.catalogue` lists the bundle checks (`rollback` is `NoRollback`'s).
    public var reason: RuleID
    public var detail: String

    public init(source: DataSource, taxYear: Int?, reason: RuleID, detail: String) {
        self.source = source
        self.taxYear = taxYear
        self.reason = reason
        self.detail = detail
    }

    public var description: String { "\(source.rawValue)\(taxYear.map { " \($0)" } ?? ""): [\(reason)] \(detail)" }
}

/// What the provider is using now, and what it refused on the way.
public struct TaxDataStatus: Sendable, Codable, Equatable {
    public var source: DataSource
    public var taxYear: Int
    public var version: String
    /// `published`, or `draft`: figures that may still change (`year.yaml` status).
    public var publication: YearMeta.Status
    public var effectiveDate: String
    /// When the active data was fetched from the server (nil for embedded data).
    public var fetchedAt: Date?
    /// True when a cached bundle is older than the cache validity period (still used: stale-if-error).
    /// Kept as it was; `freshness` says more.
    public var isStale: Bool
    /// `fresh`, `stale` (what `isStale` says) or `expired`: with trusted keys, the newest signed
    /// index the client could get has passed its `expires`. The data is used in every case. See
    /// `Freshness` for exactly how it is decided.
    public var freshness: Freshness
    /// The `expires` of the newest signed index accepted (trusted keys, schema 1.8 indexes); nil
    /// when there is none.
    public var indexExpires: Date?
    /// Set when the data is for an earlier tax year than the one asked for, e.g.
    /// "Using 2025 tax data. 2026 rates may differ."
    public var outdatedMessage: String?
    /// Every candidate refused since the provider started or last refreshed.
    public var rejections: [Rejection]
    /// Parts of some states whose official figures are not in the data yet (state code → parts).
    public var incompleteStates: [String: [String]]
    /// States whose figures are not all read in the authority's own publication (state code →
    /// `corroborated` or `estimated`). Schema 1.2 data; empty for older bundles.
    public var belowOfficialStates: [String: Provenance]
    /// States estimated because their authority has not yet published the year (state code → the
    /// publication that will replace the figures). Apps should say these figures are estimates.
    public var estimatedStates: [String: String]
    /// What changed in the active release, for the app's users: the manifest's `changes`
    /// (schema 1.9, signed with it); nil when the release says nothing.
    public var changes: String? = nil
}

extension TaxDataStatus {
    private enum CodingKeys: String, CodingKey {
        case source, taxYear, version, publication, effectiveDate, fetchedAt, isStale, freshness, indexExpires, outdatedMessage,
             rejections, incompleteStates, belowOfficialStates, estimatedStates, changes
    }

    /// Decodes a status, also one encoded before `freshness` existed (then it follows `isStale`).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        source = try c.decode(DataSource.self, forKey: .source)
        taxYear = try c.decode(Int.self, forKey: .taxYear)
        version = try c.decode(String.self, forKey: .version)
        publication = try c.decode(YearMeta.Status.self, forKey: .publication)
        effectiveDate = try c.decode(String.self, forKey: .effectiveDate)
        fetchedAt = try c.decodeIfPresent(Date.self, forKey: .fetchedAt)
        isStale = try c.decode(Bool.self, forKey: .isStale)
        freshness = try c.decodeIfPresent(Freshness.self, forKey: .freshness) ?? (isStale ? .stale : .fresh)
        indexExpires = try c.decodeIfPresent(Date.self, forKey: .indexExpires)
        outdatedMessage = try c.decodeIfPresent(String.self, forKey: .outdatedMessage)
        rejections = try c.decode([Rejection].self, forKey: .rejections)
        incompleteStates = try c.decode([String: [String]].self, forKey: .incompleteStates)
        belowOfficialStates = try c.decode([String: Provenance].self, forKey: .belowOfficialStates)
        estimatedStates = try c.decode([String: String].self, forKey: .estimatedStates)
        changes = try c.decodeIfPresent(String.self, forKey: .changes)
    }
}
