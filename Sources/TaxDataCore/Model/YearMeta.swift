/// A tax year's metadata from `year.yaml`.
public struct YearMeta: Sendable, Equatable {
    /// `published` years must be complete; `draft` years may lack jurisdictions.
    public enum Status: String, Sendable, Equatable, CaseIterable, Codable {
        case published
        case draft
    }

    public var taxYear: Int
    public var version: DataVersion
    public var schemaVersion: SchemaVersion
    /// ISO dates, `YYYY-MM-DD`.
    public var effectiveDate: String
    public var expirationDate: String
    public var status: Status
    /// What changed in this release, for people (`changes:` in `year.yaml`, schema 1.9): the
    /// manifest carries it, signed, and the version endpoint answers it as `changeLog`.
    public var changes: String?

    public init(taxYear: Int, version: DataVersion, schemaVersion: SchemaVersion,
                effectiveDate: String, expirationDate: String, status: Status, changes: String? = nil) {
        self.taxYear = taxYear
        self.version = version
        self.schemaVersion = schemaVersion
        self.effectiveDate = effectiveDate
        self.expirationDate = expirationDate
        self.status = status
        self.changes = changes
    }
}

/// One tax year's complete data set: what a bundle holds.
public struct TaxYearData: Sendable, Equatable {
    public var meta: YearMeta
    public var federal: FederalData
    public var fica: FICAData
    public var retirement: RetirementData
    /// USPS code → state.
    public var states: [String: StateData]
    /// Values still awaiting their official figure (from `taxdata new-year`), with how each was
    /// derived. Source-only: never encoded into a bundle; `build --release` refuses a year with any.
    public var provisional: [DataPath: String]
    /// Where the sources wrote a grade: each document's own `provenance` at its root, and a figure's
    /// (`{ value: 4685, provenance: corroborated }`, a bracket's `provenance` key) at its path.
    /// Source-only, like `provisional`: a bundle carries each document's effective (weakest) grade
    /// instead. `provenance(at:)` answers for one value.
    public var gradesWritten: [DataPath: Provenance]

    public init(meta: YearMeta, federal: FederalData, fica: FICAData, retirement: RetirementData, states: [String: StateData],
                provisional: [DataPath: String] = [:], gradesWritten: [DataPath: Provenance] = [:]) {
        self.meta = meta
        self.federal = federal
        self.fica = fica
        self.retirement = retirement
        self.states = states
        self.provisional = provisional
        self.gradesWritten = gradesWritten
    }
}
