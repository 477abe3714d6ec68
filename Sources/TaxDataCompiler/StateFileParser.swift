import Foundation
import TaxDataCore
import Yams

extension YAMLDocument {
    /// `states/XX.yaml`: one jurisdiction. Only the parts that apply are written.
    func parseState(code: String) -> StateData? {
        guard var r = root() else { return nil }
        let p = rootPath
        var ok = true
        let header = r.readHeader()
        let name = r.required("name").flatMap { string($0, p.key("name")) }
        var type: StateTaxType?
        if let node = r.required("type"), let text = string(node, p.key("type")) {
            type = StateTaxType(rawValue: text)
            if type == nil {
                report(.yamlType, "type '\(text)' must be one of \(StateTaxType.allCases.map(\.rawValue).joined(separator: ", "))", at: node)
            }
        }
        // Every other key, as the table lists them (a construct is one line there).
        var state = StateData(name: "", type: .noTax, sources: [])
        for entry in StateKey.all {
            guard let node = r.optional(entry.key) else { continue }
            if !entry.apply(self, node, p.key(entry.key), &state) { ok = false }
        }
        r.finish()
        guard ok, let header, let name, let type else { return nil }
        if let official = Jurisdiction.names[code], official != name {
            report(.yamlType, "name '\(name)' does not match \(code) (\(official))", at: r.optional("name"))
            return nil
        }
        state.name = name
        state.type = type
        state.sources = header.sources
        state.notes = header.notes
        state.provenance = header.provenance
        return state
    }
}
