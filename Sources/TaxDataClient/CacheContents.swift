import Foundation
import TaxDataCore

/// What a cache holds that the client can trust, decided from its bytes, the persisted state and
/// the time. Pure: `TaxDataProvider.load()` reads the store, this decides, and the provider removes
/// what it discards.
struct CacheContents: Sendable {
    /// The persisted state, with each year's highest accepted version raised to what the cache
    /// verifiably holds (never reset to nothing when `state.json` is lost).
    var state: ClientState
    var candidates: [Int: TrustedBundles.Candidate]
    /// Years whose stored bytes failed verification: never trusted, to be removed and fetched again.
    var discarded: [Int]
    var rejections: [Rejection]

    /// Verifies each stored year (as `ClientVerification.verify` does a download; the checks that
    /// depend only on the bytes are skipped for bytes the state remembers passing them,
    /// `VerificationMemo`); a `stateBytes` that does not decode is rebuilt from the verified years
    /// (`cache.state`). The state then remembers exactly the tokens of the years that verified.
    static func decide(stateBytes: Data?, stored: [Int: [String: Data]], policy: SignaturePolicy, now: Date) -> CacheContents {
        let decoded = ClientState.decode(stateBytes)
        var contents = CacheContents(state: decoded ?? ClientState(), candidates: [:], discarded: [], rejections: [])
        let remembered = Set(contents.state.verified ?? [])
        var memos: [String] = []
        // Each year is verified on its own, over the device's cores.
        let verified = stored.keys.sorted().concurrentMap { year in
            (year, ClientVerification.verify(files: stored[year]!, year: year, source: .cache, policy: policy, now: now, remembered: remembered))
        }
        for (year, (result, memo)) in verified {
            let files = stored[year]!
            if let memo { memos.append(memo) }
            switch result {
            case .success(let data):
                contents.candidates[year] = TrustedBundles.Candidate(
                    data: data, source: .cache, fetchedAt: contents.state[year].fetchedAt,
                    manifestChecksum: ClientVerification.manifestChecksum(files[BundleLayout.manifestName]))
                contents.state[year].raiseHighestAccepted(to: data.meta.version)
            case .failure(let rejection):
                contents.rejections.append(rejection)
                contents.discarded.append(year)
            }
        }
        contents.state.verified = memos.isEmpty ? nil : memos
        if decoded == nil {
            contents.rejections.append(Rejection(source: .cache, taxYear: nil, reason: .cacheState,
                                                 detail: "state.json is corrupt; rebuilt from the \(contents.candidates.count) verified cached year(s)"))
        }
        return contents
    }
}
