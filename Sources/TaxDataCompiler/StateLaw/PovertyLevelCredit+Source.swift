import Foundation
import TaxDataCore
import Yams

/// Reading `PovertyLevelCredit` from a state file: `{ label, share, firstPerson, additionalPerson }`.
extension YAMLDocument {
    func povertyLevelCredit(_ node: Node, _ path: DataPath) -> PovertyLevelCredit? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let share = m.required("share").flatMap { rate($0, path.key("share")) }
        let first = m.required("firstPerson").flatMap { decimal($0, path.key("firstPerson")) }
        let additional = m.required("additionalPerson").flatMap { decimal($0, path.key("additionalPerson")) }
        m.finish()
        guard let label, let share, let first, let additional else { return nil }
        return PovertyLevelCredit(label: label, share: share, firstPerson: first, additionalPerson: additional)
    }
}
