import Foundation

/// The manifest's signature (`manifest.json.sig`) satisfies the `SignaturePolicy`: a valid
/// signature by a trusted key, none by a trusted key invalid, and one present when required.
public struct ManifestSignature: BundleCheck {
    public var policy: SignaturePolicy
    public var crypto: any BundleCrypto
    public init(policy: SignaturePolicy, crypto: any BundleCrypto = PortableCrypto()) {
        self.policy = policy
        self.crypto = crypto
    }

    public let rules: [RuleID] = [.signatureMissing, .signatureInvalid, .signatureUntrusted]
    public let stage = BundleCheckStage.manifest

    public func check(_ candidate: BundleCandidate) -> [BundleFinding] {
        policy.check(message: candidate.manifestBytes, envelope: candidate.signature, signatureFile: BundleLayout.signatureName, crypto: crypto)
            .map { (BundleLayout.signatureName, $0) }
    }
}
