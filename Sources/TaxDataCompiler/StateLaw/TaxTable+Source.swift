import Foundation
import TaxDataCore
import Yams

/// Reading `TaxTable` from a state file (see `TaxTable` in TaxDataCore for what each key means).
extension YAMLDocument {
    /// `{ below: amount, rowWidth: amount, rowOffsets?: [ { from: amount, offset: amount } ] }`.
    func taxTable(_ node: Node, _ path: DataPath) -> TaxTable? {
        guard var m = mapping(node, path) else { return nil }
        let below = m.required("below").flatMap { decimal($0, path.key("below")) }
        let width = m.required("rowWidth").flatMap { decimal($0, path.key("rowWidth")) }
        let offsetsNode = m.optional("rowOffsets")
        let offsets = offsetsNode.flatMap { node in
            sequence(node, path.key("rowOffsets")).flatMap { items in
                let parsed = items.enumerated().map { offset, item -> TaxTable.Offset? in
                    let itemPath = path.key("rowOffsets").index(offset)
                    guard var row = mapping(item, itemPath) else { return nil }
                    let from = row.required("from").flatMap { decimal($0, itemPath.key("from")) }
                    let amount = row.required("offset").flatMap { decimal($0, itemPath.key("offset")) }
                    row.finish()
                    guard let from, let amount else { return nil }
                    return .init(from: from, offset: amount)
                }
                return parsed.contains(where: { $0 == nil }) ? nil : parsed.compactMap { $0 }
            }
        }
        m.finish()
        guard let below, let width, offsetsNode == nil || offsets != nil else { return nil }
        return .init(below: below, rowWidth: width, rowOffsets: offsets)
    }
}
