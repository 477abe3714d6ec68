import Foundation

/// The step between the file checks and the content checks: each document decodes into its
/// schema (`bundle.decode`) and is byte for byte its canonical encoding (`bundle.not-canonical`). A
/// document the caller only hashed, being larger than `BundleLimits.maxDocumentBytes`, is refused
/// unread (`bundle.size`), and then no document is decoded: the bundle is refused already.
public enum DocumentsDecode {
    public static let rules: [RuleID] = [.bundleDecode, .bundleNotCanonical, .bundleSize]

    /// The decoded documents, or the findings that stop the verification.
    public static func decode(_ candidate: BundleCandidate) -> (documents: DecodedDocuments?, findings: [BundleFinding]) {
        if !candidate.hashed.isEmpty { return (nil, tooLarge(candidate)) }
        if candidate.manifest.files.form == .app { return decodeApp(candidate, canonical: true) }
        if let documents = decodeOnce(candidate) { return (documents, []) }
        return decodeEach(candidate)
    }

    /// The app form: `app_<year>.json` and, when present, `provenance_<year>.json`, each decoded
    /// and (unless `canonical` is false, for bytes that already passed) byte for byte its compact
    /// canonical encoding; the audit trail is put back into the data (`DecodedDocuments(app:provenance:)`).
    static func decodeApp(_ candidate: BundleCandidate, canonical: Bool) -> (documents: DecodedDocuments?, findings: [BundleFinding]) {
        let names = candidate.manifest.files
        guard let appName = names.app, let provenanceName = names.provenance else { return (nil, []) }
        var findings: [BundleFinding] = []
        let check = canonical && CanonicalCheck.applies(to: candidate.manifest.schemaVersion)
        let app = document(CombinedDocument.self, appName, candidate, canonical: check, compact: true, into: &findings)
        let provenance = candidate.files[provenanceName] == nil ? nil
            : document(ProvenanceDocument.self, provenanceName, candidate, canonical: check, compact: true, into: &findings)
        guard let app, findings.isEmpty else { return (nil, findings) }
        return (DecodedDocuments(app: app, provenance: provenance), [])
    }

    /// The canonical check of the app form's documents, once decoded (`decodeApp(canonical: false)`):
    /// each is byte for byte its compact canonical encoding (`bundle.not-canonical`).
    static func appCanonicalFindings(_ candidate: BundleCandidate, _ documents: DecodedDocuments) -> [BundleFinding] {
        guard CanonicalCheck.applies(to: candidate.manifest.schemaVersion) else { return [] }
        let names = candidate.manifest.files
        var findings: [BundleFinding] = []
        if let name = names.app, let app = documents.app, let bytes = candidate.files[name],
           let difference = CanonicalCheck.mismatch(bytes, canonical: app, compact: true) {
            findings.append((name, .error(.bundleNotCanonical, difference)))
        }
        if let name = names.provenance, let provenance = documents.provenance, let bytes = candidate.files[name],
           let difference = CanonicalCheck.mismatch(bytes, canonical: provenance, compact: true) {
            findings.append((name, .error(.bundleNotCanonical, difference)))
        }
        return findings
    }

    /// One document decoded, and checked canonical when `canonical`; nil with a finding otherwise.
    static func document<T: Codable>(_ type: T.Type, _ name: String, _ candidate: BundleCandidate, canonical: Bool, compact: Bool = false,
                                     into findings: inout [BundleFinding]) -> T? {
        guard let bytes = candidate.files[name] else {
            findings.append((name, .error(.bundleDecode, "is missing")))
            return nil
        }
        do {
            let value = try CanonicalJSON.decode(type, from: bytes)
            if canonical, let difference = CanonicalCheck.mismatch(bytes, canonical: value, compact: compact) {
                findings.append((name, .error(.bundleNotCanonical, difference)))
                return nil
            }
            return value
        } catch {
            findings.append((name, .error(.bundleDecode, "does not decode: \(DecodeErrorText.describe(error))")))
            return nil
        }
    }

    /// For bytes that already passed (`VerificationMemo`): the combined document alone is decoded,
    /// without re-encoding anything, since each part was then byte for byte its canonical part and
    /// the SHA-256s just matched. Without a combined document, `decode`.
    static func decodeRemembered(_ candidate: BundleCandidate) -> (documents: DecodedDocuments?, findings: [BundleFinding]) {
        if candidate.hashed.isEmpty, candidate.manifest.files.form == .app { return decodeApp(candidate, canonical: false) }
        guard candidate.hashed.isEmpty, let name = candidate.manifest.files.combined, let bytes = candidate.files[name],
              let combined = try? CanonicalJSON.decode(CombinedDocument.self, from: bytes) else { return decode(candidate) }
        return (DecodedDocuments(federal: combined.federal, fica: combined.fica,
                                 states: StatesDocument(year: combined.taxYear, states: combined.states),
                                 retirement: combined.retirement, combined: combined), [])
    }

    /// The fast path for an intact bundle: the combined document is decoded once (it holds the four
    /// parts) and checked canonical, and each part file must be byte for byte its part of the
    /// combined document's bytes, moved to the top level (`CanonicalMembers`): that is the canonical
    /// encoding of its part, so the file decodes to exactly that value and is neither decoded nor
    /// re-encoded. nil (use `decodeEach`, which names the file and the fault) when there is no
    /// combined document, the schema is newer than this build's, or any byte differs.
    static func decodeOnce(_ candidate: BundleCandidate) -> DecodedDocuments? {
        let names = candidate.manifest.files
        guard let federal = names.federal, let fica = names.fica, let retirement = names.retirement, let states = names.states,
              CanonicalCheck.applies(to: candidate.manifest.schemaVersion), let combinedName = names.combined,
              let combinedBytes = candidate.files[combinedName],
              let combined = try? CanonicalJSON.decode(CombinedDocument.self, from: combinedBytes),
              CanonicalCheck.mismatch(combinedBytes, canonical: combined) == nil,
              let members = CanonicalMembers(combinedBytes) else { return nil }
        func same(_ name: String, _ expected: Data?) -> Bool {
            guard let bytes = candidate.files[name], let expected else { return false }
            return bytes == expected
        }
        guard same(federal, members.topLevel("federal")), same(fica, members.topLevel("fica")),
              same(retirement, members.topLevel("retirement")),
              same(states, members.nested("states").map { Self.statesDocument(states: $0, year: combined.taxYear) }) else { return nil }
        return DecodedDocuments(federal: combined.federal, fica: combined.fica,
                                states: StatesDocument(year: combined.taxYear, states: combined.states),
                                retirement: combined.retirement, combined: combined)
    }

    /// The canonical `states_<year>.json` around the bytes of the combined document's `states`
    /// value, which sits one level deep in both.
    static func statesDocument(states: ArraySlice<UInt8>, year: Int) -> Data {
        var out = Data("{\n  \"states\" : ".utf8)
        out.append(contentsOf: states)
        out.append(contentsOf: ",\n  \"year\" : \(year)\n}\n".utf8)
        return out
    }

    /// A `bundle.size` finding for each document the caller hashed instead of reading.
    static func tooLarge(_ candidate: BundleCandidate) -> [BundleFinding] {
        candidate.hashed.keys.sorted().map { name in
            (name, .error(.bundleSize, "is \(candidate.hashed[name]!.size) bytes, beyond the \(BundleLimits.maxDocumentBytes)-byte limit "
                + "for one document (the client's default response limit); its SHA-256 was checked, its contents were not read"))
        }
    }

    /// Each document decoded on its own, with a finding for each one that does not decode or is not canonical.
    static func decodeEach(_ candidate: BundleCandidate) -> (documents: DecodedDocuments?, findings: [BundleFinding]) {
        let names = candidate.manifest.files
        let canonical = CanonicalCheck.applies(to: candidate.manifest.schemaVersion)
        var findings: [BundleFinding] = []
        func decode<T: Codable>(_ type: T.Type, _ name: String?) -> T? {
            guard let name else { return nil }
            return document(type, name, candidate, canonical: canonical, into: &findings)
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
