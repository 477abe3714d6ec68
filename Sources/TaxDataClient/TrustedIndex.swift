import Foundation
import TaxDataCore

/// A signed `index.json` the client may rely on, decided from its bytes, the time and what the
/// client accepted before. Pure: the provider fetches and persists, this decides.
///
/// The index is the publisher's signed word on which manifests belong together and until when
/// that word holds (`issuedAt` … `expires`). A client with trusted keys fetches it at least once
/// per cache validity period; it accepts a manifest only when the index lists its exact bytes
/// (mix-and-match), refuses an index older than one it accepted (replay), and when the newest
/// index it can get has expired it reports its data `expired` (freeze).
struct TrustedIndex: Sendable {
    var index: BundleIndex
    /// nil for a signed index without `issuedAt`/`expires` (before schema 1.8).
    var validity: IndexValidity?

    /// Checks, in order: a valid signature by a trusted key over the exact bytes, before anything
    /// is parsed (`signature.*`); the index decodes (`bundle.index`); its validity is well formed
    /// (`index.validity`); it was not issued before `newestAccepted` (`index.replay`). An expired
    /// index passes: it is still the newest word on which manifests belong together, and
    /// `isExpired` keeps it from making data fresh.
    static func check(indexBytes: Data, signature: Data?, policy: SignaturePolicy, newestAccepted: Timestamp?,
                      year: Int, crypto: any BundleCrypto = PortableCrypto()) -> Result<TrustedIndex, Rejection> {
        func refuse(_ file: String, _ diagnostic: Diagnostic) -> Result<TrustedIndex, Rejection> {
            .failure(Rejection(source: .remote, taxYear: year, reason: diagnostic.rule, detail: "\(file): \(diagnostic.message)"))
        }
        let signatureFindings = policy.check(message: indexBytes, envelope: signature,
                                             signatureFile: BundleLayout.indexSignatureName, crypto: crypto)
        if let first = signatureFindings.first(where: { $0.severity == .error }) { return refuse(BundleLayout.indexSignatureName, first) }
        let index: BundleIndex
        do { index = try CanonicalJSON.decode(BundleIndex.self, from: indexBytes) } catch {
            return refuse(BundleLayout.indexName, .error(.bundleIndex, "does not decode: \(DecodeErrorText.describe(error))"))
        }
        let validity: IndexValidity?
        switch IndexFreshness.validity(of: index) {
        case .invalid(let problem): return refuse(BundleLayout.indexName, problem)
        case .absent: validity = nil
        case .valid(let declared): validity = declared
        }
        if let replay = IndexReplay.check(validity, newestAccepted: newestAccepted) {
            return refuse(BundleLayout.indexName, replay)
        }
        return .success(TrustedIndex(index: index, validity: validity))
    }

    /// The index's entry for `year`, if it lists the year.
    func entry(for year: Int) -> BundleIndex.Entry? { index.years.first { $0.taxYear == year } }

    /// True from the index's `expires` on; never for an index without one.
    func isExpired(at now: Date) -> Bool { validity?.isExpired(at: Timestamp(now)) ?? false }

    /// What the client remembers after accepting this index at `now`: the newest `issuedAt` (and
    /// that index's `expires`) only moves forward; `checkedAt` is now.
    func recorded(in previous: ClientState.Index?, at now: Date) -> ClientState.Index {
        var record = previous ?? ClientState.Index()
        if let validity, validity.issuedAt >= (record.issuedAt ?? validity.issuedAt) {
            record.issuedAt = validity.issuedAt
            record.expires = validity.expires
        }
        record.checkedAt = now
        return record
    }
}
