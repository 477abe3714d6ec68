/// A list a document writes only when it has entries and reads as empty when the key is absent:
/// the `sources` of a document or a state. Every published 1.x document has sources (the rule
/// `sources.missing`), so its bytes are unchanged; the app form of a year (docs/design/34-payload.md),
/// which leaves the audit trail to a document of its own, has none and writes no key.
@propertyWrapper
public struct OmittedWhenEmpty<Element: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var wrappedValue: [Element]

    public init(wrappedValue: [Element]) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode([Element].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension KeyedDecodingContainer {
    /// An absent key is an empty list.
    public func decode<Element>(_ type: OmittedWhenEmpty<Element>.Type, forKey key: Key) throws -> OmittedWhenEmpty<Element> {
        try decodeIfPresent(type, forKey: key) ?? OmittedWhenEmpty(wrappedValue: [])
    }
}

extension KeyedEncodingContainer {
    /// An empty list writes no key.
    public mutating func encode<Element>(_ value: OmittedWhenEmpty<Element>, forKey key: Key) throws {
        if !value.wrappedValue.isEmpty { try encode(value.wrappedValue, forKey: key) }
    }
}
