/// A value per filing status, where some statuses may be declared to use another's value.
///
/// Authors write a schedule once and map other statuses to it (`qualifying_widower: { sameAs:
/// married_filing_jointly }`). Rules look at `written` values only, so a mistake is reported once;
/// the bundle encodes the expanded table with every covered status.
public struct StatusTable<Value: Sendable & Equatable>: Sendable, Equatable {
    /// Values written out for their status.
    public private(set) var written: [FilingStatus: Value]
    /// Statuses that use another status's value: alias → target.
    public private(set) var aliases: [FilingStatus: FilingStatus]

    public init(written: [FilingStatus: Value] = [:], aliases: [FilingStatus: FilingStatus] = [:]) {
        self.written = written
        self.aliases = aliases
    }

    /// The same value for every filing status.
    public init(uniform value: Value) {
        self.init(written: Dictionary(uniqueKeysWithValues: FilingStatus.allCases.map { ($0, value) }))
    }

    /// The value for `status`, following an alias.
    public subscript(status: FilingStatus) -> Value? {
        if let value = written[status] { return value }
        return aliases[status].flatMap { written[$0] }
    }

    /// Statuses that have a value, written or aliased.
    public var covered: Set<FilingStatus> {
        Set(FilingStatus.allCases.filter { self[$0] != nil })
    }

    /// Statuses with no value, in contract order.
    public var missing: [FilingStatus] {
        FilingStatus.allCases.filter { self[$0] == nil }
    }

    /// Written statuses in contract order with their values.
    public var writtenInOrder: [(FilingStatus, Value)] {
        FilingStatus.allCases.compactMap { status in written[status].map { (status, $0) } }
    }

    /// Every covered status with its value.
    public var expanded: [FilingStatus: Value] {
        var result: [FilingStatus: Value] = [:]
        for status in FilingStatus.allCases { result[status] = self[status] }
        return result
    }

    /// Returns a table whose written values are transformed.
    public func mapValues<T>(_ transform: (Value) throws -> T) rethrows -> StatusTable<T> {
        StatusTable<T>(written: try written.mapValues(transform), aliases: aliases)
    }
}

extension StatusTable: Codable where Value: Codable {
    /// Decodes a `{status: value}` object; an unknown status key is a decoding error.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode([String: Value].self)
        var written: [FilingStatus: Value] = [:]
        for (key, value) in raw {
            guard let status = FilingStatus(rawValue: key) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "unknown filing status '\(key)'")
            }
            written[status] = value
        }
        self.init(written: written)
    }

    /// Encodes every covered status, aliases expanded.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        var raw: [String: Value] = [:]
        for (status, value) in expanded { raw[status.rawValue] = value }
        try container.encode(raw)
    }
}
