import Foundation

/// A phase-out reduces a part the state has and says exactly how, for every filing status:
/// `cliff` (a start, nothing else), `linear` (a start and a rate in (0, 1] dollars per dollar, or a
/// rate per status; optionally whole steps and a minimum), `proportional` (a start and a band width)
/// or `table` (rows rising from `over: 0`, each with an amount or a share). The 1.3 forms need
/// `schemaVersion` 1.3, so that no 1.2 client is handed a bundle it misreads.
public struct StatePhaseOut: ValidationRule {
    public let id = RuleID.statePhaseOut
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let allows13 = data.meta.schemaVersion >= .v1_3
        for code in data.states.keys.sorted() {
            let state = data.states[code]!
            let lists = [("phaseOuts", state.phaseOuts ?? []), ("phaseOutSchedules", state.phaseOutSchedules ?? [])]
            for (key, list) in lists {
                for (index, phaseOut) in list.enumerated() {
                    let path = DataPath(.state(code)).key(key).index(index)
                    findings += check(phaseOut, of: state, code: code, at: path, schema: data.meta.schemaVersion)
                    if phaseOut.part == .refundableDependentCredit, data.meta.schemaVersion < .v1_5 {
                        findings.append(.error(id, "a phase-out of the refundableDependentCredit needs schemaVersion \"1.5\" in year.yaml", at: path.key("part")))
                    }
                    if phaseOut.part == .federalTaxDeduction, data.meta.schemaVersion < .v1_4 {
                        findings.append(.error(id, "a phase-out of the federalTaxDeduction cap needs schemaVersion \"1.4\" in year.yaml", at: path.key("part")))
                    }
                    if !phaseOut.isSchema12 && !allows13 {
                        findings.append(.error(id, "this \(phaseOut.method.rawValue) phase-out of \(phaseOut.part.rawValue) needs schemaVersion \"1.3\" in year.yaml (a 1.2 client would misread it)",
                                               at: path))
                    }
                }
            }
        }
        return findings
    }

    private func check(_ phaseOut: PhaseOut, of state: StateData, code: String, at path: DataPath, schema: SchemaVersion) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        func error(_ message: String, _ at: DataPath) { findings.append(.error(id, message, at: at)) }
        let name = "\(code) phase-out of \(phaseOut.part.rawValue)"
        let present: Bool = switch phaseOut.part {
        case .standardDeduction: state.standardDeduction != nil || state.standardDeductionPercent != nil
        case .personalExemption: state.personalExemption != nil
        case .dependentExemption: state.dependentExemption != nil
        case .personalCredit: state.personalCredit != nil
        case .dependentCredit: state.dependentCredit != nil
        case .credits: state.personalCredit != nil || state.dependentCredit != nil
        case .federalTaxDeduction: state.federalTaxDeductionRule?.cap != nil
        case .refundableDependentCredit: state.refundableDependentCredit != nil
        }
        if !present {
            error(phaseOut.part == .federalTaxDeduction ? "\(code) phases out the cap of its federalTaxDeduction, which has no cap"
                                                        : "\(code) phases out its \(phaseOut.part.rawValue), which it does not have", path.key("part"))
        }
        func complete(_ table: StatusTable<Decimal>?, _ key: String, positive: Bool = false) {
            guard let table else { return }
            let missing = table.missing
            if !missing.isEmpty { error("\(name): \(key) has no value for \(missing.map(\.rawValue).joined(separator: ", "))", path.key(key)) }
            if FilingStatus.allCases.contains(where: { (table[$0] ?? 1) < 0 || (positive && table[$0] == 0) }) {
                error("\(name): \(key) must be \(positive ? "above" : "at least") zero for every status", path.key(key))
            }
        }
        complete(phaseOut.start, "start")
        complete(phaseOut.minimum, "minimum")
        complete(phaseOut.range, "range", positive: true)
        complete(phaseOut.step?.size, "step", positive: true)
        if let rates = phaseOut.rates {
            complete(rates, "rate")
            if !rates.written.values.contains(where: { $0 > 0 }) { error("\(name): at least one status needs a rate above zero", path.key("rate")) }
            if FilingStatus.allCases.contains(where: { (rates[$0] ?? 0) > 1 }) { error("\(name): every rate must be at most 1 dollar per dollar", path.key("rate")) }
        }
        func forbid(_ present: Bool, _ key: String, _ why: String) { if present { error("a \(phaseOut.method.rawValue) phase-out takes no \(key): \(why)", path.key(key)) } }
        let hasRate = phaseOut.rate != nil || phaseOut.rates != nil
        switch phaseOut.method {
        case .cliff:
            forbid(hasRate, "rate", "the part is lost in full above start")
            forbid(phaseOut.step != nil, "step", "the part is lost in full above start")
            forbid(phaseOut.minimum != nil, "minimum", "the part is lost in full above start")
            forbid(phaseOut.range != nil, "range", "that is for proportional phase-outs")
            forbid(phaseOut.table != nil, "table", "that is for table phase-outs")
        case .linear:
            if !hasRate { error("a linear phase-out needs rate: the dollars lost per dollar of income above start", path) }
            if let rate = phaseOut.rate, rate <= 0 || rate > 1 {
                error("rate \(Money.text(rate)) must be above 0 and at most 1 dollar per dollar", path.key("rate"))
            }
            forbid(phaseOut.range != nil, "range", "that is for proportional phase-outs")
            forbid(phaseOut.table != nil, "table", "that is for table phase-outs")
        case .proportional:
            if phaseOut.range == nil { error("a proportional phase-out needs range: the income band over which the whole part is lost", path) }
            forbid(hasRate, "rate", "the share lost is (income − start) / range")
            forbid(phaseOut.minimum != nil, "minimum", "the part goes to zero at start + range")
            forbid(phaseOut.table != nil, "table", "that is for table phase-outs")
        case .table:
            forbid(phaseOut.start != nil, "start", "each row says where it starts")
            forbid(hasRate, "rate", "each row gives its amount or share")
            forbid(phaseOut.step != nil, "step", "each row says where it starts")
            forbid(phaseOut.minimum != nil, "minimum", "each row gives its amount or share")
            forbid(phaseOut.range != nil, "range", "each row says where it starts")
            if let table = phaseOut.table {
                findings += RowTableCheck(id: id, name: name, allowsAmount: phaseOut.part != .credits, schema: schema).check(table, at: path.key("table"))
            } else {
                error("a table phase-out needs table: rows of {over, amount | share} per filing status", path)
            }
        }
        return findings
    }
}

/// The rows of a table by income (a phase-out table, a share-of-tax credit): every status written,
/// the first row `over: 0`, `over` rising, each row exactly one of `amount` (≥ 0) or `share` (0…1)
/// (`share` up to `maxShare`); `atLeast` rows (inclusive) only from schema 1.4.
struct RowTableCheck {
    let id: RuleID
    let name: String
    let allowsAmount: Bool
    let schema: SchemaVersion
    var maxShare: Decimal = 1
    /// False where rows give amounts only (a table credit).
    var allowsShare = true

    func check(_ table: StatusTable<[PhaseOut.Row]>, at path: DataPath) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let missing = table.missing
        if !missing.isEmpty {
            findings.append(.error(id, "\(name): table has no rows for \(missing.map(\.rawValue).joined(separator: ", "))", at: path))
        }
        for (status, rows) in table.writtenInOrder {
            findings += check(rows, status: status, at: path.key(status.rawValue))
        }
        return findings
    }

    /// One status's rows: `over: 0` first, rising, each with exactly one allowed value.
    func check(_ rows: [PhaseOut.Row], status: FilingStatus, at rowsPath: DataPath) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        guard let first = rows.first else {
            return [.error(id, "\(name): the \(status.rawValue) table is empty", at: rowsPath)]
        }
        if first.over != 0 { findings.append(.error(id, "\(name): the first \(status.rawValue) row must be over: 0 (income from zero)", at: rowsPath.index(0).key("over"))) }
        for (i, row) in rows.enumerated() {
            let rowPath = rowsPath.index(i)
            if row.inclusive == true, schema < .v1_4 {
                findings.append(.error(id, "\(name): atLeast rows need schemaVersion \"1.4\" in year.yaml", at: rowPath))
            }
            if i > 0, row.over <= rows[i - 1].over {
                findings.append(.error(id, "\(name): over \(Money.text(row.over)) must be above the row before (\(Money.text(rows[i - 1].over)))", at: rowPath.key("over")))
            }
            switch (row.amount, row.share) {
            case (.some, .some), (nil, nil):
                findings.append(.error(id, "\(name): a row has exactly one of \(allowsAmount ? (allowsShare ? "amount or share" : "amount") : "share")", at: rowPath))
            case (.some(let amount), nil):
                if !allowsAmount { findings.append(.error(id, "\(name): rows give a share, not an amount", at: rowPath.key("amount"))) }
                if amount < 0 { findings.append(.error(id, "\(name): amount must not be negative", at: rowPath.key("amount"))) }
            case (nil, .some(let share)):
                if !allowsShare { findings.append(.error(id, "\(name): rows give an amount, not a share", at: rowPath.key("share"))) }
                if share < 0 || share > maxShare { findings.append(.error(id, "\(name): share \(Money.text(share)) must be between 0 and \(Money.text(maxShare))", at: rowPath.key("share"))) }
            }
        }
        return findings
    }
}
