import Foundation
import TaxDataCore
import Yams

/// Reading `LowIncomeTable` from a state file (see `LowIncomeTable` in TaxDataCore for what each key means).
extension YAMLDocument {
    /// `{ label, tables: {status: [ { dependents: n, through: amount, rows: [rows] } ]} }`, rows `{over | atLeast, amount}`.
    func lowIncomeTable(_ node: Node, _ path: DataPath) -> LowIncomeTable? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let tables = m.required("tables").flatMap { node in
            statusTable(node, path.key("tables")) { node, path -> [LowIncomeTable.Table]? in
                sequence(node, path).flatMap { items in
                    let parsed = items.enumerated().map { offset, item -> LowIncomeTable.Table? in
                        let itemPath = path.index(offset)
                        guard var t = mapping(item, itemPath) else { return nil }
                        let dependents = t.required("dependents").flatMap { integer($0, itemPath.key("dependents")) }
                        let through = t.required("through").flatMap { decimal($0, itemPath.key("through")) }
                        let rows = t.required("rows").flatMap { rowList($0, itemPath.key("rows")) }
                        t.finish()
                        guard let dependents, let through, let rows else { return nil }
                        return .init(dependents: dependents, through: through, rows: rows)
                    }
                    return parsed.contains(where: { $0 == nil }) ? nil : parsed.compactMap { $0 }
                }
            }
        }
        m.finish()
        guard let label, let tables else { return nil }
        return .init(label: label, tables: tables)
    }
}
