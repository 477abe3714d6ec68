import Foundation

/// The index-rollback check (`index.replay`): an index issued before one already accepted is
/// refused. Without it, whoever controls a mirror could serve an older, validly signed index (and
/// the older manifests it lists) for ever. Equal times pass: the same index served again.
///
/// The client checks against the newest `issuedAt` it ever accepted (kept in its state across
/// launches); `taxdata sign` and `build --previous` against the index they replace, so a publisher
/// cannot issue what clients would refuse.
public enum IndexReplay {
    /// nil when `candidate` may follow an index issued at `newestAccepted`; otherwise the
    /// `index.replay` error. An index without a validity (signed before schema 1.8) is older than
    /// any that has one.
    public static func check(_ candidate: IndexValidity?, newestAccepted: Timestamp?) -> Diagnostic? {
        guard let newestAccepted else { return nil }
        guard let candidate else {
            return .error(.indexReplay, "index.json has no issuedAt, so it predates the index issued at \(newestAccepted) that it would follow: an older index is refused as a replay")
        }
        guard candidate.issuedAt < newestAccepted else { return nil }
        return .error(.indexReplay, "index.json is issued at \(candidate.issuedAt), before the index issued at \(newestAccepted) that it would follow: an older index is refused as a replay")
    }
}
