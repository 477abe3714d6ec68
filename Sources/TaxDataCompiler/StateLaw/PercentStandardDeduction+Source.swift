import Foundation
import TaxDataCore
import Yams

/// Reading `PercentStandardDeduction` from a state file (see `PercentStandardDeduction` in TaxDataCore for what each key means).
extension YAMLDocument {
    /// `{ rate, minimum: {status: amount}, maximum: {status: amount} }`.
    func percentStandardDeduction(_ node: Node, _ path: DataPath) -> PercentStandardDeduction? {
        guard var m = mapping(node, path) else { return nil }
        let rate = m.required("rate").flatMap { self.rate($0, path.key("rate")) }
        let minimum = m.required("minimum").flatMap { amountTable($0, path.key("minimum")) }
        let maximum = m.required("maximum").flatMap { amountTable($0, path.key("maximum")) }
        m.finish()
        guard let rate, let minimum, let maximum else { return nil }
        return .init(rate: rate, minimum: minimum, maximum: maximum)
    }
}
