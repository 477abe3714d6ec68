import Foundation
import TaxDataCore
import Yams

/// Reading `ChildTaxCreditShare` from a state file (see `ChildTaxCreditShare` in TaxDataCore for what each key means).
extension YAMLDocument {
    /// `{ label, share, incomeLimit: {status: amount} }`.
    func childCreditShare(_ node: Node, _ path: DataPath) -> ChildTaxCreditShare? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let share = m.required("share").flatMap { rate($0, path.key("share")) }
        let limit = m.required("incomeLimit").flatMap { amountTable($0, path.key("incomeLimit")) }
        m.finish()
        guard let label, let share, let limit else { return nil }
        return .init(label: label, share: share, incomeLimit: limit)
    }
}
