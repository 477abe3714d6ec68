import Foundation
import TaxDataCore
import Yams

/// Reading `TaxRecapture` from a state file (see `TaxRecapture` in TaxDataCore for what each key means).
extension YAMLDocument {
    /// An amount, or a status map of amounts, as a status table.
    func amountOrTable(_ node: Node, _ path: DataPath) -> StatusTable<Decimal>? {
        if case .mapping = node, Self.scalarValue(node, "value") == nil { return amountTable(node, path) }
        return decimal(node, path).map { StatusTable(uniform: $0) }
    }

    /// `{ label, start, width, flatAbove?: {over, rate}, rows: {status: [{over, flatRate} | {over, base, benefit}, …]} }`.
    func taxRecapture(_ node: Node, _ path: DataPath) -> TaxRecapture? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let start = m.required("start").flatMap { amountOrTable($0, path.key("start")) }
        let width = m.required("width").flatMap { decimal($0, path.key("width")) }
        let flatNode = m.optional("flatAbove")
        let flat = flatNode.flatMap { node -> TaxRecapture.Flat? in
            let at = path.key("flatAbove")
            guard var f = mapping(node, at) else { return nil }
            let over = f.required("over").flatMap { decimal($0, at.key("over")) }
            let rate = f.required("rate").flatMap { self.rate($0, at.key("rate")) }
            f.finish()
            guard let over, let rate else { return nil }
            return .init(over: over, rate: rate)
        }
        let rows = m.required("rows").flatMap { node in
            statusTable(node, path.key("rows")) { node, rowsPath in
                sequence(node, rowsPath).flatMap { items in
                    var rows: [TaxRecapture.Row] = [], ok = true
                    for (i, item) in items.enumerated() {
                        let at = rowsPath.index(i)
                        guard var r = mapping(item, at) else { ok = false; continue }
                        let over = r.required("over").flatMap { decimal($0, at.key("over")) }
                        let flatRateNode = r.optional("flatRate"), baseNode = r.optional("base"), benefitNode = r.optional("benefit")
                        let flatRate = flatRateNode.flatMap { rate($0, at.key("flatRate")) }
                        let base = baseNode.flatMap { decimal($0, at.key("base")) }
                        let benefit = benefitNode.flatMap { decimal($0, at.key("benefit")) }
                        r.finish()
                        guard let over, flatRateNode == nil || flatRate != nil, baseNode == nil || base != nil,
                              benefitNode == nil || benefit != nil else { ok = false; continue }
                        rows.append(.init(over: over, flatRate: flatRate, base: base, benefit: benefit))
                    }
                    return ok ? rows : nil
                }
            }
        }
        m.finish()
        guard let label, let start, let width, flatNode == nil || flat != nil, let rows else { return nil }
        return .init(label: label, start: start, width: width, flatAbove: flat, rows: rows)
    }
}
