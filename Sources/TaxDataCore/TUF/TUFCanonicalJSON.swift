import Foundation

/// The canonical JSON that TUF signs (the OLPC form securesystemslib and python-tuf use): objects
/// with their keys sorted by code point, no white space, strings with only `"` and `\` escaped (every
/// other character as its UTF-8 bytes), integers only, `true`, `false` and `null`.
///
/// A value with no canonical form (a fraction or an exponent, which TUF metadata never holds) is
/// refused rather than written some way a peer might not: two implementations must sign and verify
/// exactly the same bytes.
public enum TUFCanonicalJSON {
    public struct Unrepresentable: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    public static func encode(_ value: JSONValue) throws -> Data {
        var out: [UInt8] = []
        try write(value, into: &out)
        return Data(out)
    }

    static func write(_ value: JSONValue, into out: inout [UInt8]) throws {
        switch value {
        case .null: out += Array("null".utf8)
        case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
        case .number(let text):
            guard let integer = Int64(text), String(integer) == text else {
                throw Unrepresentable(description: "the number \(text) is not an integer in its shortest form: TUF's canonical JSON has no other numbers")
            }
            out += Array(text.utf8)
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                try write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            // Sorted by code point, as Python sorts str keys (not by UTF-16 units, not by locale).
            for (i, key) in members.keys.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                try write(members[key]!, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { out.append(UInt8(ascii: "\\")) }
            out.append(byte)
        }
        out.append(UInt8(ascii: "\""))
    }
}
