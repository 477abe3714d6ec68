import Foundation

/// The parts of a canonical combined document, as bytes, so that a bundle's part files can be
/// compared with them instead of being re-encoded (`DocumentsDecode.decodeOnce`).
///
/// Canonical JSON (`CanonicalJSON`) is pretty-printed with two spaces per level and never has a raw
/// newline inside a string (the encoder escapes it). A top-level member therefore starts on a line
/// indented by exactly two spaces (`  "federal" : {`), its nested lines are indented further, and
/// it ends before the next line indented by at most two spaces. Encoding a nested object on its
/// own gives the same lines, two spaces less indented: so a part file is the canonical encoding of
/// its part exactly when it equals that member's value, moved to the top level.
///
/// Every answer is checked by the caller against the file's bytes; a layout this type does not
/// expect gives nil or bytes that differ, and the caller then decodes and re-encodes each file.
public struct CanonicalMembers: Sendable {
    let bytes: [UInt8]
    /// Key → the byte range of its value in `bytes`.
    let values: [String: Range<Int>]

    /// The top-level members of canonical `document`; nil when it is not a pretty-printed object.
    public init?(_ document: Data) {
        let bytes = [UInt8](document)
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), quote = UInt8(ascii: "\"")
        guard bytes.starts(with: [UInt8(ascii: "{"), newline]), bytes.last == newline else { return nil }
        /// The indentation of the line starting at `start`, or nil for a line of spaces only.
        func indentation(_ start: Int) -> Int? {
            var i = start
            while i < bytes.count, bytes[i] == space { i += 1 }
            return i < bytes.count && bytes[i] != newline ? i - start : nil
        }
        var values: [String: Range<Int>] = [:]
        var open: (key: String, value: Int)?
        var previousLineEnd = 1
        var lineStart = 2
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: newline) ?? bytes.count
            if let indent = indentation(lineStart), indent <= 2 {
                let first = bytes[lineStart + indent]
                if let member = open {
                    // A closing bracket at two spaces ends a multi-line value; anything else ends a
                    // value that ended on the line before (dropping its separating comma).
                    if indent == 2, first == UInt8(ascii: "}") || first == UInt8(ascii: "]") {
                        values[member.key] = member.value..<(lineStart + 3)
                        open = nil
                    } else {
                        let end = bytes[previousLineEnd - 1] == UInt8(ascii: ",") ? previousLineEnd - 1 : previousLineEnd
                        values[member.key] = member.value..<end
                        open = nil
                    }
                }
                if indent == 2, first == quote {
                    // `"key" : value`: keys are plain identifiers in this schema; an escaped key ends the walk.
                    guard let close = bytes[(lineStart + 3)..<lineEnd].firstIndex(of: quote),
                          !bytes[(lineStart + 3)..<close].contains(UInt8(ascii: "\\")),
                          bytes[close...].starts(with: Array(#"" : "#.utf8)) else { return nil }
                    open = (String(decoding: bytes[(lineStart + 3)..<close], as: UTF8.self), close + 4)
                }
            }
            previousLineEnd = lineEnd
            lineStart = lineEnd + 1
        }
        guard open == nil else { return nil }
        self.bytes = bytes
        self.values = values
    }

    /// The bytes of `key`'s value as they sit in the document, one level deep.
    public func nested(_ key: String) -> ArraySlice<UInt8>? { values[key].map { bytes[$0] } }

    /// The canonical encoding of `key`'s value on its own: its lines two spaces less indented, and
    /// the final newline. nil when a line of it (other than an empty one) is not indented by two spaces.
    public func topLevel(_ key: String) -> Data? {
        guard let value = nested(key) else { return nil }
        var out = Data(capacity: value.count + 1)
        var i = value.startIndex
        while i < value.endIndex {
            let byte = value[i]
            out.append(byte)
            i += 1
            if byte == UInt8(ascii: "\n"), i < value.endIndex, value[i] != UInt8(ascii: "\n") {
                guard value[i...].starts(with: [UInt8(ascii: " "), UInt8(ascii: " ")]) else { return nil }
                i += 2
            }
        }
        out.append(UInt8(ascii: "\n"))
        return out
    }
}
