/// A data version such as `2026.1.0`: three non-negative integers, compared numerically.
public struct DataVersion: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public var components: [Int]

    /// Parses `A.B.C`; nil for anything else (`2026.1`, `v2026.1.0`, `2026.01.0`).
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var values: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 9, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                  part == "0" || part.first != "0", let value = Int(part) else { return nil }
            values.append(value)
        }
        components = values
    }

    public var description: String { components.map(String.init).joined(separator: ".") }

    public static func < (lhs: DataVersion, rhs: DataVersion) -> Bool {
        lhs.components.lexicographicallyPrecedes(rhs.components)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let version = DataVersion(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a version like 2026.1.0")
        }
        self = version
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// The bundle contract's `schemaVersion`, `MAJOR.MINOR`.
public struct SchemaVersion: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The version this build writes.
    public static let current = SchemaVersion(major: 1, minor: 14)
    /// Majors this build can read; a bundle of any other major is refused.
    public static let supportedMajors: Set<Int> = [1]

    public var major: Int
    public var minor: Int

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]),
              major >= 0, minor >= 0, parts.allSatisfy({ $0.allSatisfy(\.isNumber) }) else { return nil }
        self.init(major: major, minor: minor)
    }

    public var description: String { "\(major).\(minor)" }

    public static func < (lhs: SchemaVersion, rhs: SchemaVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// The first version with the state-law constructs of issue 15's second half.
    public static let v1_3 = SchemaVersion(major: 1, minor: 3)
    /// The first version with the earned income credit, shares of federal tax and of the child tax
    /// credit, the child exemption, the itemized FICA deduction and inclusive table rows.
    public static let v1_4 = SchemaVersion(major: 1, minor: 4)
    /// The first version with income-tested credits (a share of the tax by income against a
    /// family-size threshold) and refundable dependent credits.
    public static let v1_5 = SchemaVersion(major: 1, minor: 5)
    /// The first version with the federal deduction add-back and the per-dependent deduction after
    /// the first dependents.
    public static let v1_6 = SchemaVersion(major: 1, minor: 6)
    /// The first version with low-income tax tables by status and dependents.
    public static let v1_7 = SchemaVersion(major: 1, minor: 7)
    /// The first version whose signed `index.json` carries `issuedAt` and `expires` (nothing new in
    /// the year documents).
    public static let v1_8 = SchemaVersion(major: 1, minor: 8)
    /// The first version whose manifest may say what changed in the release (`changes`).
    public static let v1_9 = SchemaVersion(major: 1, minor: 9)
    /// The first version with the deduction per dependent under 6 (`youngChildDeduction`).
    public static let v1_10 = SchemaVersion(major: 1, minor: 10)
    /// The first version whose index lists each year's app form (`app`: `2026/app/manifest.json`,
    /// listing `app_2026.json` and `provenance_2026.json`); nothing new in the year documents.
    public static let v1_11 = SchemaVersion(major: 1, minor: 11)
    /// The first version with every payroll contribution (`payrollContributions`, of which `sdi`
    /// is derived) and the state treatment of pre-tax deductions (`preTaxTreatment`).
    public static let v1_12 = SchemaVersion(major: 1, minor: 12)
    /// The first version with local income taxes (`localities`), published per state in the
    /// local form (`Y/local/manifest.json`, listed by the index's `local`).
    public static let v1_13 = SchemaVersion(major: 1, minor: 13)
    /// The federal document's `withholding`: Publication 15-T's percentage method.
    public static let v1_14 = SchemaVersion(major: 1, minor: 14)

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let version = SchemaVersion(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a schema version like 1.1")
        }
        self = version
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
