import Foundation
import TaxDataCore

/// How current the active data is known to be (`TaxDataStatus.freshness`). In every case the data
/// is verified and used; freshness says only whether the client could confirm it is still the
/// publisher's latest.
public enum Freshness: String, Sendable, Codable, Equatable, CaseIterable {
    /// Confirmed current within the cache validity period (and, with trusted keys, the newest
    /// signed index has not expired). The embedded bundle counts as fresh unless an index expired.
    case fresh
    /// Fetched longer ago than the cache validity period and not confirmed current since: what
    /// `isStale` says.
    case stale
    /// The newest signed `index.json` the client could get has passed its `expires`: a mirror may
    /// be frozen on an old publication, or the publisher stopped re-signing. Trusted keys only.
    case expired

    /// Decides, in this order: `expired` when the newest accepted signed index expires at or
    /// before `now`; `stale` when `isStale`; otherwise `fresh`. An index without `expires`
    /// (unsigned, or signed before schema 1.8), or no index at all (a client without trusted keys),
    /// gives no freshness information: then only the cache validity counts, as `isStale` does.
    static func decide(isStale: Bool, indexExpires: Timestamp?, now: Date) -> Freshness {
        if let indexExpires, Timestamp(now) >= indexExpires { return .expired }
        return isStale ? .stale : .fresh
    }
}
