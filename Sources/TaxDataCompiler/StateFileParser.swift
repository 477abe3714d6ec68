import Foundation
import TaxDataCore
import Yams

extension YAMLDocument {
    /// `states/XX.yaml`: one jurisdiction. Only the parts that apply are written.
    func parseState(code: String) -> StateData? {
        guard var r = root() else { return nil }
        let p = rootPath
        var ok = true
        /// Parses an optional key; a present-but-invalid value marks the file as failed.
        func optional<T>(_ key: String, _ read: (Node, DataPath) -> T?) -> T? {
            guard let node = r.optional(key) else { return nil }
            let value = read(node, p.key(key))
            if value == nil { ok = false }
            return value
        }
        let header = r.readHeader()
        let name = r.required("name").flatMap { string($0, p.key("name")) }
        var type: StateTaxType?
        if let node = r.required("type"), let text = string(node, p.key("type")) {
            type = StateTaxType(rawValue: text)
            if type == nil {
                report(.yamlType, "type '\(text)' must be one of \(StateTaxType.allCases.map(\.rawValue).joined(separator: ", "))", at: node)
            }
        }
        let rate = optional("rate") { self.rate($0, $1) }
        let standardDeduction = optional("standardDeduction") { amountTable($0, $1) }
        let personalExemption = optional("personalExemption") { amountTable($0, $1) }
        let dependentExemption = optional("dependentExemption") { decimal($0, $1) }
        let personalCredit = optional("personalCredit") { amountTable($0, $1) }
        let dependentCredit = optional("dependentCredit") { decimal($0, $1) }
        let brackets = optional("brackets") { scheduleTable($0, $1) }
        let sdi = optional("sdi") { self.sdi($0, $1) }
        let mentalHealth = optional("mentalHealthTax") { mentalHealthTax($0, $1) }
        let nyc = optional("nycTax") { nycTax($0, $1) }
        let local = optional("localTax") { localTax($0, $1) }
        let indexed = optional("indexed") { bool($0, $1) }
        let pending = optional("pending") { string($0, $1) }
        let incomeBase = optional("incomeBase") { choice($0, $1, IncomeBase.self) }
        let federalTaxDeduction = optional("federalTaxDeduction") { paidTaxDeduction($0, $1) }
        let ficaDeduction = optional("ficaDeduction") { paidTaxDeduction($0, $1) }
        let phaseOuts = optional("phaseOuts") { node, path in
            sequence(node, path).flatMap { items in
                let parsed = items.enumerated().map { phaseOut($0.element, path.index($0.offset)) }
                return parsed.contains(where: { $0 == nil }) ? nil : parsed.compactMap { $0 }
            }
        }
        let extraTax = optional("extraTax") { decimal($0, $1) }
        let missing = optional("missing") { node, path in
            sequence(node, path).flatMap { items in
                let parts = items.enumerated().map { string($0.element, path.index($0.offset)) }
                return parts.contains(where: { $0 == nil }) ? nil : parts.compactMap { $0 }
            }
        }
        r.finish()
        guard ok, let header, let name, let type else { return nil }
        if let official = Jurisdiction.names[code], official != name {
            report(.yamlType, "name '\(name)' does not match \(code) (\(official))", at: r.optional("name"))
            return nil
        }
        var state = StateData(name: name, type: type, sources: header.sources)
        state.notes = header.notes
        state.rate = rate
        state.standardDeduction = standardDeduction
        state.personalExemption = personalExemption
        state.dependentExemption = dependentExemption
        state.personalCredit = personalCredit
        state.dependentCredit = dependentCredit
        state.brackets = brackets
        state.sdi = sdi
        state.mentalHealthTax = mentalHealth
        state.nycTax = nyc
        state.localTax = local
        state.missing = missing
        state.indexed = indexed
        state.provenance = header.provenance
        state.pending = pending
        state.incomeBase = incomeBase
        state.federalTaxDeduction = federalTaxDeduction
        state.ficaDeduction = ficaDeduction
        state.phaseOuts = phaseOuts
        state.extraTax = extraTax
        return state
    }

    /// `{ cap: {status: amount} }` or `{}` (the whole amount is deducted).
    private func paidTaxDeduction(_ node: Node, _ path: DataPath) -> PaidTaxDeduction? {
        guard var m = mapping(node, path) else { return nil }
        let capNode = m.optional("cap")
        let cap = capNode.flatMap { amountTable($0, path.key("cap")) }
        m.finish()
        guard capNode == nil || cap != nil else { return nil }
        return PaidTaxDeduction(cap: cap)
    }

    /// `{ part, method: cliff | linear, start: {status: amount}, rate? }`.
    private func phaseOut(_ node: Node, _ path: DataPath) -> PhaseOut? {
        guard var m = mapping(node, path) else { return nil }
        let part = m.required("part").flatMap { choice($0, path.key("part"), PhaseOut.Part.self) }
        let method = m.required("method").flatMap { choice($0, path.key("method"), PhaseOut.Method.self) }
        let start = m.required("start").flatMap { amountTable($0, path.key("start")) }
        let rateNode = m.optional("rate")
        let rate = rateNode.flatMap { self.rate($0, path.key("rate")) }
        m.finish()
        guard let part, let method, let start, rateNode == nil || rate != nil else { return nil }
        return PhaseOut(part: part, method: method, start: start, rate: rate)
    }

    /// `sdi: {rate, wageBase, maxTax?, maxWeekly?}`; `wageBase: null` means uncapped.
    /// An omitted `maxTax` is derived from a capped wage base.
    private func sdi(_ node: Node, _ path: DataPath) -> StateData.SDI? {
        guard var m = mapping(node, path) else { return nil }
        let rate = m.required("rate").flatMap { self.rate($0, path.key("rate")) }
        let wageBase = m.required("wageBase").flatMap { nullableDecimal($0, path.key("wageBase")) }
        let maxNode = m.optional("maxTax")
        let maxTax = maxNode.flatMap { nullableDecimal($0, path.key("maxTax")) }
        let weeklyNode = m.optional("maxWeekly")
        let maxWeekly = weeklyNode.flatMap { decimal($0, path.key("maxWeekly")) }
        m.finish()
        guard let rate, let wageBase, maxNode == nil || maxTax != nil, weeklyNode == nil || maxWeekly != nil else { return nil }
        let derived = wageBase.map { Money.roundedToCent(rate * $0) }
        return .init(rate: rate, wageBase: wageBase, maxTax: maxNode == nil ? derived : maxTax!, maxWeekly: maxWeekly)
    }

    private func mentalHealthTax(_ node: Node, _ path: DataPath) -> StateData.MentalHealthTax? {
        guard var m = mapping(node, path) else { return nil }
        let threshold = m.required("threshold").flatMap { decimal($0, path.key("threshold")) }
        let rate = m.required("rate").flatMap { self.rate($0, path.key("rate")) }
        m.finish()
        guard let threshold, let rate else { return nil }
        return .init(threshold: threshold, rate: rate)
    }

    private func nycTax(_ node: Node, _ path: DataPath) -> StateData.NYCTax? {
        guard var m = mapping(node, path) else { return nil }
        let brackets = m.required("brackets").flatMap { scheduleTable($0, path.key("brackets")) }
        m.finish()
        return brackets.map { .init(brackets: $0) }
    }

    private func localTax(_ node: Node, _ path: DataPath) -> StateData.LocalTax? {
        guard var m = mapping(node, path) else { return nil }
        let has = m.required("hasLocalTax").flatMap { bool($0, path.key("hasLocalTax")) }
        let averageNode = m.optional("averageRate")
        let average = averageNode.flatMap { rate($0, path.key("averageRate")) }
        var cities: [StateData.LocalTax.City]? = []
        if let citiesNode = m.optional("cities") {
            cities = sequence(citiesNode, path.key("cities")).flatMap { items in
                var result: [StateData.LocalTax.City] = []
                for (i, item) in items.enumerated() {
                    let cityPath = path.key("cities").index(i)
                    guard var c = mapping(item, cityPath) else { return nil }
                    let name = c.required("name").flatMap { string($0, cityPath.key("name")) }
                    let rate = c.required("rate").flatMap { self.rate($0, cityPath.key("rate")) }
                    c.finish()
                    guard let name, let rate else { return nil }
                    result.append(.init(name: name, rate: rate))
                }
                return result
            }
        }
        m.finish()
        guard let has, averageNode == nil || average != nil, let cities else { return nil }
        return .init(hasLocalTax: has, averageRate: average, cities: cities)
    }
}
