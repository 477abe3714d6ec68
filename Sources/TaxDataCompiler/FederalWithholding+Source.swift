import Foundation
import TaxDataCore
import Yams

extension YAMLDocument {
    /// `withholding:` in `federal.yaml` (schema 1.14): Publication 15-T's percentage method, as printed.
    ///
    /// ```yaml
    /// withholding:
    ///   standard: { married_filing_jointly: [{ atLeast: 0, lessThan: 19300, tentative: 0, rate: 0 }, …], single: […], head_of_household: […] }
    ///   checkbox: { … }
    ///   standardAllowance: { married_filing_jointly: 12900, single: 8600, head_of_household: 8600 }
    ///   allowance: 4300
    ///   nonresidentAlien: { table1: { weekly: 226.90, …, daily: 45.40 }, table2: { … } }
    ///   supplemental: { rate: 0.22, mandatoryRate: 0.37, mandatoryThreshold: 1000000 }
    /// ```
    func federalWithholding(_ node: Node, _ path: DataPath) -> FederalWithholding? {
        guard var m = mapping(node, path) else { return nil }
        let standard = m.required("standard").flatMap { withholdingSchedules($0, path.key("standard")) }
        let checkbox = m.required("checkbox").flatMap { withholdingSchedules($0, path.key("checkbox")) }
        let standardAllowance = m.required("standardAllowance").flatMap { node in
            columns(node, path.key("standardAllowance")) { self.decimal($0, $1) }
        }
        let allowance = m.required("allowance").flatMap { decimal($0, path.key("allowance")) }
        let alienNode = m.optional("nonresidentAlien")
        let alien = alienNode.flatMap { node -> FederalWithholding.NonresidentAlien? in
            let at = path.key("nonresidentAlien")
            guard var t = mapping(node, at) else { return nil }
            let table1 = t.required("table1").flatMap { frequencyAmounts($0, at.key("table1")) }
            let table2 = t.required("table2").flatMap { frequencyAmounts($0, at.key("table2")) }
            t.finish()
            guard let table1, let table2 else { return nil }
            return .init(table1: table1, table2: table2)
        }
        let supplemental = m.required("supplemental").flatMap { node -> FederalWithholding.Supplemental? in
            let at = path.key("supplemental")
            guard var s = mapping(node, at) else { return nil }
            let rate = s.required("rate").flatMap { self.rate($0, at.key("rate")) }
            let mandatory = s.required("mandatoryRate").flatMap { self.rate($0, at.key("mandatoryRate")) }
            let threshold = s.required("mandatoryThreshold").flatMap { decimal($0, at.key("mandatoryThreshold")) }
            s.finish()
            guard let rate, let mandatory, let threshold else { return nil }
            return .init(rate: rate, mandatoryRate: mandatory, mandatoryThreshold: threshold)
        }
        m.finish()
        guard let standard, let checkbox, let standardAllowance, let allowance, alienNode == nil || alien != nil, let supplemental else { return nil }
        return FederalWithholding(standard: standard, checkbox: checkbox, standardAllowance: standardAllowance, allowance: allowance,
                                  nonresidentAlien: alien, supplemental: supplemental)
    }

    /// Pub 15-T's three columns: `married_filing_jointly`, `single`, `head_of_household`.
    private func columns<V>(_ node: Node, _ path: DataPath, _ read: (Node, DataPath) -> V?) -> W4Columns<V>? {
        guard var m = mapping(node, path) else { return nil }
        let values = ["married_filing_jointly", "single", "head_of_household"].map { key in m.required(key).flatMap { read($0, path.key(key)) } }
        m.finish()
        guard let joint = values[0], let single = values[1], let household = values[2] else { return nil }
        return W4Columns(marriedFilingJointly: joint, single: single, headOfHousehold: household)
    }

    /// A schedule per column: rows `{ atLeast, lessThan, tentative, rate }` (`lessThan` left out, or
    /// null, on the last row).
    private func withholdingSchedules(_ node: Node, _ path: DataPath) -> W4Columns<[WithholdingRow]>? {
        columns(node, path) { node, path in
            self.sequence(node, path).flatMap { items in
                var rows: [WithholdingRow] = [], ok = true
                for (i, item) in items.enumerated() {
                    let at = path.index(i)
                    guard var r = self.mapping(item, at) else { ok = false; continue }
                    let atLeast = r.required("atLeast").flatMap { self.decimal($0, at.key("atLeast")) }
                    let lessThanNode = r.optional("lessThan").flatMap { self.isNull($0) ? nil : $0 }
                    let lessThan = lessThanNode.flatMap { self.decimal($0, at.key("lessThan")) }
                    let tentative = r.required("tentative").flatMap { self.decimal($0, at.key("tentative")) }
                    let rate = r.required("rate").flatMap { self.rate($0, at.key("rate")) }
                    r.finish()
                    guard let atLeast, lessThanNode == nil || lessThan != nil, let tentative, let rate else { ok = false; continue }
                    rows.append(WithholdingRow(atLeast: atLeast, lessThan: lessThan, tentative: tentative, rate: rate))
                }
                return ok ? rows : nil
            }
        }
    }

    /// `{ weekly: 226.90, …, daily: 45.40 }`: an amount per payroll period (`PayFrequency`).
    private func frequencyAmounts(_ node: Node, _ path: DataPath) -> [String: Decimal]? {
        guard let m = mapping(node, path) else { return nil }
        var amounts: [String: Decimal] = [:], ok = true
        for (key, keyNode, value) in m.pairs {
            guard PayFrequency(rawValue: key) != nil else {
                report(.yamlUnknownKey, "'\(key)' is not a payroll period; use one of \(PayFrequency.allCases.map(\.rawValue).joined(separator: ", "))", at: keyNode)
                ok = false
                continue
            }
            if let amount = decimal(value, path.key(key)) { amounts[key] = amount } else { ok = false }
        }
        return ok ? amounts : nil
    }
}
