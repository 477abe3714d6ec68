import Foundation
import TaxDataCore
import Yams

/// Reading `RefundableEarnedIncomeCredit` from a state file: `{ label, share }`.
extension YAMLDocument {
    func refundableEarnedIncomeCredit(_ node: Node, _ path: DataPath) -> RefundableEarnedIncomeCredit? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let share = m.required("share").flatMap { rate($0, path.key("share")) }
        m.finish()
        guard let label, let share else { return nil }
        return RefundableEarnedIncomeCredit(label: label, share: share)
    }
}
