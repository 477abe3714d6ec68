import ArgumentParser
import Foundation
import TaxDataCore

/// Reads the last published dist and runs `PublishedVersionGuard` (Core) on each year built again:
/// a year whose content changed while its version did not go up, or whose version went down, is
/// refused; and a signed index issued before the published one (`index.replay`).
enum PublicationGuard {
    static func check(new output: [OutputFile], previousDist: String) throws -> [(file: String, diagnostic: Diagnostic)] {
        var findings: [(String, Diagnostic)] = []
        let indexPath = (previousDist as NSString).appendingPathComponent(BundleLayout.indexName)
        guard let indexBytes = FileManager.default.contents(atPath: indexPath) else {
            throw CommandFailure("--previous \(previousDist): cannot read index.json")
        }
        let previousIndex: BundleIndex
        do { previousIndex = try CanonicalJSON.decode(BundleIndex.self, from: indexBytes) } catch {
            throw CommandFailure("--previous \(previousDist): index.json does not decode: \(DecodeErrorText.describe(error))")
        }
        for entry in previousIndex.years {
            let newPath = "\(entry.taxYear)/\(BundleLayout.manifestName)"
            guard let newManifestFile = output.first(where: { $0.path == newPath }) else { continue }
            let oldPath = (previousDist as NSString).appendingPathComponent(entry.manifest)
            guard let oldBytes = FileManager.default.contents(atPath: oldPath) else {
                throw CommandFailure("--previous \(previousDist): \(entry.manifest) is missing")
            }
            let old = try CanonicalJSON.decode(Manifest.self, from: oldBytes)
            let new = try CanonicalJSON.decode(Manifest.self, from: newManifestFile.contents)
            let candidate = BundleCandidate(manifestBytes: newManifestFile.contents, manifest: new, signature: nil)
            findings += PublishedVersionGuard(published: old).check(candidate).map { (newPath, $0.diagnostic) }
        }
        // A signed index issued before the published one would be refused by every client that
        // accepted that one (`index.replay`).
        if let newIndexFile = output.first(where: { $0.path == BundleLayout.indexName }),
           let newIndex = try? CanonicalJSON.decode(BundleIndex.self, from: newIndexFile.contents),
           case .valid(let new) = IndexFreshness.validity(of: newIndex),
           case .valid(let published) = IndexFreshness.validity(of: previousIndex),
           let finding = IndexReplay.check(new, newestAccepted: published.issuedAt) {
            findings.append((BundleLayout.indexName, finding))
        }
        return findings
    }
}
