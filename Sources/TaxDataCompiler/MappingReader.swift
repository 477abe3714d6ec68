import TaxDataCore
import Yams

/// Reads the keys of one YAML mapping against a fixed schema: required keys must be there,
/// and `finish()` reports every key that was never asked for as unknown, at its line.
struct MappingReader {
    let document: YAMLDocument
    let mapping: Node.Mapping
    let node: Node
    let path: DataPath
    private var consumed: Set<String> = []
    private let values: [String: Node]

    init(document: YAMLDocument, mapping: Node.Mapping, node: Node, path: DataPath) {
        self.document = document
        self.mapping = mapping
        self.node = node
        self.path = path
        var values: [String: Node] = [:]
        for (key, value) in mapping { values[key.string ?? ""] = value }
        self.values = values
    }

    /// Every key in written order, with its value node.
    var pairs: [(key: String, keyNode: Node, value: Node)] {
        mapping.map { ($0.key.string ?? "", $0.key, $0.value) }
    }

    /// The value of `key`; reports a missing-key error when absent.
    mutating func required(_ key: String) -> Node? {
        if let value = optional(key) { return value }
        document.report(.yamlMissingKey, "\(document.describe(path)) is missing the required key '\(key)'", at: node)
        return nil
    }

    /// The value of `key`, or nil.
    mutating func optional(_ key: String) -> Node? {
        consumed.insert(key)
        return values[key]
    }

    /// Reports every key that was not read. Call once, after reading all known keys.
    func finish(allowed: [String]? = nil) {
        for (key, keyNode, _) in pairs where !consumed.contains(key) {
            let known = (allowed ?? Array(consumed)).sorted().joined(separator: ", ")
            document.report(.yamlUnknownKey, "unknown key '\(key)' in \(document.describe(path)); known keys: \(known)", at: keyNode)
        }
    }
}
