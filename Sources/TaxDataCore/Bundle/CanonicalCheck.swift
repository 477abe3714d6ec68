import Foundation

/// Refuses a bundle document that is not byte-for-byte what its schema writes (`bundle.not-canonical`).
///
/// JSON parsers disagree on ambiguous input: with `"single": 16100, "single": -5` Swift's decoder
/// keeps one value and Python's or JavaScript's another; a field the schema does not know is
/// silently dropped; a number with more digits than the model keeps is silently rounded. Every
/// bundle file is written canonically (`CanonicalJSON`), so decoding and re-encoding a genuine
/// file gives back its exact bytes; any of those ambiguities changes them. The check applies to
/// documents of this build's schema minor or an older one; a newer minor may add fields.
public enum CanonicalCheck {
    /// nil when `bytes` are the canonical encoding of `value`; otherwise where they first differ.
    /// - Parameter compact: the document is one of the app form's, written by `CanonicalJSON.encodeCompact`.
    public static func mismatch(_ bytes: Data, canonical value: some Encodable, compact: Bool = false) -> String? {
        guard let expected = try? (compact ? CanonicalJSON.encodeCompact(value) : CanonicalJSON.encode(value)) else { return "cannot be re-encoded" }
        guard expected != bytes else { return nil }
        let a = [UInt8](bytes), b = [UInt8](expected)
        var offset = 0
        while offset < min(a.count, b.count), a[offset] == b[offset] { offset += 1 }
        var line = 1, column = 1
        for byte in a[..<offset] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        func excerpt(_ s: [UInt8]) -> String {
            let slice = s[min(offset, s.count)..<min(offset + 40, s.count)]
            return String(decoding: slice, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        }
        return "differs from its canonical form at line \(line), column \(column): found '\(excerpt(a))', expected '\(excerpt(b))' (a duplicate key, a field unknown to its schema version, a number beyond exact precision, or hand-edited formatting)"
    }

    /// Whether documents declaring `version` must be canonical for this build.
    public static func applies(to version: SchemaVersion) -> Bool {
        version.major == SchemaVersion.current.major && version.minor <= SchemaVersion.current.minor
    }
}
