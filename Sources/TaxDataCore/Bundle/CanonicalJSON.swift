import Foundation

/// The one JSON format every bundle file is written in: sorted keys, two-space indentation,
/// unescaped slashes, exact decimals, a final newline. Same model → same bytes on any machine,
/// in any locale or time zone.
public enum CanonicalJSON {
    public static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// The compact canonical form, for the documents of the app form (docs/design/34-payload.md):
    /// sorted keys, no white space, unescaped slashes, exact decimals, a final newline.
    public static func encodeCompact(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Decodes bundle JSON. Numbers decode to `Decimal` from their text, exactly
    /// (`JSONValueDecoder`: Foundation's results, several times faster on Linux).
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONValueDecoder().decode(type, from: data)
    }
}
