import Foundation
import TaxDataCore
import Yams

/// Reading `TableCredit` from a state file (see `TableCredit` in TaxDataCore for what each key means).
extension YAMLDocument {
    /// `{ label, perReturn: {status: [rows]}, perDependent?: {status: [rows]}, on?: agi | taxable_income }`, rows `{over | atLeast, amount}`.
    func tableCredit(_ node: Node, _ path: DataPath) -> TableCredit? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let perReturn = m.required("perReturn").flatMap { rowTable($0, path.key("perReturn")) }
        let perDependentNode = m.optional("perDependent")
        let perDependent = perDependentNode.flatMap { rowTable($0, path.key("perDependent")) }
        let onNode = m.optional("on")
        let on = onNode.flatMap { choice($0, path.key("on"), TableCredit.Basis.self) }
        m.finish()
        guard let label, let perReturn, perDependentNode == nil || perDependent != nil, onNode == nil || on != nil else { return nil }
        return .init(label: label, perReturn: perReturn, perDependent: perDependent, on: on)
    }
}
