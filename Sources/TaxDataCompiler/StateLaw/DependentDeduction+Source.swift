import Foundation
import TaxDataCore
import Yams

/// Reading `DependentDeduction` from a state file (see `DependentDeduction` in TaxDataCore for what each key means).
extension YAMLDocument {
    /// `{ label, amount: amount or {status: amount}, exceptFirst: n }`.
    func dependentDeduction(_ node: Node, _ path: DataPath) -> DependentDeduction? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let amount = m.required("amount").flatMap { amountOrTable($0, path.key("amount")) }
        let exceptFirst = m.required("exceptFirst").flatMap { integer($0, path.key("exceptFirst")) }
        m.finish()
        guard let label, let amount, let exceptFirst else { return nil }
        return .init(label: label, amount: amount, exceptFirst: exceptFirst)
    }
}
