import Foundation

/// Every listed file is present with exactly its listed size and SHA-256 (`bundle.missing-file`,
/// `bundle.size`, `bundle.checksum`; a checksum not written `sha256:<64 lowercase hex>` is
/// `bundle.manifest`). The size is compared first, so a wrong-sized file is never hashed. A file
/// the caller hashed as it read it (`BundleCandidate.hashed`) is compared by its size and digest.
public struct FilesMatchManifest: BundleCheck {
    public var crypto: any BundleCrypto
    /// Whether an app form's provenance document may be absent (`AuditTrailPolicy`).
    public var auditTrail: AuditTrailPolicy
    public init(crypto: any BundleCrypto = PortableCrypto(), auditTrail: AuditTrailPolicy = .required) {
        self.crypto = crypto
        self.auditTrail = auditTrail
    }
    public let rules: [RuleID] = [.bundleMissingFile, .bundleSize, .bundleChecksum, .bundleManifest]
    public let stage = BundleCheckStage.files

    public func check(_ candidate: BundleCandidate) -> [BundleFinding] {
        let manifest = candidate.manifest
        var findings: [BundleFinding] = []
        for name in manifest.checksums.keys.sorted() {
            let bytes = candidate.files[name]
            let hashed = bytes == nil ? candidate.hashed[name] : nil
            guard let found = bytes?.count ?? hashed?.size else {
                if auditTrail == .whenPresent, name == manifest.files.provenance, manifest.files.form == .app { continue }
                findings.append((name, .error(.bundleMissingFile, "listed in the manifest but missing")))
                continue
            }
            guard let size = manifest.sizes[name] else { continue }
            if found != size {
                findings.append((name, .error(.bundleSize, "is \(found) bytes; the manifest says \(size)")))
                continue
            }
            let want = manifest.checksums[name]!
            guard want.hasPrefix("sha256:"), let wantHex = Hex.decode(String(want.dropFirst(7))), wantHex.count == 32,
                  want == want.lowercased() else {
                findings.append((BundleLayout.manifestName, .error(.bundleManifest, "checksum for '\(name)' is not sha256:<64 lowercase hex>")))
                continue
            }
            do {
                let got = Manifest.checksum(try hashed.map { Hex.encode($0.sha256) } ?? crypto.sha256Hex(bytes ?? Data()))
                if got != want {
                    findings.append((name, .error(.bundleChecksum, "SHA-256 is \(got); the manifest says \(want)")))
                }
            } catch {
                findings.append((name, .error(.bundleChecksum, "could not hash: \(error)")))
            }
        }
        return findings
    }
}
