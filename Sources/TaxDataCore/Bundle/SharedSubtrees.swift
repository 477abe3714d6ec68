import Foundation

/// The form in which an app carries its embedded documents: canonical JSON in which every run of
/// at least 32 bytes whose text already occurred earlier in the document is replaced by a
/// reference to that earlier text. A state's brackets are often the same for three filing
/// statuses, and its withholding tables repeat their rows' keys, so a year of app data takes
/// about 42 % of its bytes in this form (docs/design/34-payload.md).
///
/// It is not compression: a reference is `0x01`, the earlier text's offset and length in
/// lower-case hexadecimal separated by a comma, then `0x02`; every other byte is copied as it is.
/// Neither marker can occur in canonical JSON (control characters are escaped inside strings and
/// there is no white space between tokens), and a reference only points backwards into what has
/// been expanded, so expanding is one pass in time and memory bounded by the size the caller
/// allows. The expanded bytes are then checked against the manifest's size and SHA-256 like any
/// downloaded document, so a mistake here can only be refused, never trusted.
///
/// The first form shared only whole objects and arrays; the reader never depended on that, so
/// documents of either form expand with the same code.
public enum SharedSubtrees {
    /// The file name suffix of a document in this form (`app_2026.json.shared`).
    public static let fileSuffix = ".shared"
    static let open: UInt8 = 0x01
    static let close: UInt8 = 0x02
    /// Shorter runs are left as they are: a reference costs up to 14 bytes.
    public static let minimumLength = 32

    /// Why a document in this form is refused (rule `embedded.shared`).
    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// The byte offset in the shared form where the problem is.
        public var offset: Int
        public var reason: String
        public var description: String { "\(RuleID.embeddedShared): byte \(offset): \(reason)" }
    }

    /// How many earlier occurrences of a run's first 32 bytes are tried, most recent first.
    static let candidatesTried = 256

    /// `json` with every run of at least `minimumLength` bytes that occurred earlier replaced by
    /// a reference to its longest earlier occurrence (greedy, left to right). `json` must be
    /// canonical JSON (no control bytes, brackets balanced outside strings); a document that holds
    /// either marker byte is refused rather than made ambiguous.
    public static func share(_ json: Data) throws -> Data {
        let bytes = [UInt8](json)
        if let at = bytes.firstIndex(where: { $0 == open || $0 == close }) {
            throw Refusal(offset: at, reason: "the document holds a control byte, so it is not canonical JSON")
        }
        _ = try containerEnds(bytes)
        let count = bytes.count
        // Earlier starts of each 32-byte window, by the window's hash (collisions are compared).
        var starts: [UInt64: [Int]] = [:]
        func window(_ at: Int) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes[at..<(at + minimumLength)] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
        func remember(_ at: Int) {
            guard at + minimumLength <= count else { return }
            starts[window(at), default: []].append(at)
        }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        var index = 0
        while index < count {
            var bestLength = 0
            var bestStart = 0
            if index + minimumLength <= count, let earlier = starts[window(index)] {
                for start in earlier.reversed().prefix(candidatesTried) {
                    // A reference may only copy what is expanded before it: no overlap.
                    var length = 0
                    while index + length < count, start + length < index, bytes[start + length] == bytes[index + length] {
                        length += 1
                    }
                    if length > bestLength { bestLength = length; bestStart = start }
                }
            }
            if bestLength >= minimumLength {
                let reference = [open] + Array(String(bestStart, radix: 16).utf8) + [UInt8(ascii: ",")]
                    + Array(String(bestLength, radix: 16).utf8) + [close]
                if reference.count < bestLength {
                    out.append(contentsOf: reference)
                    for at in index..<(index + bestLength) { remember(at) }
                    index += bestLength
                    continue
                }
            }
            out.append(bytes[index])
            remember(index)
            index += 1
        }
        // Written only when it expands back to the exact bytes.
        let result = Data(out)
        guard try expand(result, limit: json.count) == json else {
            throw Refusal(offset: 0, reason: "the shared form does not expand to the document it was made from")
        }
        return result
    }

    /// The document `shared` stands for, refusing one that would exceed `limit` bytes, a reference
    /// that is malformed or points outside what precedes it, and an unterminated reference.
    public static func expand(_ shared: Data, limit: Int) throws -> Data {
        try shared.withUnsafeBytes { raw -> Data in
            let bytes = raw.bindMemory(to: UInt8.self)
            var out: [UInt8] = []
            out.reserveCapacity(Swift.min(bytes.count * 2, limit))
            func tooLarge(_ at: Int) -> Refusal { Refusal(offset: at, reason: "expands to more than \(limit) bytes") }
            var index = 0
            while index < bytes.count {
                // The literal run up to the next marker, copied at once.
                var end = index
                while end < bytes.count, bytes[end] > close { end += 1 }
                if end > index {
                    guard end - index <= limit - out.count else { throw tooLarge(index + (limit - out.count)) }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                    index = end
                    continue
                }
                let byte = bytes[index]
                if byte != open && byte != close {
                    guard out.count < limit else { throw tooLarge(index) }
                    out.append(byte)
                    index += 1
                    continue
                }
                if byte == close { throw Refusal(offset: index, reason: "a reference ends that did not begin") }
                let start = index
                var stop = start + 1
                while stop < bytes.count, stop - start < 40, bytes[stop] != close { stop += 1 }
                guard stop < bytes.count, bytes[stop] == close else {
                    throw Refusal(offset: start, reason: "a reference does not end within 40 bytes")
                }
                // Two numbers separated by one comma, read in place (no allocation per reference).
                var comma = start + 1
                while comma < stop, bytes[comma] != UInt8(ascii: ",") { comma += 1 }
                guard comma < stop, let offset = hexadecimal(bytes, (start + 1)..<comma), let length = hexadecimal(bytes, (comma + 1)..<stop) else {
                    throw Refusal(offset: start, reason: "a reference is not two lower-case hexadecimal numbers")
                }
                guard length >= minimumLength, offset <= out.count, length <= out.count - offset else {
                    throw Refusal(offset: start, reason: "a reference to bytes \(offset) + \(length) of the \(out.count) expanded so far")
                }
                guard length <= limit - out.count else { throw tooLarge(start) }
                // Grown first, then copied within: appending a slice of `out` to itself would copy
                // the whole array each time (the slice keeps its buffer shared).
                let at = out.count
                out.append(contentsOf: repeatElement(0, count: length))
                out.withUnsafeMutableBufferPointer { buffer in
                    let base = buffer.baseAddress!
                    (base + at).update(from: base + offset, count: length)
                }
                index = stop + 1
            }
            return Data(out)
        }
    }

    /// A non-negative number in lower-case hexadecimal, without a sign or leading zero, of at most
    /// 15 digits; nil otherwise.
    static func hexadecimal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count <= 15, range.count == 1 || bytes[range.lowerBound] != UInt8(ascii: "0") else { return nil }
        var value = 0
        for digit in bytes[range] {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value * 16 + Int(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value * 16 + Int(digit - UInt8(ascii: "a")) + 10
            default: return nil
            }
        }
        return value
    }

    /// Start → end (exclusive) of every object and array in `bytes`, skipping strings; refuses
    /// brackets that do not balance.
    static func containerEnds(_ bytes: [UInt8]) throws -> [Int: Int] {
        var ends: [Int: Int] = [:]
        var stack: [Int] = []
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 2; continue }
                if byte == UInt8(ascii: "\"") { inString = false }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): stack.append(index)
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard let start = stack.popLast() else {
                        throw Refusal(offset: index, reason: "a bracket closes that did not open")
                    }
                    ends[start] = index + 1
                default: break
                }
            }
            index += 1
        }
        guard stack.isEmpty, !inString else {
            throw Refusal(offset: bytes.count, reason: "the document ends inside a string, object or array")
        }
        return ends
    }
}
