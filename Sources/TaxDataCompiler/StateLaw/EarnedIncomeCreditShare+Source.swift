import Foundation
import TaxDataCore
import Yams

/// Reading `EarnedIncomeCreditShare` from a state file (see `EarnedIncomeCreditShare` in TaxDataCore for what each key means).
extension YAMLDocument {
    /// `{ label, share, childlessShare?: {status: rate}, maximum? }`.
    func earnedIncomeCreditShare(_ node: Node, _ path: DataPath) -> EarnedIncomeCreditShare? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let share = m.required("share").flatMap { decimal($0, path.key("share")) }
        let childlessNode = m.optional("childlessShare")
        let childless = childlessNode.flatMap { statusTable($0, path.key("childlessShare")) { self.decimal($0, $1) } }
        let maximumNode = m.optional("maximum")
        let maximum = maximumNode.flatMap { decimal($0, path.key("maximum")) }
        let alternativeNode = m.optional("refundableAlternative")
        let alternative = alternativeNode.flatMap { rate($0, path.key("refundableAlternative")) }
        m.finish()
        guard let label, let share, childlessNode == nil || childless != nil, maximumNode == nil || maximum != nil,
              alternativeNode == nil || alternative != nil else { return nil }
        return .init(label: label, share: share, childlessShare: childless, maximum: maximum, refundableAlternative: alternative)
    }
}
