import Foundation
import TaxDataCore
import Yams

/// Reading `PhaseOut` from a state file (see `PhaseOut` in TaxDataCore for what each key means).
extension YAMLDocument {
    /// A mapping's plain scalar value for `key`, without reporting anything (for peeking).
    static func scalarValue(_ node: Node, _ key: String) -> String? {
        guard case .mapping(let m) = node else { return nil }
        return m.first(where: { $0.key.string == key })?.value.string
    }

    /// Whether a `phaseOuts` entry uses anything a schema 1.2 client cannot read exactly.
    static func needsSchedule(_ node: Node) -> Bool {
        guard case .mapping(let m) = node else { return false }
        let keys = Set(m.compactMap { $0.key.string })
        if !keys.isDisjoint(with: ["rates", "step", "minimum", "range", "table"]) { return true }
        if let method = scalarValue(node, "method"), method != "cliff", method != "linear" { return true }
        if let part = scalarValue(node, "part"), part == "credits" || part == "federalTaxDeduction" || part == "refundableDependentCredit" { return true }
        if let rate = m.first(where: { $0.key.string == "rate" })?.value, case .mapping(let r) = rate,
           r.contains(where: { FilingStatus(rawValue: $0.key.string ?? "") != nil }) { return true }
        return false
    }

    /// A rate, or a status map of rates (`rate: { single: 0.12, … }`), into `(rate, rates)`.
    func rateOrRates(_ node: Node, _ path: DataPath) -> (Decimal?, StatusTable<Decimal>?)? {
        if case .mapping(let m) = node, m.contains(where: { FilingStatus(rawValue: $0.key.string ?? "") != nil }) {
            return statusTable(node, path) { self.rate($0, $1) }.map { (nil, $0) }
        }
        return rate(node, path).map { ($0, nil) }
    }

    /// `{ size: amount | {status: amount}, round: up | down }`.
    func step(_ node: Node, _ path: DataPath) -> PhaseOut.Step? {
        guard var m = mapping(node, path) else { return nil }
        let sizeNode = m.required("size")
        let size = sizeNode.flatMap { amountOrTable($0, path.key("size")) }
        let round = m.required("round").flatMap { choice($0, path.key("round"), PhaseOut.Step.Rounding.self) }
        m.finish()
        guard let size, let round else { return nil }
        return .init(size: size, round: round)
    }

    /// `{status: [{over | atLeast, amount | share}, …]}`: `atLeast: X` is income X or more.
    func rowTable(_ node: Node, _ path: DataPath) -> StatusTable<[PhaseOut.Row]>? {
        statusTable(node, path) { rowList($0, $1) }
    }

    /// A list of rows `{over | atLeast, amount | share}`.
    func rowList(_ node: Node, _ path: DataPath) -> [PhaseOut.Row]? {
        sequence(node, path).flatMap { items in
            var rows: [PhaseOut.Row] = [], ok = true
            for (i, item) in items.enumerated() {
                let rowPath = path.index(i)
                guard var m = mapping(item, rowPath) else { ok = false; continue }
                let overNode = m.optional("over"), atLeastNode = m.optional("atLeast")
                if (overNode == nil) == (atLeastNode == nil) {
                    report(.yamlMissingKey, "a row needs exactly one of over (income above) or atLeast (income at or above)", at: item)
                    ok = false
                }
                let over = overNode.flatMap { decimal($0, rowPath.key("over")) } ?? atLeastNode.flatMap { decimal($0, rowPath.key("atLeast")) }
                let amountNode = m.optional("amount"), shareNode = m.optional("share")
                let amount = amountNode.flatMap { decimal($0, rowPath.key("amount")) }
                let share = shareNode.flatMap { rate($0, rowPath.key("share")) }
                m.finish()
                guard let over, amountNode == nil || amount != nil, shareNode == nil || share != nil else { ok = false; continue }
                rows.append(.init(over: over, amount: amount, share: share, inclusive: atLeastNode != nil ? true : nil))
            }
            return ok ? rows : nil
        }
    }

    /// `{ part, method, start?, rate? (or per status), step?, minimum?, range?, table? }`.
    func phaseOut(_ node: Node, _ path: DataPath) -> PhaseOut? {
        guard var m = mapping(node, path) else { return nil }
        let part = m.required("part").flatMap { choice($0, path.key("part"), PhaseOut.Part.self) }
        let method = m.required("method").flatMap { choice($0, path.key("method"), PhaseOut.Method.self) }
        let startNode = method == .table ? m.optional("start") : m.required("start")
        let start = startNode.flatMap { amountTable($0, path.key("start")) }
        let rateNode = m.optional("rate")
        let rate = rateNode.flatMap { rateOrRates($0, path.key("rate")) }
        let stepNode = m.optional("step")
        let step = stepNode.flatMap { self.step($0, path.key("step")) }
        let minimumNode = m.optional("minimum")
        let minimum = minimumNode.flatMap { amountTable($0, path.key("minimum")) }
        let rangeNode = m.optional("range")
        let range = rangeNode.flatMap { amountTable($0, path.key("range")) }
        let tableNode = m.optional("table")
        let table = tableNode.flatMap { rowTable($0, path.key("table")) }
        m.finish()
        guard let part, let method, startNode == nil || start != nil, rateNode == nil || rate != nil,
              stepNode == nil || step != nil, minimumNode == nil || minimum != nil, rangeNode == nil || range != nil,
              tableNode == nil || table != nil, method == .table || start != nil else { return nil }
        return PhaseOut(part: part, method: method, start: start, rate: rate?.0, rates: rate?.1, step: step,
                        minimum: minimum, range: range, table: table)
    }

    /// `phaseOuts`: one list in the source; in the bundle, the phase-outs a schema 1.2 client reads
    /// exactly stay in `phaseOuts` and the others go to `phaseOutSchedules` (1.3), all of a part's
    /// entries together so that their order holds. False when an entry is invalid.
    func phaseOuts(_ node: Node, _ path: DataPath, into state: inout StateData) -> Bool {
        guard let items = sequence(node, path) else { return false }
        let scheduled = Set(items.filter(Self.needsSchedule).compactMap { Self.scalarValue($0, "part") })
        var simple: [PhaseOut] = [], schedules: [PhaseOut] = [], failed = false
        for item in items {
            let inSchedules = Self.scalarValue(item, "part").map(scheduled.contains) ?? Self.needsSchedule(item)
            let itemPath = inSchedules ? rootPath.key("phaseOutSchedules").index(schedules.count) : path.index(simple.count)
            guard let parsed = phaseOut(item, itemPath) else { failed = true; continue }
            if inSchedules { schedules.append(parsed) } else { simple.append(parsed) }
        }
        if failed { return false }
        state.phaseOuts = simple.isEmpty ? nil : simple
        state.phaseOutSchedules = schedules.isEmpty ? nil : schedules
        return true
    }
}
