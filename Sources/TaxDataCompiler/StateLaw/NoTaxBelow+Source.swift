import Foundation
import TaxDataCore
import Yams

/// Reading `NoTaxBelow` from a state file: `{ label, amount: {status: amount} }`.
extension YAMLDocument {
    func noTaxBelow(_ node: Node, _ path: DataPath) -> NoTaxBelow? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let amount = m.required("amount").flatMap { amountTable($0, path.key("amount")) }
        m.finish()
        guard let label, let amount else { return nil }
        return NoTaxBelow(label: label, amount: amount)
    }
}
