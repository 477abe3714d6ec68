import Foundation

/// A JSON document parsed from UTF-8 (RFC 8259), numbers kept as their text so that a `Decimal` is
/// read exactly, never through a binary floating point. `JSONValueDecoder` decodes the model from it.
///
/// Strict, as a verifier must be: one value and nothing after it but white space; strings of valid
/// UTF-8 with no raw control character and only the escapes JSON defines; numbers only in JSON's
/// grammar; nesting at most `maxDepth` deep, so hostile input cannot exhaust the stack. A key
/// repeated in an object keeps its last value, as Foundation's `JSONDecoder` does: the canonical
/// check (`CanonicalCheck`) refuses such a document, whichever value a parser keeps.
public indirect enum JSONValue: Sendable, Equatable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    /// The number's text, as written (`-12.50`, `1e3`).
    case number(String)
    case bool(Bool)
    case null

    /// The deepest nesting of arrays and objects accepted.
    public static let maxDepth = 256

    /// Why bytes are not one JSON value: what was found, and the byte offset where.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        public var offset: Int
        public var message: String
        public var description: String { "\(message) at byte \(offset)" }
    }

    /// Parses `bytes`: exactly one JSON value, with white space around it.
    public static func parse(_ bytes: Data) throws -> JSONValue {
        try parse(bytes, refusingDuplicateKeys: false)
    }

    /// Parses `bytes`, and with `refusingDuplicateKeys` refuses an object that repeats a key (TUF
    /// metadata: two values for one key is an ambiguity a verifier must not resolve either way).
    public static func parse(_ bytes: Data, refusingDuplicateKeys: Bool) throws -> JSONValue {
        try bytes.withUnsafeBytes { raw in
            var parser = Parser(bytes: raw.bindMemory(to: UInt8.self))
            parser.refusingDuplicateKeys = refusingDuplicateKeys
            let value = try parser.value(depth: 0)
            parser.skipWhitespace()
            guard parser.index == parser.bytes.count else { throw parser.error("more after the JSON value") }
            return value
        }
    }

    struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var refusingDuplicateKeys = false

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        func error(_ message: String) -> SyntaxError { SyntaxError(offset: index, message: message) }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws -> JSONValue {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw error("unexpected character")
            }
        }

        mutating func literal(_ word: StaticString) throws {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count,
                  memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else { throw error("not a JSON literal") }
            index += count
        }

        mutating func object(depth: Int) throws -> JSONValue {
            guard depth <= JSONValue.maxDepth else { throw error("nested deeper than \(JSONValue.maxDepth)") }
            index += 1
            var members: [String: JSONValue] = [:]
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
                let key = try string()
                if refusingDuplicateKeys, members[key] != nil { throw error("the key \"\(key)\" appears twice in one object") }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
                index += 1
                members[key] = try value(depth: depth)
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of input") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                throw error("expected ',' or '}'")
            }
        }

        mutating func array(depth: Int) throws -> JSONValue {
            guard depth <= JSONValue.maxDepth else { throw error("nested deeper than \(JSONValue.maxDepth)") }
            index += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                elements.append(try value(depth: depth))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of input") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                throw error("expected ',' or ']'")
            }
        }

        mutating func string() throws -> String {
            index += 1
            let start = index
            // The common case: no escape, so the bytes are the string's UTF-8.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    index += 1
                    guard let text = String(validating: slice, as: UTF8.self) else {
                        throw SyntaxError(offset: start, message: "a string that is not valid UTF-8")
                    }
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw error("a control character in a string") }
                index += 1
            }
            var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    guard let text = String(validating: utf8, as: UTF8.self) else {
                        throw SyntaxError(offset: start, message: "a string that is not valid UTF-8")
                    }
                    return text
                }
                if byte < 0x20 { throw error("a control character in a string") }
                if byte != UInt8(ascii: "\\") {
                    utf8.append(byte)
                    index += 1
                    continue
                }
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("a lone surrogate in a string")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone surrogate in a string") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error("a lone surrogate in a string")
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw error("not a Unicode scalar") }
                    utf8.append(contentsOf: String(Character(unicode)).utf8)
                default:
                    throw error("an escape JSON does not define")
                }
            }
            throw error("unterminated string")
        }

        mutating func hex4() throws -> UInt32 {
            guard index + 4 <= bytes.count else { throw error("a short \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw error("not a hex digit in a \\u escape")
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        /// A number in JSON's grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
        mutating func number() throws -> String {
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - from
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { throw error("a number without digits") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else if digits() == 0 {
                throw error("a number without digits")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw error("a number with no digit after '.'") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw error("a number with no digit in its exponent") }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }
    }
}
