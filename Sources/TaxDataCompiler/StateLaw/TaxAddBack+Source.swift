import Foundation
import TaxDataCore
import Yams

/// Reading `TaxAddBack` from a state file (see `TaxAddBack` in TaxDataCore for what each key means).
extension YAMLDocument {
    /// `{ label, start, rate (or per status), step?, maximum }`.
    func taxAddBack(_ node: Node, _ path: DataPath) -> TaxAddBack? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let start = m.required("start").flatMap { amountTable($0, path.key("start")) }
        let rate = m.required("rate").flatMap { rateOrRates($0, path.key("rate")) }
        let stepNode = m.optional("step")
        let step = stepNode.flatMap { self.step($0, path.key("step")) }
        let maximum = m.required("maximum").flatMap { amountTable($0, path.key("maximum")) }
        m.finish()
        guard let label, let start, let rate, stepNode == nil || step != nil, let maximum else { return nil }
        return .init(label: label, start: start, rate: rate.0, rates: rate.1, step: step, maximum: maximum)
    }
}
