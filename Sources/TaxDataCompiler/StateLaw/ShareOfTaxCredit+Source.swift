import Foundation
import TaxDataCore
import Yams

/// Reading `ShareOfTaxCredit` from a state file (see `ShareOfTaxCredit` in TaxDataCore for what each key means).
extension YAMLDocument {
    /// `{ label, table: {status: [{over, share}, …]} }`.
    func shareOfTaxCredit(_ node: Node, _ path: DataPath) -> ShareOfTaxCredit? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let table = m.required("table").flatMap { rowTable($0, path.key("table")) }
        m.finish()
        guard let label, let table else { return nil }
        return .init(label: label, table: table)
    }
}
