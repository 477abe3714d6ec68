/// A stable identifier for a kind of finding. Tests, editors and CI match on it; never rename one.
public struct RuleID: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible, Comparable, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension RuleID {
    // Why the client refuses a source, beyond the bundle checks (Rejection.reason).
    public static let cacheFormat = RuleID("cache.format")
    public static let cacheState = RuleID("cache.state")
    public static let cacheUnreadable = RuleID("cache.unreadable")
    public static let cacheWrite = RuleID("cache.write")
    public static let bundleUndecodable = RuleID("bundle.invalid")
    public static let remoteError = RuleID("remote.error")
    public static let httpStatus = RuleID("http.status")
    /// Reported by the `NoRollback` check (in the bundle check catalogue, not in `clientRefusals`).
    public static let rollback = RuleID("rollback")
    public static let transportOffline = RuleID("transport.offline")
    public static let transportTimeout = RuleID("transport.timeout")
    public static let transportTooLarge = RuleID("transport.too-large")
    public static let transportConnection = RuleID("transport.connection")
    public static let transportEncoding = RuleID("transport.encoding")
    /// An embedded document in the shared-subtrees form that does not expand (`SharedSubtrees`).
    public static let embeddedShared = RuleID("embedded.shared")
    /// Every reason the client gives that is not a bundle check's (`BundleChecks.catalogue`).
    public static let clientRefusals: [RuleID] = [
        .cacheFormat, .cacheState, .cacheUnreadable, .cacheWrite, .bundleUndecodable, .remoteError, .httpStatus,
        .transportOffline, .transportTimeout, .transportTooLarge, .transportConnection, .transportEncoding,
        .embeddedShared,
    ] + tufRefusals

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
    public static let federalChildCredit = RuleID("federal.child-credit")
    public static let statePhaseOut = RuleID("state.phase-out")
    public static let statePaidTaxDeduction = RuleID("state.paid-tax-deduction")
    public static let stateExtraTax = RuleID("state.extra-tax")
    public static let stateIncomeBase = RuleID("state.income-base")
    public static let statePercentDeduction = RuleID("state.percent-deduction")
    public static let stateTaxAddBack = RuleID("state.tax-add-back")
    public static let stateTaxCredit = RuleID("state.tax-credit")
    public static let federalEarnedIncomeCredit = RuleID("federal.earned-income-credit")
    /// Publication 15-T's withholding schedules: rows that do not meet, a rate outside [0, 1), a
    /// tentative amount that does not follow from the row before, a filing status or payroll
    /// period missing.
    public static let withholdingSchedule = RuleID("withholding.schedule")
    /// A state's withholding method: an unknown certificate field, a rate and brackets both or
    /// neither, a rate outside [0, 1), brackets that do not start at 0 or meet, an amount without
    /// the certificate field it needs.
    public static let stateWithholding = RuleID("state.withholding")
    public static let stateEarnedIncomeCredit = RuleID("state.earned-income-credit")
    public static let stateChildCreditShare = RuleID("state.child-credit-share")
    public static let stateChildExemption = RuleID("state.child-exemption")
    public static let stateTaxRecapture = RuleID("state.tax-recapture")
    public static let stateIncomeTestedCredit = RuleID("state.income-tested-credit")
    public static let stateRefundableDependentCredit = RuleID("state.refundable-dependent-credit")
    public static let stateFederalDeductionAddBack = RuleID("state.federal-deduction-add-back")
    public static let stateDependentDeduction = RuleID("state.dependent-deduction")
    public static let stateYoungChildDeduction = RuleID("state.young-child-deduction")
    public static let stateRefundableEarnedIncomeCredit = RuleID("state.refundable-earned-income-credit")
    public static let stateYoungChildCredit = RuleID("state.young-child-credit")
    public static let statePovertyLevelCredit = RuleID("state.poverty-level-credit")
    public static let stateNoTaxBelow = RuleID("state.no-tax-below")
    public static let statePayrollContribution = RuleID("state.payroll-contribution")
    public static let statePreTaxTreatment = RuleID("state.pre-tax-treatment")
    // Local income taxes (schema 1.13)
    /// A locality's or local tax's id, name, kind, base or shape is not what the contract allows.
    public static let localityShape = RuleID("locality.shape")
    /// A local rate, share or rate limit outside [0, 1).
    public static let localityRate = RuleID("locality.rate")
    /// A local tax's dates outside the year, or two entries of one tax in force on the same day.
    public static let localityDates = RuleID("locality.dates")
    /// One locality listed twice (in one state or in two: an id names one place).
    public static let localityDuplicate = RuleID("locality.duplicate")
    /// A locality's grade and citations (`provenance.construct`'s rule, for a locality).
    public static let localityProvenance = RuleID("locality.provenance")
    /// The calculator, `calc` or the client was given a locality id the data does not have, or one
    /// in another state than the one asked for.
    public static let localityUnknown = RuleID("locality.unknown")
    /// Places of residence that cannot all hold: one locality given twice, two of one kind (two
    /// counties, two cities), or more than a calculation takes.
    public static let localityResidence = RuleID("locality.residence")
    public static let provenanceConstruct = RuleID("provenance.construct")
    public static let stateTaxTable = RuleID("state.tax-table")
    public static let stateTableCredit = RuleID("state.table-credit")
    public static let stateLowIncomeTable = RuleID("state.low-income-table")
    public static let phaseoutRange = RuleID("retirement.phaseout-range")
    public static let coverageJurisdictions = RuleID("coverage.jurisdictions")
    public static let yearConsistency = RuleID("year.consistency")
    public static let yearDates = RuleID("year.dates")
    public static let sourcesMissing = RuleID("sources.missing")
    public static let sourcesCarriedOver = RuleID("sources.carried-over")
    public static let publishCarriedOver = RuleID("publish.carried-over")
    public static let dataIncomplete = RuleID("data.incomplete")
    public static let dataProvisional = RuleID("data.provisional")
    public static let publishProvisional = RuleID("publish.provisional")
    public static let schemaUnsupported = RuleID("schema.unsupported")
    // Provenance (schema 1.2)
    public static let provenanceGrade = RuleID("provenance.grade")
    public static let dataEstimated = RuleID("data.estimated")
    public static let publishEstimated = RuleID("publish.estimated")
    /// A state file the year before had is gone (a warning in `check`; `build --release` refuses it
    /// as `publish.state-removed`: apps would lose the state).
    public static let coverageStateRemoved = RuleID("coverage.state-removed")
    public static let publishStateRemoved = RuleID("publish.state-removed")
    public static let reviewedUnused = RuleID("reviewed.unused")
    // Sanity (warnings)
    public static let sanitySeparateHalfJoint = RuleID("sanity.separate-half-joint")
    public static let sanityInflationOutlier = RuleID("sanity.inflation-outlier")
    public static let sanityUnchanged = RuleID("sanity.unchanged")
    public static let sanityStaleBrackets = RuleID("sanity.stale-brackets")
    /// An inflation-indexed amount lower than the year before's (`IndexedDecrease`).
    public static let sanityIndexedDecrease = RuleID("sanity.indexed-decrease")
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
    public static let fileUnreadable = RuleID("file.unreadable")
    public static let fileEncoding = RuleID("file.encoding")
    public static let fileTooLarge = RuleID("file.too-large")
    public static let fileOutsideTree = RuleID("file.outside-tree")
    // Bundles (verify, client)
    public static let bundleManifest = RuleID("bundle.manifest")
    public static let bundleFileName = RuleID("bundle.file-name")
    public static let bundleMissingFile = RuleID("bundle.missing-file")
    public static let bundleUnlistedFile = RuleID("bundle.unlisted-file")
    public static let bundleExtraFile = RuleID("bundle.extra-file")
    public static let bundleNotCanonical = RuleID("bundle.not-canonical")
    public static let bundleSymlink = RuleID("bundle.symlink")
    /// A FIFO, socket or device where a dist has files: never opened (an open or read could block forever).
    public static let bundleNotRegularFile = RuleID("bundle.not-regular-file")
    public static let bundleSize = RuleID("bundle.size")
    public static let bundleChecksum = RuleID("bundle.checksum")
    public static let bundleDecode = RuleID("bundle.decode")
    public static let bundleInconsistent = RuleID("bundle.inconsistent")
    public static let bundleExpired = RuleID("bundle.expired")
    public static let bundleIndex = RuleID("bundle.index")
    // The signed index's freshness (schema 1.8: issuedAt, expires)
    /// `issuedAt`/`expires` malformed, only one of them, or `expires` not after `issuedAt`.
    public static let indexValidity = RuleID("index.validity")
    /// The index's `expires` has passed: a warning in `verify` (an error with `--strict-expiry`);
    /// the client keeps its data and reports it `expired`.
    public static let indexExpired = RuleID("index.expired")
    /// An index issued before one already accepted (client), or before the one it replaces (`sign`, `build --previous`).
    public static let indexReplay = RuleID("index.replay")
    public static let publicationVersion = RuleID("publish.version")
    // Signatures
    public static let signatureMissing = RuleID("signature.missing")
    public static let signatureInvalid = RuleID("signature.invalid")
    public static let signatureUntrusted = RuleID("signature.untrusted")
}
