import Foundation
import TaxDataClient

/// The text `taxdata fetch` prints for a status: the active data (source, year, version, draft or
/// published), what `[stale]` and `[expired]` mean when they show, and every state note and
/// rejection, once each.
enum FetchReport {
    static func lines(_ status: TaxDataStatus, cacheValidity: TimeInterval, tuf: Bool = false) -> [String] {
        var lines = ["active: \(status.source.rawValue) \(status.taxYear) version \(status.version) (\(status.publication.rawValue))"
            + (status.fetchedAt.map { " (fetched \(ISO8601DateFormatter().string(from: $0)))" } ?? "")
            + (status.isStale ? " [stale]" : "") + (status.freshness == .expired ? " [expired]" : "")]
        if status.isStale {
            let days = Int((cacheValidity / 86400).rounded())
            lines.append("[stale]: fetched more than \(days) day(s) ago and not confirmed current since; "
                + "still valid, and used until a newer bundle verifies")
        }
        if status.freshness == .expired {
            let when = status.indexExpires.map { " at " + ISO8601DateFormatter().string(from: $0) } ?? ""
            if tuf {
                lines.append("[expired]: the newest TUF timestamp, snapshot or targets the client could get expired\(when); the data is still valid "
                    + "and used, but no longer confirmed current (the publisher must re-sign with `taxdata tuf timestamp`, or a mirror serves an old copy)")
            } else {
                lines.append("[expired]: the newest signed index.json the client could get expired\(when); the data is still valid "
                    + "and used, but no longer confirmed current (the publisher must re-sign it with `taxdata sign`, or a mirror serves an old copy)")
            }
        }
        if status.publication == .draft {
            lines.append("draft: \(status.taxYear) is not published yet; its figures may change")
        }
        if let message = status.outdatedMessage { lines.append("note: \(message)") }
        if !status.incompleteStates.isEmpty {
            lines.append("incomplete states: " + status.incompleteStates.keys.sorted()
                .map { "\($0) (\(status.incompleteStates[$0]!.joined(separator: ", ")))" }.joined(separator: "; "))
        }
        if !status.estimatedStates.isEmpty {
            lines.append("estimated states (their authority has not published yet; --format json names the publication): "
                + status.estimatedStates.keys.sorted().joined(separator: ", "))
        }
        let corroborated = status.belowOfficialStates.filter { $0.value == .corroborated }.keys.sorted()
        if !corroborated.isEmpty { lines.append("corroborated states (not yet read in the official publication): " + corroborated.joined(separator: ", ")) }
        for rejection in status.rejections { lines.append("rejected \(rejection)") }
        return lines
    }
}
