import TaxDataCore
import Yams

/// Reads the keys of one YAML mapping against a fixed schema: required keys must be there,
/// and `finish()` reports every key that was never asked for as unknown, at its line, with the
/// closest known key when one is near ("did you mean …?").
///
/// A misspelled required key is one finding, not two: when a required key is absent and an
/// unknown key is close to it, `finish()` reports the unknown key with the suggestion and the
/// missing key is not reported separately.
struct MappingReader {
    let document: YAMLDocument
    let node: Node
    let path: DataPath
    /// Every key in written order, with its value node (numbers split by a thousands separator
    /// in a flow mapping rejoined; see `joiningThousands`).
    let pairs: [(key: String, keyNode: Node, value: Node)]
    private var consumed: Set<String> = []
    private let values: [String: Node]
    private let id: Int

    init(document: YAMLDocument, mapping: Node.Mapping, node: Node, path: DataPath) {
        self.document = document
        self.node = node
        self.path = path
        self.pairs = Self.joiningThousands(mapping.map { ($0.key.string ?? "", $0.key, $0.value) }, document: document)
        var values: [String: Node] = [:]
        for (key, _, value) in pairs { values[key] = value }
        self.values = values
        self.id = document.nextReaderID()
    }

    /// The value of `key`; reports a missing-key error when absent (unless an unknown key is a
    /// likely misspelling of it: then `finish()` reports that key once, with the suggestion).
    mutating func required(_ key: String) -> Node? {
        if let value = optional(key) { return value }
        let candidates = pairs.filter { $0.key != key && KeySuggestion.isClose($0.key, key) }
        if let candidate = candidates.first {
            document.deferMissingKey(reader: id, key: key, candidate: candidate.key,
                                     message: missingMessage(key), at: node)
            return nil
        }
        document.report(.yamlMissingKey, missingMessage(key), at: node)
        return nil
    }

    private func missingMessage(_ key: String) -> String {
        "\(document.describe(path)) is missing the required key '\(key)'"
    }

    /// The value of `key`, or nil.
    mutating func optional(_ key: String) -> Node? {
        consumed.insert(key)
        return values[key]
    }

    /// Reports every key that was not read. Call once, after reading all known keys.
    func finish(allowed: [String]? = nil) {
        let known = (allowed ?? Array(consumed)).sorted()
        let misspelled = document.resolveMissingKeys(reader: id, unknown: Set(pairs.map(\.key)).subtracting(consumed))
        for (key, keyNode, _) in pairs where !consumed.contains(key) {
            if let required = misspelled[key] {
                document.report(.yamlUnknownKey, "unknown key '\(key)' in \(document.describe(path)); did you mean '\(required)'? (it is required)",
                                at: keyNode)
            } else if let suggestion = KeySuggestion.closest(to: key, in: known) {
                document.report(.yamlUnknownKey, "unknown key '\(key)' in \(document.describe(path)); did you mean '\(suggestion)'?", at: keyNode)
            } else {
                document.report(.yamlUnknownKey, "unknown key '\(key)' in \(document.describe(path)); known keys: \(known.joined(separator: ", "))",
                                at: keyNode)
            }
        }
    }

    /// In a flow mapping, `{ ceiling: 12,400 }` reads as `ceiling: 12` and a key `400` with no
    /// value: the comma is YAML's separator. A digits-only key with no value right after a plain
    /// number is rejoined with it into the scalar `12,400`, so the number reader reports the
    /// thousands separator at the value instead of an unknown key '400'.
    static func joiningThousands(_ pairs: [(key: String, keyNode: Node, value: Node)], document: YAMLDocument)
        -> [(key: String, keyNode: Node, value: Node)] {
        var result: [(key: String, keyNode: Node, value: Node)] = []
        for pair in pairs {
            // The rare shape first (a key of three digits with no value), so the common pair costs
            // two cheap tests; hand-written matchers, since this runs for every key of every file.
            if case .scalar(let group) = pair.keyNode, group.style == .plain || group.style == .any,
               isThousandsGroup(group.string), document.isNull(pair.value),
               let last = result.last, case .scalar(let number) = last.value, number.style == .plain || number.style == .any,
               isGroupedNumber(number.string) {
                let joined = Node.scalar(Node.Scalar(number.string + "," + group.string, number.tag, number.style, number.mark))
                result[result.count - 1] = (last.key, last.keyNode, joined)
                continue
            }
            result.append(pair)
        }
        return result
    }

    /// `\d{3}(\.\d+)?`: what follows a thousands separator.
    static func isThousandsGroup(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 3, bytes[0..<3].allSatisfy(isDigit) else { return false }
        if bytes.count == 3 { return true }
        return bytes.count > 4 && bytes[3] == UInt8(ascii: ".") && bytes[4...].allSatisfy(isDigit)
    }

    /// `\d{1,3}(,\d{3})*`: a number written with thousands separators (or a short one without).
    static func isGroupedNumber(_ text: String) -> Bool {
        let groups = text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard let first = groups.first, (1...3).contains(first.count), first.allSatisfy(isDigit) else { return false }
        return groups.dropFirst().allSatisfy { $0.count == 3 && $0.allSatisfy(isDigit) }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

/// "Did you mean …?" for keys: the known key closest to a written one, by edit distance
/// (ignoring case), if it is close enough to be a typo.
public enum KeySuggestion {
    /// The most edits that still count as a typo of a key of `length` characters.
    static func threshold(_ length: Int) -> Int { length <= 4 ? 1 : length <= 8 ? 2 : 3 }

    static func isClose(_ written: String, _ known: String) -> Bool {
        distance(written.lowercased(), known.lowercased()) <= threshold(known.count)
    }

    public static func closest(to written: String, in known: [String]) -> String? {
        known.map { ($0, distance(written.lowercased(), $0.lowercased())) }
            .filter { $0.1 <= threshold($0.0.count) }
            .min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    /// Levenshtein distance (insertions, deletions, substitutions), by characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count), current = previous
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
