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
        // One `phaseOuts` list in the source; in the bundle, the phase-outs a schema 1.2 client reads
        // exactly stay in `phaseOuts` and the others go to `phaseOutSchedules` (1.3), all of a
        // part's entries together so that their order holds.
        let phaseOutLists = optional("phaseOuts") { node, path -> ([PhaseOut], [PhaseOut])? in
            sequence(node, path).flatMap { items in
                let scheduled = Set(items.filter(Self.needsSchedule).compactMap { Self.scalarValue($0, "part") })
                var simple: [PhaseOut] = [], schedules: [PhaseOut] = [], failed = false
                for item in items {
                    let inSchedules = Self.scalarValue(item, "part").map(scheduled.contains) ?? Self.needsSchedule(item)
                    let itemPath = inSchedules ? p.key("phaseOutSchedules").index(schedules.count) : path.index(simple.count)
                    guard let parsed = phaseOut(item, itemPath) else { failed = true; continue }
                    if inSchedules { schedules.append(parsed) } else { simple.append(parsed) }
                }
                return failed ? nil : (simple, schedules)
            }
        }
        let extraTax = optional("extraTax") { decimal($0, $1) }
        let percentDeduction = optional("standardDeductionPercent") { percentStandardDeduction($0, $1) }
        let addBacks = optional("taxAddBacks") { node, path in
            sequence(node, path).flatMap { items in
                let parsed = items.enumerated().map { taxAddBack($0.element, path.index($0.offset)) }
                return parsed.contains(where: { $0 == nil }) ? nil : parsed.compactMap { $0 }
            }
        }
        let taxCredit = optional("taxCredit") { shareOfTaxCredit($0, $1) }
        let childExemption = optional("childExemption") { decimal($0, $1) }
        let recapture = optional("taxRecapture") { taxRecapture($0, $1) }
        let eitcShare = optional("earnedIncomeCredit") { earnedIncomeCreditShare($0, $1) }
        let ctcShare = optional("childTaxCreditShare") { childCreditShare($0, $1) }
        let incomeTested = optional("incomeTestedCredit") { incomeTestedCredit($0, $1) }
        let refundableDependentCredit = optional("refundableDependentCredit") { decimal($0, $1) }
        let deductionAddBack = optional("federalDeductionAddBack") { federalDeductionAddBack($0, $1) }
        let taxTable = optional("taxTable") { self.taxTable($0, $1) }
        let tableCredit = optional("tableCredit") { self.tableCredit($0, $1) }
        let lowIncomeTable = optional("lowIncomeTable") { self.lowIncomeTable($0, $1) }
        let dependentDeduction = optional("dependentDeduction") { self.dependentDeduction($0, $1) }
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
        // A deduction a 1.2 client would misread goes to the 1.4 `…Schedule` key, which it ignores.
        if let federalTaxDeduction, federalTaxDeduction.isSchema12 { state.federalTaxDeduction = federalTaxDeduction }
        else { state.federalTaxDeductionSchedule = federalTaxDeduction }
        if let ficaDeduction, ficaDeduction.isSchema12 { state.ficaDeduction = ficaDeduction }
        else { state.ficaDeductionSchedule = ficaDeduction }
        if let (simple, schedules) = phaseOutLists {
            state.phaseOuts = simple.isEmpty ? nil : simple
            state.phaseOutSchedules = schedules.isEmpty ? nil : schedules
        }
        state.extraTax = extraTax
        state.standardDeductionPercent = percentDeduction
        state.taxAddBacks = addBacks
        state.taxCredit = taxCredit
        state.childExemption = childExemption
        state.taxRecapture = recapture
        state.earnedIncomeCredit = eitcShare
        state.childTaxCreditShare = ctcShare
        state.incomeTestedCredit = incomeTested
        state.refundableDependentCredit = refundableDependentCredit
        state.federalDeductionAddBack = deductionAddBack
        state.dependentDeduction = dependentDeduction
        state.taxTable = taxTable
        state.tableCredit = tableCredit
        state.lowIncomeTable = lowIncomeTable
        return state
    }

    /// `{ cap?: {status: amount}, shares?: {status: [rows]}, itemized?: bool }`; `{}` deducts the whole amount.
    private func paidTaxDeduction(_ node: Node, _ path: DataPath) -> PaidTaxDeduction? {
        guard var m = mapping(node, path) else { return nil }
        let capNode = m.optional("cap")
        let cap = capNode.flatMap { amountTable($0, path.key("cap")) }
        let sharesNode = m.optional("shares")
        let shares = sharesNode.flatMap { rowTable($0, path.key("shares")) }
        let itemizedNode = m.optional("itemized")
        let itemized = itemizedNode.flatMap { bool($0, path.key("itemized")) }
        let lessNode = m.optional("lessRefundable")
        let less = lessNode.flatMap { node in
            sequence(node, path.key("lessRefundable")).flatMap { items in
                let parsed = items.enumerated().map { choice($0.element, path.key("lessRefundable").index($0.offset), PaidTaxDeduction.RefundableCredit.self) }
                return parsed.contains(where: { $0 == nil }) ? nil : parsed.compactMap { $0 }
            }
        }
        m.finish()
        guard capNode == nil || cap != nil, sharesNode == nil || shares != nil, itemizedNode == nil || itemized != nil,
              lessNode == nil || less != nil else { return nil }
        return PaidTaxDeduction(cap: cap, shares: shares, itemized: itemized, lessRefundable: less)
    }

    /// `{ label, share, childlessShare?: {status: rate}, maximum? }`.
    private func earnedIncomeCreditShare(_ node: Node, _ path: DataPath) -> EarnedIncomeCreditShare? {
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

    /// An amount, or a status map of amounts, as a status table.
    private func amountOrTable(_ node: Node, _ path: DataPath) -> StatusTable<Decimal>? {
        if case .mapping = node, Self.scalarValue(node, "value") == nil { return amountTable(node, path) }
        return decimal(node, path).map { StatusTable(uniform: $0) }
    }

    /// `{ label, start, width, flatAbove?: {over, rate}, rows: {status: [{over, flatRate} | {over, base, benefit}, …]} }`.
    private func taxRecapture(_ node: Node, _ path: DataPath) -> TaxRecapture? {
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

    /// `{ label, share, incomeLimit: {status: amount} }`.
    private func childCreditShare(_ node: Node, _ path: DataPath) -> ChildTaxCreditShare? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let share = m.required("share").flatMap { rate($0, path.key("share")) }
        let limit = m.required("incomeLimit").flatMap { amountTable($0, path.key("incomeLimit")) }
        m.finish()
        guard let label, let share, let limit else { return nil }
        return .init(label: label, share: share, incomeLimit: limit)
    }

    /// `{ label, measure: ratio | excess, base: {status: amount}, perDependent (amount or status map), maxDependents?: {status: n},
    /// bands: {status: [ { upTo, share } ]} }`; a ratio's `upTo` is a rate (1.04), an excess's an amount.
    private func incomeTestedCredit(_ node: Node, _ path: DataPath) -> IncomeTestedCredit? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let measure = m.required("measure").flatMap { choice($0, path.key("measure"), IncomeTestedCredit.Measure.self) }
        let base = m.required("base").flatMap { amountTable($0, path.key("base")) }
        let perDependent = m.required("perDependent").flatMap { amountOrTable($0, path.key("perDependent")) }
        let capsNode = m.optional("maxDependents")
        let caps = capsNode.flatMap { statusTable($0, path.key("maxDependents")) { self.integer($0, $1) } }
        let bands = m.required("bands").flatMap { node in
            statusTable(node, path.key("bands")) { node, path -> [IncomeTestedCredit.Band]? in
                sequence(node, path).flatMap { items in
                    let parsed = items.enumerated().map { offset, item -> IncomeTestedCredit.Band? in
                        let bandPath = path.index(offset)
                        guard var band = mapping(item, bandPath) else { return nil }
                        let upTo = band.required("upTo").flatMap {
                            measure == .ratio ? rate($0, bandPath.key("upTo")) : decimal($0, bandPath.key("upTo"))
                        }
                        let share = band.required("share").flatMap { rate($0, bandPath.key("share")) }
                        band.finish()
                        guard let upTo, let share else { return nil }
                        return .init(upTo: upTo, share: share)
                    }
                    return parsed.contains(where: { $0 == nil }) ? nil : parsed.compactMap { $0 }
                }
            }
        }
        let limitNode = m.optional("limit")
        let limit = limitNode.flatMap { node -> IncomeTestedCredit.Limit? in
            let limitPath = path.key("limit")
            guard var l = mapping(node, limitPath) else { return nil }
            let rate = l.required("rate").flatMap { self.rate($0, limitPath.key("rate")) }
            let upTo = l.required("upTo").flatMap { measure == .ratio ? self.rate($0, limitPath.key("upTo")) : decimal($0, limitPath.key("upTo")) }
            l.finish()
            guard let rate, let upTo else { return nil }
            return .init(rate: rate, upTo: upTo)
        }
        m.finish()
        guard let label, let measure, let base, let perDependent, capsNode == nil || caps != nil, let bands, limitNode == nil || limit != nil else { return nil }
        return .init(label: label, measure: measure, base: base, perDependent: perDependent, maxDependents: caps, bands: bands, limit: limit)
    }

    /// `{ label, atLeast: amount, cap: {status: amount} }`.
    private func federalDeductionAddBack(_ node: Node, _ path: DataPath) -> FederalDeductionAddBack? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let atLeast = m.required("atLeast").flatMap { decimal($0, path.key("atLeast")) }
        let cap = m.required("cap").flatMap { amountTable($0, path.key("cap")) }
        m.finish()
        guard let label, let atLeast, let cap else { return nil }
        return .init(label: label, atLeast: atLeast, cap: cap)
    }

    /// `{ label, amount: amount or {status: amount}, exceptFirst: n }`.
    private func dependentDeduction(_ node: Node, _ path: DataPath) -> DependentDeduction? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let amount = m.required("amount").flatMap { amountOrTable($0, path.key("amount")) }
        let exceptFirst = m.required("exceptFirst").flatMap { integer($0, path.key("exceptFirst")) }
        m.finish()
        guard let label, let amount, let exceptFirst else { return nil }
        return .init(label: label, amount: amount, exceptFirst: exceptFirst)
    }

    /// `{ label, perReturn: {status: [rows]}, perDependent?: {status: [rows]}, on?: agi | taxable_income }`, rows `{over | atLeast, amount}`.
    private func tableCredit(_ node: Node, _ path: DataPath) -> TableCredit? {
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

    /// `{ label, tables: {status: [ { dependents: n, through: amount, rows: [rows] } ]} }`, rows `{over | atLeast, amount}`.
    private func lowIncomeTable(_ node: Node, _ path: DataPath) -> LowIncomeTable? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let tables = m.required("tables").flatMap { node in
            statusTable(node, path.key("tables")) { node, path -> [LowIncomeTable.Table]? in
                sequence(node, path).flatMap { items in
                    let parsed = items.enumerated().map { offset, item -> LowIncomeTable.Table? in
                        let itemPath = path.index(offset)
                        guard var t = mapping(item, itemPath) else { return nil }
                        let dependents = t.required("dependents").flatMap { integer($0, itemPath.key("dependents")) }
                        let through = t.required("through").flatMap { decimal($0, itemPath.key("through")) }
                        let rows = t.required("rows").flatMap { rowList($0, itemPath.key("rows")) }
                        t.finish()
                        guard let dependents, let through, let rows else { return nil }
                        return .init(dependents: dependents, through: through, rows: rows)
                    }
                    return parsed.contains(where: { $0 == nil }) ? nil : parsed.compactMap { $0 }
                }
            }
        }
        m.finish()
        guard let label, let tables else { return nil }
        return .init(label: label, tables: tables)
    }

    /// `{ below: amount, rowWidth: amount, rowOffsets?: [ { from: amount, offset: amount } ] }`.
    private func taxTable(_ node: Node, _ path: DataPath) -> TaxTable? {
        guard var m = mapping(node, path) else { return nil }
        let below = m.required("below").flatMap { decimal($0, path.key("below")) }
        let width = m.required("rowWidth").flatMap { decimal($0, path.key("rowWidth")) }
        let offsetsNode = m.optional("rowOffsets")
        let offsets = offsetsNode.flatMap { node in
            sequence(node, path.key("rowOffsets")).flatMap { items in
                let parsed = items.enumerated().map { offset, item -> TaxTable.Offset? in
                    let itemPath = path.key("rowOffsets").index(offset)
                    guard var row = mapping(item, itemPath) else { return nil }
                    let from = row.required("from").flatMap { decimal($0, itemPath.key("from")) }
                    let amount = row.required("offset").flatMap { decimal($0, itemPath.key("offset")) }
                    row.finish()
                    guard let from, let amount else { return nil }
                    return .init(from: from, offset: amount)
                }
                return parsed.contains(where: { $0 == nil }) ? nil : parsed.compactMap { $0 }
            }
        }
        m.finish()
        guard let below, let width, offsetsNode == nil || offsets != nil else { return nil }
        return .init(below: below, rowWidth: width, rowOffsets: offsets)
    }

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
    private func rateOrRates(_ node: Node, _ path: DataPath) -> (Decimal?, StatusTable<Decimal>?)? {
        if case .mapping(let m) = node, m.contains(where: { FilingStatus(rawValue: $0.key.string ?? "") != nil }) {
            return statusTable(node, path) { self.rate($0, $1) }.map { (nil, $0) }
        }
        return rate(node, path).map { ($0, nil) }
    }

    /// `{ size: amount | {status: amount}, round: up | down }`.
    private func step(_ node: Node, _ path: DataPath) -> PhaseOut.Step? {
        guard var m = mapping(node, path) else { return nil }
        let sizeNode = m.required("size")
        let size = sizeNode.flatMap { amountOrTable($0, path.key("size")) }
        let round = m.required("round").flatMap { choice($0, path.key("round"), PhaseOut.Step.Rounding.self) }
        m.finish()
        guard let size, let round else { return nil }
        return .init(size: size, round: round)
    }

    /// `{status: [{over | atLeast, amount | share}, …]}`: `atLeast: X` is income X or more.
    private func rowTable(_ node: Node, _ path: DataPath) -> StatusTable<[PhaseOut.Row]>? {
        statusTable(node, path) { rowList($0, $1) }
    }

    /// A list of rows `{over | atLeast, amount | share}`.
    private func rowList(_ node: Node, _ path: DataPath) -> [PhaseOut.Row]? {
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
    private func phaseOut(_ node: Node, _ path: DataPath) -> PhaseOut? {
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

    /// `{ rate, minimum: {status: amount}, maximum: {status: amount} }`.
    private func percentStandardDeduction(_ node: Node, _ path: DataPath) -> PercentStandardDeduction? {
        guard var m = mapping(node, path) else { return nil }
        let rate = m.required("rate").flatMap { self.rate($0, path.key("rate")) }
        let minimum = m.required("minimum").flatMap { amountTable($0, path.key("minimum")) }
        let maximum = m.required("maximum").flatMap { amountTable($0, path.key("maximum")) }
        m.finish()
        guard let rate, let minimum, let maximum else { return nil }
        return .init(rate: rate, minimum: minimum, maximum: maximum)
    }

    /// `{ label, start, rate (or per status), step?, maximum }`.
    private func taxAddBack(_ node: Node, _ path: DataPath) -> TaxAddBack? {
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

    /// `{ label, table: {status: [{over, share}, …]} }`.
    private func shareOfTaxCredit(_ node: Node, _ path: DataPath) -> ShareOfTaxCredit? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let table = m.required("table").flatMap { rowTable($0, path.key("table")) }
        m.finish()
        guard let label, let table else { return nil }
        return .init(label: label, table: table)
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
