import Foundation
import TaxDataCore
import Yams

/// A sanity warning a person has checked, written in the file that holds the figure:
///
/// ```yaml
/// reviewed:
///   - rule: sanity.inflation-outlier
///     path: standardDeduction.single
///     reason: "P.L. 119-21 (July 2025) raised the 2025 standard deduction"
/// ```
///
/// A matching warning is no longer printed (`check --show-reviewed` lists it with the reason);
/// an entry that matches no warning is itself a warning (`reviewed.unused`), so the list stays true.
public struct ReviewedWarning: Sendable, Hashable {
    public var rule: RuleID
    public var path: DataPath
    public var reason: String
    public var location: SourceLocation
}

extension DataPath {
    /// Parses a document-relative pointer as `pointer` prints it (`brackets.single[2].ceiling`).
    /// Returns nil for malformed text.
    public init?(_ document: Document, pointer: String) {
        var components: [Component] = []
        guard !pointer.isEmpty else { self.init(document); return }
        for part in pointer.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(part)
            let name = rest.prefix { $0 != "[" }
            guard !name.isEmpty else { return nil }
            components.append(.key(String(name)))
            rest = rest.dropFirst(name.count)
            while rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]), index >= 0 else {
                    return nil
                }
                components.append(.index(index))
                rest = rest[rest.index(after: close)...]
            }
            guard rest.isEmpty else { return nil }
        }
        self.init(document, components)
    }
}

extension YAMLDocument {
    /// Reads `reviewed: [{rule, path, reason}, …]`; returns false when an entry is malformed.
    func readReviewed(_ node: Node, _ path: DataPath) -> Bool {
        guard let items = sequence(node, path) else { return false }
        var ok = true
        for (index, item) in items.enumerated() {
            let itemPath = path.index(index)
            guard var reader = mapping(item, itemPath) else { ok = false; continue }
            let rule = reader.required("rule").flatMap { string($0, itemPath.key("rule")) }
            let pointerNode = reader.required("path")
            let pointer = pointerNode.flatMap { string($0, itemPath.key("path")) }
            let reason = reader.required("reason").flatMap { string($0, itemPath.key("reason")) }
            reader.finish()
            guard let rule, let pointer, let reason else { ok = false; continue }
            guard let target = DataPath(document, pointer: pointer) else {
                report(.yamlType, "\(describe(itemPath.key("path"))) '\(pointer)' is not a path like standardDeduction.single or brackets.single[2]",
                       at: pointerNode)
                ok = false
                continue
            }
            if reason.trimmingCharacters(in: .whitespaces).isEmpty {
                report(.yamlType, "\(describe(itemPath.key("reason"))) must say why the warning is fine", at: item)
                ok = false
                continue
            }
            reviewed.append(ReviewedWarning(rule: RuleID(rule), path: target, reason: reason, location: location(item)))
        }
        return ok
    }
}
