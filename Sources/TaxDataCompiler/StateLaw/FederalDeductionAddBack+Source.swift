import Foundation
import TaxDataCore
import Yams

/// Reading `FederalDeductionAddBack` from a state file (see `FederalDeductionAddBack` in TaxDataCore for what each key means).
extension YAMLDocument {
    /// `{ label, atLeast: amount, cap: {status: amount} }`.
    func federalDeductionAddBack(_ node: Node, _ path: DataPath) -> FederalDeductionAddBack? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let atLeast = m.required("atLeast").flatMap { decimal($0, path.key("atLeast")) }
        let cap = m.required("cap").flatMap { amountTable($0, path.key("cap")) }
        m.finish()
        guard let label, let atLeast, let cap else { return nil }
        return .init(label: label, atLeast: atLeast, cap: cap)
    }
}
