/// A stable identifier for a kind of finding. Tests, editors and CI match on it; never rename one.
public struct RuleID: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible, Comparable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension RuleID {
    // Brackets
    public static let bracketsEmpty = RuleID("brackets.empty")
    public static let bracketsFirstFloor = RuleID("brackets.first-floor")
    public static let bracketsContiguous = RuleID("brackets.contiguous")
    public static let bracketsFloorsRise = RuleID("brackets.floors-rise")
    public static let bracketsOpenCeiling = RuleID("brackets.open-ceiling")
    public static let bracketsRateRange = RuleID("brackets.rate-range")
    public static let bracketsRateDecrease = RuleID("brackets.rate-decrease")
    public static let bracketsBaseTax = RuleID("brackets.base-tax")
    // Content
    public static let statusesRequired = RuleID("statuses.required")
    public static let ficaMaxTax = RuleID("fica.max-tax")
    public static let sdiMaxTax = RuleID("sdi.max-tax")
    public static let amountNegative = RuleID("amount.negative")
    public static let rateRange = RuleID("rate.range")
    public static let stateShape = RuleID("state.shape")
    public static let phaseoutRange = RuleID("retirement.phaseout-range")
    public static let coverageJurisdictions = RuleID("coverage.jurisdictions")
    public static let yearConsistency = RuleID("year.consistency")
    public static let yearDates = RuleID("year.dates")
    public static let sourcesMissing = RuleID("sources.missing")
    public static let dataIncomplete = RuleID("data.incomplete")
    public static let dataProvisional = RuleID("data.provisional")
    public static let publishProvisional = RuleID("publish.provisional")
    public static let schemaUnsupported = RuleID("schema.unsupported")
    // Sanity (warnings)
    public static let sanitySeparateHalfJoint = RuleID("sanity.separate-half-joint")
    public static let sanityInflationOutlier = RuleID("sanity.inflation-outlier")
    public static let sanityUnchanged = RuleID("sanity.unchanged")
    public static let sanityStaleBrackets = RuleID("sanity.stale-brackets")
    // Source structure (compiler)
    public static let yamlSyntax = RuleID("yaml.syntax")
    public static let yamlDuplicateKey = RuleID("yaml.duplicate-key")
    public static let yamlUnknownKey = RuleID("yaml.unknown-key")
    public static let yamlMissingKey = RuleID("yaml.missing-key")
    public static let yamlType = RuleID("yaml.type")
    public static let yamlNumber = RuleID("yaml.number")
    public static let statusUnknown = RuleID("status.unknown")
    public static let statusSameAs = RuleID("status.same-as")
    public static let stateUnknownCode = RuleID("state.unknown-code")
    public static let yearDirectory = RuleID("year.directory")
    public static let fileMissing = RuleID("file.missing")
    public static let fileUnexpected = RuleID("file.unexpected")
    // Bundles (verify, client)
    public static let bundleManifest = RuleID("bundle.manifest")
    public static let bundleFileName = RuleID("bundle.file-name")
    public static let bundleMissingFile = RuleID("bundle.missing-file")
    public static let bundleUnlistedFile = RuleID("bundle.unlisted-file")
    public static let bundleSize = RuleID("bundle.size")
    public static let bundleChecksum = RuleID("bundle.checksum")
    public static let bundleDecode = RuleID("bundle.decode")
    public static let bundleInconsistent = RuleID("bundle.inconsistent")
    public static let bundleExpired = RuleID("bundle.expired")
    public static let bundleIndex = RuleID("bundle.index")
    public static let publicationVersion = RuleID("publish.version")
    // Signatures
    public static let signatureMissing = RuleID("signature.missing")
    public static let signatureInvalid = RuleID("signature.invalid")
    public static let signatureUntrusted = RuleID("signature.untrusted")
}
