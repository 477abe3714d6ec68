import Foundation

/// A year's conformance vectors (schema 1.14, `Y/vectors/vectors_Y.json`): cases with the results
/// the reference calculator (`TaxCalculator`, `PaycheckCalculator`) gives on that year's data, to
/// the cent. An implementation on another platform (Android, the web, a server) proves it computes
/// what the apps compute, for that exact data version, by running every case and comparing.
///
/// The inputs are the JSON lines of `taxdata calc --batch` and `taxdata paycheck --batch` (without
/// `year`, which is the document's), so one documented shape serves both; amounts are JSON numbers
/// read from their digits. docs/bundle-contract.md "The conformance vectors" describes the format.
public struct ConformanceVectors: Sendable, Equatable, Codable {
    public var schemaVersion: SchemaVersion
    public var taxYear: Int
    public var version: DataVersion
    /// A year's liability (`taxdata calc`): federal, FICA, state, with the net pay.
    public var liability: [LiabilityCase]
    /// One paycheck's withholding (`taxdata paycheck`); empty for a year without withholding data.
    public var paycheck: [PaycheckCase]

    public init(schemaVersion: SchemaVersion, taxYear: Int, version: DataVersion, liability: [LiabilityCase], paycheck: [PaycheckCase]) {
        self.schemaVersion = schemaVersion
        self.taxYear = taxYear
        self.version = version
        self.liability = liability
        self.paycheck = paycheck
    }

    public struct LiabilityCase: Sendable, Equatable, Codable {
        public var id: String
        public var input: LiabilityInput
        public var expected: LiabilityExpected
        public init(id: String, input: LiabilityInput, expected: LiabilityExpected) {
            self.id = id
            self.input = input
            self.expected = expected
        }
    }

    /// The keys of a `calc --batch` line.
    public struct LiabilityInput: Sendable, Equatable, Codable {
        public var status: FilingStatus
        public var state: String?
        public var gross: Decimal
        public var children: Int?
        /// `KIND=AMOUNT` for the year (`401k=10000`), as `calc --pre-tax`.
        public var preTax: [String]?
        public init(status: FilingStatus, state: String?, gross: Decimal, children: Int? = nil, preTax: [String]? = nil) {
            self.status = status
            self.state = state
            self.gross = gross
            self.children = children
            self.preTax = preTax
        }
    }

    /// Each to the cent, as the calculator rounds it.
    public struct LiabilityExpected: Sendable, Equatable, Codable {
        public var federalIncomeTax: Decimal
        public var socialSecurity: Decimal
        public var medicare: Decimal
        public var stateIncomeTax: Decimal
        /// The state's payroll contributions withheld from wages (SDI, paid leave, …), together.
        public var statePayrollContributions: Decimal
        public var netPay: Decimal
        public init(federalIncomeTax: Decimal, socialSecurity: Decimal, medicare: Decimal, stateIncomeTax: Decimal,
                    statePayrollContributions: Decimal, netPay: Decimal) {
            self.federalIncomeTax = federalIncomeTax
            self.socialSecurity = socialSecurity
            self.medicare = medicare
            self.stateIncomeTax = stateIncomeTax
            self.statePayrollContributions = statePayrollContributions
            self.netPay = netPay
        }
    }

    public struct PaycheckCase: Sendable, Equatable, Codable {
        public var id: String
        public var input: PaycheckInput
        public var expected: PaycheckExpected
        public init(id: String, input: PaycheckInput, expected: PaycheckExpected) {
            self.id = id
            self.input = input
            self.expected = expected
        }
    }

    /// The keys of a `paycheck --batch` line.
    public struct PaycheckInput: Sendable, Equatable, Codable {
        public var frequency: PayFrequency
        public var wagesPerPeriod: Decimal
        public var w4: W4
        public var state: String?
        public var stateCertificate: Certificate?
        /// Where the employee lives (locality ids of `state`).
        public var localities: [String]?
        /// A bonus in the paycheck, and `aggregate` when it is withheld on by the aggregate method.
        public var supplemental: Decimal?
        public var supplementalMethod: String?
        /// The paycheck's dates (`YYYY-MM-DD`), for a state whose method changes during the year.
        public var payDate: String?
        public var periodStart: String?
        public var periodEnd: String?
        public init(frequency: PayFrequency, wagesPerPeriod: Decimal, w4: W4, state: String? = nil, stateCertificate: Certificate? = nil,
                    localities: [String]? = nil, supplemental: Decimal? = nil, supplementalMethod: String? = nil,
                    payDate: String? = nil, periodStart: String? = nil, periodEnd: String? = nil) {
            self.payDate = payDate
            self.periodStart = periodStart
            self.periodEnd = periodEnd
            self.supplemental = supplemental
            self.supplementalMethod = supplementalMethod
            self.frequency = frequency
            self.wagesPerPeriod = wagesPerPeriod
            self.w4 = w4
            self.state = state
            self.stateCertificate = stateCertificate
            self.localities = localities
        }
    }

    public struct W4: Sendable, Equatable, Codable {
        public var form: Int
        public var filingStatus: FilingStatus
        public var multipleJobs: Bool?
        public var dependentsAmount: Decimal?
        public var otherIncome: Decimal?
        public var deductions: Decimal?
        public var extraWithholding: Decimal?
        public var allowances: Int?
        public init(form: Int, filingStatus: FilingStatus, multipleJobs: Bool? = nil, dependentsAmount: Decimal? = nil, otherIncome: Decimal? = nil,
                    deductions: Decimal? = nil, extraWithholding: Decimal? = nil, allowances: Int? = nil) {
            self.form = form
            self.filingStatus = filingStatus
            self.multipleJobs = multipleJobs
            self.dependentsAmount = dependentsAmount
            self.otherIncome = otherIncome
            self.deductions = deductions
            self.extraWithholding = extraWithholding
            self.allowances = allowances
        }
    }

    public struct Certificate: Sendable, Equatable, Codable {
        public var filingStatus: FilingStatus?
        public var allowances: Int?
        public var additionalAllowances: Int?
        public var electedRate: Decimal?
        public var exemptionAmount: Decimal?
        public var creditAmount: Decimal?
        public var rateTable: String?
        public var extraWithholding: Decimal?
        public var exempt: Bool?
        /// The code the certificate chooses its figures by (Connecticut's CT-W4).
        public var withholdingCode: String?
        /// A reduction per paycheck (Connecticut's CT-W4 line 3).
        public var reducedWithholding: Decimal?
        /// False: the employee gave no certificate (the state's `noCertificate` rule applies).
        public var onFile: Bool?
        public init(filingStatus: FilingStatus? = nil, allowances: Int? = nil, additionalAllowances: Int? = nil, electedRate: Decimal? = nil,
                    exemptionAmount: Decimal? = nil, creditAmount: Decimal? = nil, rateTable: String? = nil, extraWithholding: Decimal? = nil,
                    exempt: Bool? = nil, withholdingCode: String? = nil, reducedWithholding: Decimal? = nil, onFile: Bool? = nil) {
            self.reducedWithholding = reducedWithholding
            self.onFile = onFile
            self.withholdingCode = withholdingCode
            self.creditAmount = creditAmount
            self.rateTable = rateTable
            self.filingStatus = filingStatus
            self.allowances = allowances
            self.additionalAllowances = additionalAllowances
            self.electedRate = electedRate
            self.exemptionAmount = exemptionAmount
            self.extraWithholding = extraWithholding
            self.exempt = exempt
        }
    }

    public struct PaycheckExpected: Sendable, Equatable, Codable {
        public var federalWithholding: Decimal
        /// Absent when no state is asked, or the state's method is not in the data.
        public var stateWithholding: Decimal?
        public var socialSecurity: Decimal
        public var medicare: Decimal
        /// The state's payroll contributions on the paycheck, together.
        public var statePayrollContributions: Decimal
        /// The local taxes withheld, together; absent without a locality.
        public var localWithholding: Decimal?
        public var netPay: Decimal
        public init(federalWithholding: Decimal, stateWithholding: Decimal?, socialSecurity: Decimal, medicare: Decimal,
                    statePayrollContributions: Decimal, localWithholding: Decimal? = nil, netPay: Decimal) {
            self.localWithholding = localWithholding
            self.federalWithholding = federalWithholding
            self.stateWithholding = stateWithholding
            self.socialSecurity = socialSecurity
            self.medicare = medicare
            self.statePayrollContributions = statePayrollContributions
            self.netPay = netPay
        }
    }
}

extension BundleLayout {
    /// The vectors form's directory inside a year's (schema 1.14): `2026/vectors/`.
    public static let vectorsDirectory = "vectors"
    /// The year's conformance vectors: `vectors_2026.json`.
    public var vectors: String { "vectors_\(year).json" }
}

extension BundleBuilder {
    /// The files of one year's vectors form, with paths relative to its directory
    /// (`<year>/vectors/`): the vectors, compact, and their manifest.
    public static func buildVectors(_ vectors: ConformanceVectors, of data: TaxYearData,
                                    crypto: any BundleCrypto = PortableCrypto()) throws -> (files: [OutputFile], manifest: Manifest) {
        let layout = BundleLayout(year: data.meta.taxYear)
        let bytes = try CanonicalJSON.encodeCompact(vectors)
        var files = Manifest.Files(app: "", provenance: "")
        files.app = nil
        files.provenance = nil
        files.vectors = layout.vectors
        let manifest = Manifest(
            schemaVersion: data.meta.schemaVersion, taxYear: data.meta.taxYear, version: data.meta.version,
            status: data.meta.status.rawValue, effectiveDate: data.meta.effectiveDate, expirationDate: data.meta.expirationDate,
            files: files, checksums: [layout.vectors: Manifest.checksum(try crypto.sha256Hex(bytes))], sizes: [layout.vectors: bytes.count],
            changes: data.meta.changes)
        return ([OutputFile(path: layout.vectors, contents: bytes),
                 OutputFile(path: BundleLayout.manifestName, contents: try CanonicalJSON.encode(manifest))], manifest)
    }
}

/// Verifies a year's vectors form (`<year>/vectors/`). Pure: the caller supplies the bytes, and
/// the vectors this build's reference calculator makes from the year's data, when it can (the
/// calculator is not a dependency of this module; `taxdata verify` passes them):
///
/// - the manifest decodes, is signed as the policy requires, is a vectors form's (`files.vectors`
///   only, named `vectors_Y.json`), of a supported schema major, and of the year and version;
/// - the document is there with its size and SHA-256, and nothing unlisted is;
/// - it decodes, is compact canonical JSON, is of that year and version, and, given `expected`,
///   is exactly those vectors (`bundle.inconsistent` otherwise: the published expectations would
///   not be what the apps compute).
public struct VectorsFormVerifier: Sendable {
    public var signatures: SignaturePolicy
    public var crypto: any BundleCrypto
    public init(signatures: SignaturePolicy = .none, crypto: any BundleCrypto = PortableCrypto()) {
        self.signatures = signatures
        self.crypto = crypto
    }

    public func verify(manifestBytes: Data, files: [String: Data], year: YearMeta,
                       expected: ConformanceVectors?) -> (vectors: ConformanceVectors?, findings: [BundleFinding]) {
        let name = BundleLayout.manifestName
        let decoded = ManifestDecodes.decode(manifestBytes)
        guard let manifest = decoded.manifest else { return (nil, decoded.finding.map { [$0] } ?? []) }
        var findings: [BundleFinding] = signatures.check(message: manifestBytes, envelope: files[BundleLayout.signatureName],
                                                         signatureFile: BundleLayout.signatureName, crypto: crypto).map { (BundleLayout.signatureName, $0) }
        if !SchemaVersion.supportedMajors.contains(manifest.schemaVersion.major) {
            findings.append((name, .error(.schemaUnsupported, "schema \(manifest.schemaVersion) is not a major this build reads")))
        }
        let file = BundleLayout(year: year.taxYear).vectors
        guard manifest.files.form == .vectors, manifest.files.vectors == file,
              manifest.checksums.keys.sorted() == [file], manifest.sizes.keys.sorted() == [file] else {
            findings.append((name, .error(.bundleManifest, "is not a vectors form's manifest: it must list \(file) alone, with its checksum and size")))
            return (nil, findings)
        }
        if let difference = manifest.differs(from: year) {
            findings.append((name, .error(.bundleInconsistent, "\(difference): the vectors must be of the same publication")))
        }
        for other in files.keys.sorted() where other != file && other != BundleLayout.signatureName {
            findings.append((other, .error(.bundleUnlistedFile, "is not listed in the vectors form's manifest")))
        }
        guard let bytes = files[file] else {
            return (nil, findings + [(file, .error(.bundleMissingFile, "listed in the manifest but missing"))])
        }
        if bytes.count != manifest.sizes[file] {
            return (nil, findings + [(file, .error(.bundleSize, "is \(bytes.count) bytes; the manifest lists \(manifest.sizes[file]!)"))])
        }
        guard let hex = try? crypto.sha256Hex(bytes), Manifest.checksum(hex) == manifest.checksums[file] else {
            return (nil, findings + [(file, .error(.bundleChecksum, "SHA-256 does not match the manifest's"))])
        }
        let vectors: ConformanceVectors
        do { vectors = try CanonicalJSON.decode(ConformanceVectors.self, from: bytes) } catch {
            return (nil, findings + [(file, .error(.bundleDecode, "does not decode: \(DecodeErrorText.describe(error))"))])
        }
        guard (try? CanonicalJSON.encodeCompact(vectors)) == bytes else {
            return (nil, findings + [(file, .error(.bundleNotCanonical, "is not compact canonical JSON (an unknown or duplicate key, or other spacing)"))])
        }
        if vectors.taxYear != manifest.taxYear || vectors.version != manifest.version {
            findings.append((file, .error(.bundleInconsistent, "holds \(vectors.taxYear) version \(vectors.version), not the year of its manifest")))
        }
        if let expected, expected != vectors {
            let liability = zip(vectors.liability, expected.liability).first { $0 != $1 }?.0.id
            let paycheck = zip(vectors.paycheck, expected.paycheck).first { $0 != $1 }?.0.id
            let first = liability ?? paycheck.map { $0 } ?? "the list of cases"
            findings.append((file, .error(.bundleInconsistent,
                "is not what this build's reference calculator computes from the year's data (first difference: \(first))")))
        }
        return (vectors, findings)
    }
}
