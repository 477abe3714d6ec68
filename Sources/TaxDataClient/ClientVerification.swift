import Foundation
import TaxDataCore

/// The verification the client applies to a year's bundle, from wherever it came (embedded,
/// cache, download). Pure: bytes, a policy and the time in, a decision out.
enum ClientVerification {
    static func policy(_ configuration: TaxDataProvider.Configuration) -> SignaturePolicy {
        SignaturePolicy(trustedKeys: configuration.trustedKeys, requireSignature: !configuration.trustedKeys.isEmpty)
    }

    /// Verifies a year's files (either form: the app form's provenance document may be absent, its
    /// hash being listed in the signed manifest): integrity, rules, schema, signature, year and expiry. Rollback is
    /// decided by `TrustedBundles` against the active data when a candidate is offered.
    ///
    /// Expiry: a bundle whose expiration date has passed while its tax year is not over is refused
    /// (data for a past year legitimately expires and stays usable for that year).
    static func verify(files: [String: Data], year: Int, source: DataSource, policy: SignaturePolicy, now: Date) -> Result<TaxYearData, Rejection> {
        verify(files: files, year: year, source: source, policy: policy, now: now, remembered: []).result
    }

    /// `verify`, skipping the checks that depend only on the bytes when `remembered` holds their
    /// `VerificationMemo` token; returns the token to remember when the bytes are valid.
    static func verify(files: [String: Data], year: Int, source: DataSource, policy: SignaturePolicy, now: Date,
                       remembered: Set<String>) -> (result: Result<TaxYearData, Rejection>, memo: String?) {
        var files = files
        guard let manifest = files.removeValue(forKey: BundleLayout.manifestName) else {
            return (.failure(Rejection(source: source, taxYear: year, reason: .bundleMissingFile, detail: "manifest.json is missing")), nil)
        }
        // Expiry is the verifier's `bundle.expired`, read as the client reads it: a past tax year stays valid.
        let result = BundleVerifier(signatures: policy, extraChecks: [ExpectedYear(year)], auditTrail: .whenPresent)
            .verify(manifestBytes: manifest, files: files, now: isoDate(now), expiry: .pastYearsStayValid, remembered: remembered)
        guard result.isValid, let data = result.data else {
            return (.failure(rejection(source, year, result.findings)), nil)
        }
        return (.success(data), result.memo)
    }

    /// `sha256:<hex>` of a manifest's bytes, as an index lists it.
    static func manifestChecksum(_ manifest: Data?) -> String? {
        manifest.flatMap { try? PortableCrypto().sha256Hex($0) }.map(Manifest.checksum)
    }

    /// The UTC calendar date of `date`.
    static func isoDate(_ date: Date) -> ISODate {
        let c = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        return ISODate(String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!))!
    }

    /// One rejection for a bundle's findings: the first error, and how many more there are.
    static func rejection(_ source: DataSource, _ year: Int?, _ findings: [(file: String, diagnostic: Diagnostic)]) -> Rejection {
        let errors = findings.filter { $0.diagnostic.severity == .error }
        guard let first = errors.first else {
            return Rejection(source: source, taxYear: year, reason: .bundleUndecodable, detail: "the bundle could not be decoded")
        }
        let more = errors.count > 1 ? " (and \(errors.count - 1) more)" : ""
        return Rejection(source: source, taxYear: year, reason: first.diagnostic.rule,
                         detail: "\(first.file): \(first.diagnostic.message)\(more)")
    }

    // MARK: HTTP answers

    /// The body of a 200 answer; any other status is refused (`http.status`), naming the file.
    static func requireOK(_ response: HTTPResponse, year: Int, what: String) throws {
        guard response.status == 200 else {
            throw Rejection(source: .remote, taxYear: year, reason: .httpStatus, detail: "\(what): HTTP \(response.status)")
        }
    }

    /// What a failed request is, by the transport's kind of failure (`transport.*`).
    static func transportRejection(_ error: any Error, file: String, year: Int) -> Rejection {
        guard let error = error as? TransportError else {
            return Rejection(source: .remote, taxYear: year, reason: .transportConnection, detail: "\(file): \(error)")
        }
        let reason: RuleID = switch error.kind {
        case .offline: .transportOffline
        case .timeout: .transportTimeout
        case .tooLarge: .transportTooLarge
        case .connection: .transportConnection
        case .encoding: .transportEncoding
        }
        return Rejection(source: .remote, taxYear: year, reason: reason, detail: "\(file): \(error)")
    }

    /// The version endpoint's answer: whether the version asked about is current; nil when the
    /// server does not offer the endpoint (a static host: the manifest's ETag is used instead).
    static func versionAnswerSaysCurrent(_ response: HTTPResponse) -> Bool? {
        guard response.status == 200, let answer = try? JSONDecoder().decode(VersionAnswer.self, from: response.body) else { return nil }
        return !answer.hasUpdate
    }

    /// A downloaded signature worth keeping: only one that is a signature envelope (an HTML error
    /// page served as manifest.json.sig is not stored).
    static func storableSignature(_ bytes: Data?) -> Data? {
        guard let bytes, (try? JSONDecoder().decode(SignatureEnvelope.self, from: bytes)) != nil else { return nil }
        return bytes
    }
}
