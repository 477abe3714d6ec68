import Foundation

/// `states_<year>.json`.
public struct StatesDocument: Sendable, Equatable, Codable {
    public var year: Int
    public var states: [String: StateData]
    public init(year: Int, states: [String: StateData]) {
        self.year = year
        self.states = states
    }
}

/// The combined remote document (`GET /v1/tax-data/{year}`): metadata plus the four parts.
public struct CombinedDocument: Sendable, Equatable, Codable {
    public var version: DataVersion
    public var schemaVersion: SchemaVersion
    public var taxYear: Int
    public var effectiveDate: String
    public var expirationDate: String
    public var federal: FederalData
    public var fica: FICAData
    public var states: [String: StateData]
    public var retirement: RetirementData

    public init(_ data: TaxYearData) {
        version = data.meta.version
        schemaVersion = data.meta.schemaVersion
        taxYear = data.meta.taxYear
        effectiveDate = data.meta.effectiveDate
        expirationDate = data.meta.expirationDate
        federal = data.federal
        fica = data.fica
        states = data.states
        retirement = data.retirement
    }
}

/// The file names of one year's bundle.
public struct BundleLayout: Sendable, Equatable {
    public static let manifestName = "manifest.json"
    public static let signatureName = "manifest.json.sig"
    public static let indexName = "index.json"
    public static let indexSignatureName = "index.json.sig"
    /// The app form's directory inside a year's (schema 1.11): `2026/app/`.
    public static let appDirectory = "app"

    public var year: Int
    public init(year: Int) { self.year = year }

    /// The directory of an index entry's manifest path when it is one of the two the contract
    /// allows for `year` (`2026/manifest.json`, `2026/app/manifest.json`), else nil.
    public static func manifestDirectory(_ manifestPath: String, year: Int) -> String? {
        let parts = [String(year), "\(year)/\(appDirectory)"]
        return parts.first { manifestPath == "\($0)/\(manifestName)" }
    }

    public var federal: String { "federal_\(year).json" }
    public var fica: String { "fica_\(year).json" }
    public var states: String { "states_\(year).json" }
    public var retirement: String { "retirement_\(year).json" }
    public var combined: String { "combined_\(year).json" }
    /// The app form's documents, in `appDirectory`.
    public var app: String { "app_\(year).json" }
    public var provenance: String { "provenance_\(year).json" }
}
