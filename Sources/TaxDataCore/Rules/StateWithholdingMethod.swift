import Foundation

/// A state's withholding method (`withholding`, schema 1.14) can be computed, and only from what
/// its certificate asks: known certificate fields, each once; a `rate` or `brackets`, not both;
/// rates in [0, 1); brackets from 0 whose rows meet, the last open, each base tax the tax below it
/// to the cent; tables for every filing status; amounts not negative; `allowance` and
/// `creditPerAllowance` only with `allowances` on the certificate, `additionalAllowance` with
/// `additionalAllowances`; a `personalAllowance` for every status, of 1…10 allowances, with
/// `allowances` on the certificate; `perPeriod` floors rounded to the `cent`, `dime` or `dollar`,
/// and not with the yearly-wage features (a phase-out, a wage limit, a credit per allowance); daily
/// periods 1–366; rounding `cent` or `dollar`; not on a state without an income tax. Its grade is
/// `provenance.construct`'s.
public struct StateWithholdingMethod: StateConstructRule {
    public let id = RuleID.stateWithholding
    public static let key = "withholding"
    public static let since = SchemaVersion.v1_14
    public static let noIncomeTax: String? = " to withhold"
    public init() {}

    public func construct(of state: StateData) -> StateWithholding? { state.withholding }

    public func check(_ method: StateWithholding, _ context: inout StateConstructContext) {
        let path = context.path, code = context.code, year = context.data.meta.taxYear
        var findings: [(String, DataPath)] = []
        func error(_ message: String, _ at: DataPath) { findings.append((message, at)) }
        check(method, path, error)
        let state = context.data.states[code]
        checkCodes(method, state, path, error)
        if let changes = method.midYear {
            let at = path.key("midYear")
            if changes.isEmpty { error("midYear must list at least one later method", at) }
            var previous = ISODate("\(year)-01-01")
            for (i, change) in changes.enumerated() {
                let item = at.index(i)
                if let from = ISODate(change.from) {
                    if from.year != year { error("midYear from \(from) is not in \(year)", item.key("from")) }
                    else if let before = previous, !(before < from) {
                        error("midYear from \(from) must come after \(i == 0 ? "January 1" : "the change before it (\(before))")", item.key("from"))
                    }
                    previous = from
                } else {
                    error("midYear from '\(change.from)' is not a YYYY-MM-DD date", item.key("from"))
                }
                if !StateWithholding.Change.dates.contains(change.appliesBy) {
                    error("midYear appliesBy '\(change.appliesBy)' must be one of \(StateWithholding.Change.dates.joined(separator: ", "))", item.key("appliesBy"))
                }
                if change.method.midYear != nil { error("a midYear method has no midYear of its own: list every change in the first method's", item.key("midYear")) }
                check(change.method, item, error)
                checkCodes(change.method, state, item, error)
            }
        }
        for (message, at) in findings { context.error("\(code) withholding: \(message)", at: at) }
    }

    /// One method's own checks (the first's, or a `midYear` one's at its place).
    private func check(_ method: StateWithholding, _ path: DataPath, _ error: (String, DataPath) -> Void) {
        var seen: Set<String> = []
        for (i, field) in method.certificate.enumerated() {
            if !StateWithholding.certificateFields.contains(field) {
                error("'\(field)' is not a certificate field; use \(StateWithholding.certificateFields.joined(separator: ", "))", path.key("certificate").index(i))
            } else if !seen.insert(field).inserted {
                error("'\(field)' is listed twice", path.key("certificate").index(i))
            }
        }
        switch (method.rate, method.brackets ?? (method.rateTables != nil ? StatusTable(uniform: []) : nil)) {
        case (nil, nil): error("give a rate or brackets", path)
        case (.some, .some): error("give a rate or brackets, not both", path.key("rate"))
        case (let rate?, nil) where rate < 0 || rate >= 1: error("rate \(Money.text(rate)) must be in [0, 1)", path.key("rate"))
        default: break
        }
        if let tables = method.rateTables {
            let at = path.key("rateTables")
            if method.brackets != nil { error("rateTables replace brackets: give one or the other", at) }
            if tables.isEmpty { error("rateTables must name at least one schedule", at) }
            for (name, rows) in tables.sorted(by: { $0.key < $1.key }) {
                if name.isEmpty || name.count > 8 || !name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
                    error("'\(name)' is not a table name: 1 to 8 letters or digits", at.key(name))
                }
                check(rows, at.key(name), error)
            }
            if let byStatus = method.statusRateTable {
                let s = path.key("statusRateTable")
                if !byStatus.missing.isEmpty { error("statusRateTable has no table for \(byStatus.missing.map(\.rawValue).joined(separator: ", "))", s) }
                for (status, name) in byStatus.writtenInOrder where tables[name] == nil {
                    error("'\(name)' is not one of rateTables (\(tables.keys.sorted().joined(separator: ", ")))", s.key(status.rawValue))
                }
            } else {
                error("rateTables need statusRateTable: the table of each status when the certificate chooses none", at)
            }
            if method.electedRates != nil { error("electedRates replace a flat rate, not rate tables", path.key("electedRates")) }
        } else {
            if method.statusRateTable != nil { error("statusRateTable names rateTables the method lacks", path.key("statusRateTable")) }
            if method.certificate.contains("rateTable") { error("'rateTable' on the certificate needs rateTables to choose from", path.key("certificate")) }
        }
        if let brackets = method.brackets {
            if !brackets.missing.isEmpty { error("brackets has no schedule for \(brackets.missing.map(\.rawValue).joined(separator: ", "))", path.key("brackets")) }
            for (status, rows) in brackets.writtenInOrder { check(rows, path.key("brackets").key(status.rawValue), error) }
        }
        if let deduction = method.standardDeduction {
            if !deduction.missing.isEmpty {
                error("standardDeduction has no amount for \(deduction.missing.map(\.rawValue).joined(separator: ", "))", path.key("standardDeduction"))
            }
            for (status, amount) in deduction.writtenInOrder where amount < 0 {
                error("standardDeduction must not be negative", path.key("standardDeduction").key(status.rawValue))
            }
        }
        let needs: [(String, Decimal?, String)] = [("allowance", method.allowance, "allowances"),
                                                    ("creditPerAllowance", method.creditPerAllowance, "allowances"),
                                                    ("additionalAllowance", method.additionalAllowance, "additionalAllowances")]
        for (key, value, field) in needs {
            guard let value else { continue }
            if value < 0 { error("\(key) must not be negative", path.key(key)) }
            if !method.certificate.contains(field) { error("\(key) needs '\(field)' on the certificate", path.key(key)) }
        }
        if let elected = method.electedRates {
            if elected.isEmpty { error("electedRates must list at least one rate", path.key("electedRates")) }
            for (i, rate) in elected.enumerated() {
                if rate < 0 || rate >= 1 { error("rate \(Money.text(rate)) must be in [0, 1)", path.key("electedRates").index(i)) }
                if elected[..<i].contains(rate) { error("\(Money.text(rate)) is listed twice", path.key("electedRates").index(i)) }
            }
            if method.brackets != nil { error("electedRates replace a flat rate, not brackets", path.key("electedRates")) }
            if let rate = method.rate, !elected.contains(rate) {
                error("rate \(Money.text(rate)), withheld when none is elected, is not among electedRates", path.key("rate"))
            }
            if !method.certificate.contains("electedRate") { error("electedRates needs 'electedRate' on the certificate", path.key("electedRates")) }
        } else if method.certificate.contains("electedRate") {
            error("'electedRate' on the certificate needs electedRates", path.key("certificate"))
        }
        if let phaseOut = method.standardDeductionPhaseOut {
            let at = path.key("standardDeductionPhaseOut")
            if method.standardDeduction == nil { error("standardDeductionPhaseOut needs a standardDeduction to phase out", at) }
            for (key, table) in [("start", phaseOut.start), ("rate", phaseOut.rate)] where !table.missing.isEmpty {
                error("standardDeductionPhaseOut.\(key) has no amount for \(table.missing.map(\.rawValue).joined(separator: ", "))", at.key(key))
            }
            for (status, start) in phaseOut.start.writtenInOrder where start < 0 {
                error("standardDeductionPhaseOut.start must not be negative", at.key("start").key(status.rawValue))
            }
            // By steps, a dollar per dollar is allowed (Connecticut's Table A: $1,000 less for each $1,000).
            for (status, rate) in phaseOut.rate.writtenInOrder where rate <= 0 || rate > 1 || rate == 1 && phaseOut.step == nil {
                error("standardDeductionPhaseOut.rate \(Money.text(rate)) must be in (0, 1)\(phaseOut.step == nil ? "" : ", or 1 by steps")", at.key("rate").key(status.rawValue))
            }
            for (key, table) in [("step", phaseOut.step), ("minimum", phaseOut.minimum)] {
                guard let table else { continue }
                if !table.missing.isEmpty { error("standardDeductionPhaseOut.\(key) has no amount for \(table.missing.map(\.rawValue).joined(separator: ", "))", at.key(key)) }
            }
            for (status, step) in phaseOut.step?.writtenInOrder ?? [] where step <= 0 {
                error("standardDeductionPhaseOut.step must be positive", at.key("step").key(status.rawValue))
            }
            for (status, minimum) in phaseOut.minimum?.writtenInOrder ?? [] where minimum < 0 || minimum > (method.standardDeduction?[status] ?? 0) {
                error("standardDeductionPhaseOut.minimum \(Money.text(minimum)) must be 0 to the standard deduction", at.key("minimum").key(status.rawValue))
            }
        }
        if let limit = method.allowanceWageLimit {
            if limit <= 0 { error("allowanceWageLimit must be positive", path.key("allowanceWageLimit")) }
            if method.allowance == nil { error("allowanceWageLimit needs an allowance to limit", path.key("allowanceWageLimit")) }
        }
        if let personal = method.personalAllowance {
            let at = path.key("personalAllowance")
            if !personal.count.missing.isEmpty { error("personalAllowance.count has no count for \(personal.count.missing.map(\.rawValue).joined(separator: ", "))", at.key("count")) }
            if !personal.amount.missing.isEmpty { error("personalAllowance.amount has no amount for \(personal.amount.missing.map(\.rawValue).joined(separator: ", "))", at.key("amount")) }
            for (status, count) in personal.count.writtenInOrder where !(1...10).contains(count) {
                error("personalAllowance.count \(count) must be 1…10", at.key("count").key(status.rawValue))
            }
            for (status, amount) in personal.amount.writtenInOrder {
                if amount < 0 { error("personalAllowance.amount must not be negative", at.key("amount").key(status.rawValue)) }
                // Fewer allowances claimed are worth their share, which must be whole cents.
                if let count = personal.count[status], count > 0, amount * 100 / Decimal(count) != Money.roundedToDollar(amount * 100 / Decimal(count)) {
                    error("personalAllowance.amount \(Money.text(amount)) does not divide into \(count) allowances to the cent", at.key("amount").key(status.rawValue))
                }
            }
            if !method.certificate.contains("allowances") { error("personalAllowance needs 'allowances' on the certificate", at) }
        }
        checkPerPeriod(method, path, error)
        if let local = method.localBase {
            if !StateWithholding.localBases.contains(local) {
                error("localBase '\(local)' must be one of \(StateWithholding.localBases.joined(separator: ", "))", path.key("localBase"))
            } else if method.perPeriod != nil, method.rate == nil {
                error("localBase: on a per-period method, the localities are withheld on its taxable wages at a flat rate; this method has brackets", path.key("localBase"))
            } else if method.perPeriod == nil {
                // On the year's wages: the yearly taxable wages and the state's yearly tax must be what the paycheck's wages alone give.
                for (key, present) in [("ficaDeduction", method.ficaDeduction != nil), ("federalWithholdingDeduction", method.federalWithholdingDeduction == true),
                                       ("periodDeductions", method.periodDeductions != nil), ("periodCredits", method.periodCredits != nil),
                                       ("rounding: dollar", method.rounding == "dollar")] where present {
                    error("localBase on a method on the year's wages: not with \(key)", path.key("localBase"))
                }
            }
        }
        if let rounding = method.annualTaxRounding {
            if rounding != "dollar" { error("annualTaxRounding '\(rounding)' must be dollar", path.key("annualTaxRounding")) }
            if method.perPeriod != nil { error("annualTaxRounding rounds the year's tax: a perPeriod method has none", path.key("annualTaxRounding")) }
        }
        if let rounding = method.standardDeductionPhaseOut?.rounding, !StateWithholding.roundings.dropLast().contains(rounding) {
            error("standardDeductionPhaseOut.rounding '\(rounding)' must be cent or dollar", path.key("standardDeductionPhaseOut").key("rounding"))
        }
        if let rates = method.localTableRates {
            let at = path.key("localTableRates")
            if method.localBase == nil { error("localTableRates are the rates the localities are withheld at: they need localBase", at) }
            if rates.isEmpty { error("localTableRates must list at least one rate", at) }
            for (i, rate) in rates.enumerated() {
                if rate <= 0 || rate >= 1 { error("localTableRates: \(Money.text(rate)) must be in (0, 1)", at.index(i)) }
                if i > 0, rate <= rates[i - 1] { error("localTableRates must rise", at.index(i)) }
            }
        }
        if let flat = method.flatRateAbove {
            let at = path.key("flatRateAbove")
            if method.perPeriod == nil { error("flatRateAbove is for a perPeriod method", at) }
            if !flat.threshold.missing.isEmpty { error("flatRateAbove.threshold has no amount for \(flat.threshold.missing.map(\.rawValue).joined(separator: ", "))", at.key("threshold")) }
            for (status, amount) in flat.threshold.writtenInOrder where amount <= 0 {
                error("flatRateAbove.threshold must be positive", at.key("threshold").key(status.rawValue))
            }
            if flat.tiers.first?.atLeast != 0 { error("flatRateAbove.tiers must start at 0 (the threshold itself)", at.key("tiers")) }
            for (i, tier) in flat.tiers.enumerated() {
                if tier.rate < 0 || tier.rate >= 1 { error("rate \(Money.text(tier.rate)) must be in [0, 1)", at.key("tiers").index(i).key("rate")) }
                if i > 0, tier.atLeast <= flat.tiers[i - 1].atLeast { error("flatRateAbove.tiers must rise", at.key("tiers").index(i).key("atLeast")) }
            }
        }
        if let defaults = method.exemptionAmountDefault {
            let at = path.key("exemptionAmountDefault")
            if !defaults.missing.isEmpty { error("exemptionAmountDefault has no amount for \(defaults.missing.map(\.rawValue).joined(separator: ", "))", at) }
            for (status, amount) in defaults.writtenInOrder where amount < 0 { error("exemptionAmountDefault must not be negative", at.key(status.rawValue)) }
            if !method.certificate.contains("exemptionAmount") { error("exemptionAmountDefault is what a certificate without 'exemptionAmount' claims: list it on the certificate", at) }
        }
        if let share = method.standardDeductionShare {
            let at = path.key("standardDeductionShare")
            if share.rate <= 0 || share.rate >= 1 { error("standardDeductionShare.rate \(Money.text(share.rate)) must be in (0, 1)", at.key("rate")) }
            if share.max < 0 { error("standardDeductionShare.max must not be negative", at.key("max")) }
            if let least = share.min, least < 0 || least > share.max { error("standardDeductionShare.min must be 0…max", at.key("min")) }
            if !(0...10).contains(share.minAllowances) { error("standardDeductionShare.minAllowances \(share.minAllowances) must be 0…10", at.key("minAllowances")) }
            if share.minAllowances > 0, !method.certificate.contains("allowances") {
                error("standardDeductionShare.minAllowances needs 'allowances' on the certificate", at.key("minAllowances"))
            }
            for (key, present) in [("standardDeduction", method.standardDeduction != nil), ("standardDeductionPhaseOut", method.standardDeductionPhaseOut != nil),
                                   ("perPeriod", method.perPeriod != nil)] where present {
                error("standardDeductionShare is the standard deduction of a method on the year's wages: not with \(key)", at)
            }
        }
        if let phase = method.creditPhaseOut {
            let at = path.key("creditPhaseOut")
            for (key, table) in [("amount", phase.amount), ("start", phase.start)] {
                if !table.missing.isEmpty { error("creditPhaseOut.\(key) has no amount for \(table.missing.map(\.rawValue).joined(separator: ", "))", at.key(key)) }
                for (status, amount) in table.writtenInOrder where amount < 0 { error("creditPhaseOut.\(key) must not be negative", at.key(key).key(status.rawValue)) }
            }
            if phase.rate <= 0 || phase.rate >= 1 { error("creditPhaseOut.rate \(Money.text(phase.rate)) must be in (0, 1)", at.key("rate")) }
            if method.perPeriod == nil { error("creditPhaseOut is for a perPeriod method", at) }
            if method.flatRateAbove != nil { error("creditPhaseOut is taken off the tables' tax: not with flatRateAbove", at) }
            if method.certificate.contains("creditAmount") { error("creditPhaseOut and 'creditAmount' on the certificate: one credit or the other", at) }
        }
        if let most = method.maxAllowances {
            if !(0...99).contains(most) { error("maxAllowances \(most) must be 0…99", path.key("maxAllowances")) }
            if !method.certificate.contains("allowances") { error("maxAllowances needs 'allowances' on the certificate", path.key("maxAllowances")) }
        }
        if method.federalWithholdingDeduction == true, method.perPeriod != nil {
            error("federalWithholdingDeduction takes the year's federal withholding off the year's wages: a perPeriod method has none", path.key("federalWithholdingDeduction"))
        }
        if let tiers = method.additionalAllowanceByWages {
            let at = path.key("additionalAllowanceByWages")
            if !method.certificate.contains("additionalAllowances") { error("additionalAllowanceByWages needs 'additionalAllowances' on the certificate", at) }
            if method.additionalAllowance != nil { error("additionalAllowanceByWages replaces additionalAllowance: give one or the other", at) }
            if method.perPeriod != nil { error("additionalAllowanceByWages goes by the year's wages: a perPeriod method has none", at) }
            if tiers.isEmpty { error("additionalAllowanceByWages must list at least one tier", at) }
            for (i, tier) in tiers.enumerated() {
                let t = at.index(i)
                if tier.amount < 0 { error("additionalAllowanceByWages amount must not be negative", t.key("amount")) }
                if i == tiers.count - 1 {
                    if tier.through != nil { error("the last tier is open: through null", t.key("through")) }
                } else if let through = tier.through {
                    if let next = tiers[i + 1].through, next <= through { error("the tiers' through must rise", at.index(i + 1).key("through")) }
                } else {
                    error("only the last tier is open (through null)", t.key("through"))
                }
            }
        }
        if let floor = method.wageFloor {
            let at = path.key("wageFloor")
            if !floor.missing.isEmpty { error("wageFloor has no amount for \(floor.missing.map(\.rawValue).joined(separator: ", "))", at) }
            for (status, amount) in floor.writtenInOrder where amount < 0 { error("wageFloor must not be negative", at.key(status.rawValue)) }
            if method.perPeriod != nil { error("wageFloor is compared with the year's wages: a perPeriod method has none", at) }
        }
        if let columns = method.byAllowances {
            let at = path.key("byAllowances")
            if columns.isEmpty { error("byAllowances must list at least one status", at) }
            if method.perPeriod != nil { error("byAllowances is for a method on the year's wages: a perPeriod method has none", at) }
            for (key, present) in [("standardDeductionPhaseOut", method.standardDeductionPhaseOut != nil), ("standardDeductionShare", method.standardDeductionShare != nil)]
                where present {
                error("byAllowances replaces the standard deduction: not with \(key)", at)
            }
            if !method.certificate.contains("allowances") { error("byAllowances needs 'allowances' on the certificate", at) }
            for (status, column) in columns.sorted(by: { $0.key < $1.key }) {
                let c = at.key(status)
                if !FilingStatus.allCases.map(\.rawValue).contains(status) {
                    error("'\(status)' is not a filing status; use \(FilingStatus.allCases.map(\.rawValue).joined(separator: ", "))", c)
                }
                if !(1...10).contains(column.atLeast) { error("byAllowances.\(status).atLeast \(column.atLeast) must be 1…10", c.key("atLeast")) }
                if let counting = column.counting {
                    if !StateWithholding.AllowanceColumn.countings.contains(counting) {
                        error("byAllowances.\(status).counting '\(counting)' must be one of \(StateWithholding.AllowanceColumn.countings.joined(separator: ", "))", c.key("counting"))
                    } else if counting == "allAllowances", !method.certificate.contains("additionalAllowances") {
                        error("counting allAllowances needs 'additionalAllowances' on the certificate", c.key("counting"))
                    }
                }
                if column.standardDeduction == nil && column.wageFloor == nil && column.brackets == nil {
                    error("byAllowances.\(status) changes nothing: give standardDeduction, wageFloor or brackets", c)
                }
                if let amount = column.standardDeduction {
                    if amount < 0 { error("byAllowances.\(status).standardDeduction must not be negative", c.key("standardDeduction")) }
                    if method.standardDeduction == nil { error("byAllowances.\(status).standardDeduction replaces a standardDeduction the method lacks", c.key("standardDeduction")) }
                }
                if let other = column.brackets {
                    if FilingStatus(rawValue: other) == nil {
                        error("byAllowances.\(status).brackets '\(other)' is not a filing status", c.key("brackets"))
                    } else if method.brackets == nil {
                        error("byAllowances.\(status).brackets takes another status's brackets: the method has none", c.key("brackets"))
                    }
                }
                if let amount = column.wageFloor {
                    if amount < 0 { error("byAllowances.\(status).wageFloor must not be negative", c.key("wageFloor")) }
                    if method.wageFloor == nil { error("byAllowances.\(status).wageFloor replaces a wageFloor the method lacks", c.key("wageFloor")) }
                }
            }
        }
        checkWageSteps(method, path, error)
        checkNoCertificate(method, path, error)
        if method.certificate.contains("creditAmount"), method.flatRateAbove != nil {
            error("'creditAmount' on the certificate is taken off the tables' tax: not with flatRateAbove", path.key("certificate"))
        }
        if method.federalFilingStatus == true, method.certificate.contains("filingStatus") {
            error("federalFilingStatus takes the status from the federal Form W-4: the state's certificate has none", path.key("federalFilingStatus"))
        }
        if let daily = method.dailyPeriods, !(1...366).contains(daily) { error("dailyPeriods \(daily) must be 1…366", path.key("dailyPeriods")) }
        if let rounding = method.rounding, !StateWithholding.roundings.contains(rounding) {
            error("rounding '\(rounding)' must be one of \(StateWithholding.roundings.joined(separator: ", "))", path.key("rounding"))
        } else if method.rounding == "dollarUp" {
            // Up to the dollar applies to the period's amount only: not to the steps that round on their own.
            for (key, present) in [("flatRateAbove", method.flatRateAbove != nil), ("creditPhaseOut", method.creditPhaseOut != nil),
                                   ("noCertificate.rate", method.noCertificate?.rate != nil), ("localBase", method.localBase != nil && method.perPeriod == nil)]
                where present {
                error("rounding dollarUp: not with \(key)", path.key("rounding"))
            }
        }
    }

    func check(_ rows: [Bracket], _ path: DataPath, _ error: (String, DataPath) -> Void) {
        guard let first = rows.first else { return error("the schedule has no rows", path) }
        if first.floor != 0 || first.baseTax != 0 { error("the first bracket must start at 0 with no base tax", path.index(0)) }
        for (i, row) in rows.enumerated() {
            if row.rate < 0 || row.rate >= 1 { error("rate \(Money.text(row.rate)) must be in [0, 1)", path.index(i).key("rate")) }
            guard i + 1 < rows.count else {
                if row.ceiling != nil { error("the last bracket is open: ceiling null", path.index(i).key("ceiling")) }
                continue
            }
            let next = rows[i + 1]
            guard let ceiling = row.ceiling, ceiling == next.floor else {
                error("the brackets do not meet: the next starts at \(Money.text(next.floor))", path.index(i).key("ceiling"))
                continue
            }
            // A base the publication prints (statutoryBaseTax: New York's recapture rows) restarts the chain.
            let expected = row.baseTax + row.rate * (ceiling - row.floor)
            if !next.statutoryBaseTax, abs(expected - next.baseTax) >= Decimal(string: "0.01")! {
                error("baseTax \(Money.text(next.baseTax)) is not the tax below it (\(Money.text(expected)))", path.index(i + 1).key("baseTax"))
            }
        }
    }
}
