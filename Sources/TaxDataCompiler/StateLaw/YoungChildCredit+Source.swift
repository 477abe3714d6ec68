import Foundation
import TaxDataCore
import Yams

/// Reading `YoungChildCredit` from a state file: `{ label, amount }`.
extension YAMLDocument {
    func youngChildCredit(_ node: Node, _ path: DataPath) -> YoungChildCredit? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let amount = m.required("amount").flatMap { decimal($0, path.key("amount")) }
        m.finish()
        guard let label, let amount else { return nil }
        return YoungChildCredit(label: label, amount: amount)
    }
}
