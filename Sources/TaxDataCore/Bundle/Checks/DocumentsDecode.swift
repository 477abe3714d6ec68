import Foundation

/// The step between the file checks and the content checks: each document decodes into its
/// schema (`bundle.decode`) and is byte for byte its canonical encoding (`bundle.not-canonical`).
public enum DocumentsDecode {
    public static let rules: [RuleID] = [.bundleDecode, .bundleNotCanonical]

    /// The decoded documents, or the findings that stop the verification.
    public static func decode(_ candidate: BundleCandidate) -> (documents: DecodedDocuments?, findings: [BundleFinding]) {
        let names = candidate.manifest.files
        let canonical = CanonicalCheck.applies(to: candidate.manifest.schemaVersion)
        var findings: [BundleFinding] = []
        func decode<T: Codable>(_ type: T.Type, _ name: String) -> T? {
            guard let bytes = candidate.files[name] else {
                findings.append((name, .error(.bundleDecode, "is missing")))
                return nil
            }
            do {
                let value = try CanonicalJSON.decode(type, from: bytes)
                if canonical, let difference = CanonicalCheck.mismatch(bytes, canonical: value) {
                    findings.append((name, .error(.bundleNotCanonical, difference)))
                    return nil
                }
                return value
            } catch {
                findings.append((name, .error(.bundleDecode, "does not decode: \(DecodeErrorText.describe(error))")))
                return nil
            }
        }
        let federal = decode(FederalData.self, names.federal)
        let fica = decode(FICAData.self, names.fica)
        let states = decode(StatesDocument.self, names.states)
        let retirement = decode(RetirementData.self, names.retirement)
        let combined = names.combined.flatMap { decode(CombinedDocument.self, $0) }
        guard let federal, let fica, let states, let retirement, findings.isEmpty else { return (nil, findings) }
        return (DecodedDocuments(federal: federal, fica: fica, states: states, retirement: retirement, combined: combined), [])
    }
}
