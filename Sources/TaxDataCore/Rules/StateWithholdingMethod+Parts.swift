import Foundation

extension StateWithholdingMethod {
    /// `perPeriod`'s own checks: its roundings and readings, its printed deductions and tables, and
    /// the keys that go by the year's wages, which a per-period method has none of.
    func checkPerPeriod(_ method: StateWithholding, _ path: DataPath, _ error: (String, DataPath) -> Void) {
        if let perPeriod = method.perPeriod {
            let at = path.key("perPeriod")
            for (key, rounding) in [("floors", perPeriod.floors), ("dailyFloors", perPeriod.dailyFloors)] {
                if let rounding, !StateWithholding.PerPeriod.roundings.contains(rounding) {
                    error("perPeriod.\(key) '\(rounding)' must be one of \(StateWithholding.PerPeriod.roundings.joined(separator: ", "))", at.key(key))
                }
            }
            for (key, present) in [("standardDeductionPhaseOut", method.standardDeductionPhaseOut != nil), ("allowanceWageLimit", method.allowanceWageLimit != nil),
                                   ("creditPerAllowance", method.creditPerAllowance != nil)] where present {
                error("\(key) works on the year's wages: a perPeriod method has none", path.key(key))
            }
            if let bases = perPeriod.bases, !StateWithholding.PerPeriod.baseReadings.contains(bases) {
                error("perPeriod.bases '\(bases)' must be one of \(StateWithholding.PerPeriod.baseReadings.joined(separator: ", "))", at.key("bases"))
            }
            if let printed = perPeriod.tables {
                let t = at.key("tables")
                if printed.isEmpty { error("perPeriod.tables must list at least one frequency", t) }
                if perPeriod.bases != nil { error("perPeriod.bases derives the bases: printed tables print their own", at.key("bases")) }
                if let yearly = method.brackets {
                    for (frequency, table) in printed.sorted(by: { $0.key < $1.key }) {
                        let f = t.key(frequency)
                        guard let pay = PayFrequency(rawValue: frequency) else {
                            error("'\(frequency)' is not a pay frequency; use \(PayFrequency.allCases.map(\.rawValue).joined(separator: ", "))", f)
                            continue
                        }
                        if !table.missing.isEmpty { error("\(frequency) has no schedule for \(table.missing.map(\.rawValue).joined(separator: ", "))", f) }
                        let periods = Decimal(pay == .daily ? (method.dailyPeriods ?? pay.periods) : pay.periods)
                        for (status, rows) in table.writtenInOrder {
                            check(printed: rows, yearly: yearly[status] ?? [], periods: periods, f.key(status.rawValue), error)
                        }
                    }
                } else {
                    error("perPeriod.tables print the yearly brackets per period: the method needs its brackets", t)
                }
            }
            if let printed = perPeriod.rateTables {
                let t = at.key("rateTables")
                if printed.isEmpty { error("perPeriod.rateTables must list at least one frequency", t) }
                if perPeriod.bases != nil { error("perPeriod.bases derives the bases: printed tables print their own", at.key("bases")) }
                if perPeriod.tables != nil { error("perPeriod.tables (by status) and rateTables (by table): give one or the other", t) }
                if let yearly = method.rateTables {
                    for (frequency, tables) in printed.sorted(by: { $0.key < $1.key }) {
                        let f = t.key(frequency)
                        guard let pay = PayFrequency(rawValue: frequency) else {
                            error("'\(frequency)' is not a pay frequency; use \(PayFrequency.allCases.map(\.rawValue).joined(separator: ", "))", f)
                            continue
                        }
                        let missing = Set(yearly.keys).subtracting(tables.keys).sorted()
                        if !missing.isEmpty { error("\(frequency) prints no table \(missing.joined(separator: ", "))", f) }
                        let periods = Decimal(pay == .daily ? (method.dailyPeriods ?? pay.periods) : pay.periods)
                        for (name, rows) in tables.sorted(by: { $0.key < $1.key }) {
                            guard let rates = yearly[name] else {
                                error("'\(name)' is not one of rateTables (\(yearly.keys.sorted().joined(separator: ", ")))", f.key(name))
                                continue
                            }
                            check(printed: rows, yearly: rates, periods: periods, f.key(name), error)
                        }
                    }
                } else {
                    error("perPeriod.rateTables print the yearly rateTables per period: the method needs its rateTables", t)
                }
            }
            if let rows = perPeriod.rows, !StateWithholding.PerPeriod.rowReadings.contains(rows) {
                error("perPeriod.rows '\(rows)' must be one of \(StateWithholding.PerPeriod.rowReadings.joined(separator: ", "))", at.key("rows"))
            }
            if let printed = perPeriod.deductions {
                let d = at.key("deductions")
                for (key, present) in [("personalAllowance", method.personalAllowance != nil), ("additionalAllowance", method.additionalAllowance != nil),
                                       ("perPeriod.allowanceTotals", perPeriod.allowanceTotals == true),
                                       ("'exemptionAmount' on the certificate", method.certificate.contains("exemptionAmount"))] where present {
                    error("printed per-period deductions cover the standard deduction and the allowance only, not \(key)", d)
                }
                for (frequency, amounts) in printed.sorted(by: { $0.key < $1.key }) {
                    let f = d.key(frequency)
                    guard PayFrequency(rawValue: frequency) != nil else {
                        error("'\(frequency)' is not a pay frequency; use \(PayFrequency.allCases.map(\.rawValue).joined(separator: ", "))", f)
                        continue
                    }
                    if (amounts.standardDeduction != nil) != (method.standardDeduction != nil) {
                        error("\(frequency) must print a standardDeduction exactly when the method has one", f)
                    }
                    if (amounts.allowance != nil) != (method.allowance != nil) { error("\(frequency) must print an allowance exactly when the method has one", f) }
                    if let table = amounts.standardDeduction, !table.missing.isEmpty {
                        error("\(frequency) standardDeduction has no amount for \(table.missing.map(\.rawValue).joined(separator: ", "))", f.key("standardDeduction"))
                    }
                    if (amounts.standardDeduction?.writtenInOrder.contains { $0.1 < 0 } ?? false) || (amounts.allowance ?? 0) < 0 {
                        error("\(frequency): a printed deduction must not be negative", f)
                    }
                }
            }
        }
    }

    /// The steps on a paycheck's wages that go by the year's wages or the period's (Oregon's federal
    /// cap, allowance limit and low-wage addition; Circular M's FICA, period deductions, floor and
    /// credits).
    func checkWageSteps(_ method: StateWithholding, _ path: DataPath, _ error: (String, DataPath) -> Void) {
        if let cap = method.federalWithholdingCap {
            let at = path.key("federalWithholdingCap")
            if method.federalWithholdingDeduction != true { error("federalWithholdingCap caps federalWithholdingDeduction: the method takes none", at) }
            if !cap.missing.isEmpty { error("federalWithholdingCap has no tiers for \(cap.missing.map(\.rawValue).joined(separator: ", "))", at) }
            for (status, tiers) in cap.writtenInOrder {
                let t = at.key(status.rawValue)
                if tiers.first?.atLeast != 0 { error("the tiers must start at 0", t) }
                for (i, tier) in tiers.enumerated() {
                    if tier.amount < 0 { error("a cap must not be negative", t.index(i).key("amount")) }
                    if i > 0, tier.atLeast <= tiers[i - 1].atLeast { error("the tiers' atLeast must rise", t.index(i).key("atLeast")) }
                }
            }
        }
        if let limits = method.allowanceWageLimitByStatus {
            let at = path.key("allowanceWageLimitByStatus")
            if !limits.missing.isEmpty { error("allowanceWageLimitByStatus has no amount for \(limits.missing.map(\.rawValue).joined(separator: ", "))", at) }
            for (status, limit) in limits.writtenInOrder where limit <= 0 { error("allowanceWageLimitByStatus must be positive", at.key(status.rawValue)) }
            if method.allowanceWageLimit != nil { error("allowanceWageLimit and allowanceWageLimitByStatus: give one or the other", at) }
            if !method.certificate.contains("allowances") { error("allowanceWageLimitByStatus needs 'allowances' on the certificate", at) }
            for (key, present) in [("perPeriod", method.perPeriod != nil), ("periodDeductions", method.periodDeductions != nil)] where present {
                error("allowanceWageLimitByStatus goes by the year's wages: not with \(key)", at)
            }
        }
        if let addition = method.lowWageAddition {
            let at = path.key("lowWageAddition")
            if addition.below <= 0 { error("lowWageAddition.below must be positive", at.key("below")) }
            if method.perPeriod != nil { error("lowWageAddition goes by the year's wages: a perPeriod method has none", at) }
        }
        if let lookup = method.taxableLookup {
            let at = path.key("taxableLookup")
            if lookup.step <= 0 { error("taxableLookup.step must be positive", at.key("step")) }
            if lookup.add < 0 || lookup.add >= lookup.step { error("taxableLookup.add must be at least 0 and less than step", at.key("add")) }
            if lookup.below <= 0 { error("taxableLookup.below must be positive", at.key("below")) }
            for (key, present) in [("perPeriod", method.perPeriod != nil), ("periodDeductions", method.periodDeductions != nil),
                                   ("rate", method.rate != nil)] where present {
                error("taxableLookup looks up the year's taxable wages in brackets: not with \(key)", at)
            }
        }
        if let fica = method.ficaDeduction {
            if fica.cap <= 0 { error("ficaDeduction.cap must be positive", path.key("ficaDeduction").key("cap")) }
            if method.perPeriod != nil { error("ficaDeduction is for a method on the year's wages: a perPeriod method has none", path.key("ficaDeduction")) }
        }
        if let rounding = method.periodDeductions {
            let at = path.key("periodDeductions")
            if !StateWithholding.periodDeductionRoundings.contains(rounding) {
                error("periodDeductions '\(rounding)' must be one of \(StateWithholding.periodDeductionRoundings.joined(separator: ", "))", at)
            }
            for (key, present) in [("perPeriod", method.perPeriod != nil), ("standardDeductionPhaseOut", method.standardDeductionPhaseOut != nil),
                                   ("standardDeductionShare", method.standardDeductionShare != nil), ("byAllowances", method.byAllowances != nil),
                                   ("additionalAllowanceByWages", method.additionalAllowanceByWages != nil), ("allowanceWageLimit", method.allowanceWageLimit != nil)]
                where present {
                error("periodDeductions takes the deductions off the period's wages: not with \(key), which goes by the year's", at)
            }
        }
        if let floor = method.periodWageFloor {
            let at = path.key("periodWageFloor")
            if floor.amount < 0 { error("periodWageFloor.amount must not be negative", at.key("amount")) }
            if method.perPeriod != nil { error("periodWageFloor is for a method on the year's wages: a perPeriod method compares its own tables", at) }
            if floor.withAllowances == true, !method.certificate.contains("allowances") {
                error("periodWageFloor.withAllowances needs 'allowances' on the certificate", at.key("withAllowances"))
            }
        }
        if let credits = method.periodCredits {
            let at = path.key("periodCredits")
            if credits.byStatus == nil && credits.perAdditionalAllowance == nil { error("periodCredits gives no credit: give byStatus or perAdditionalAllowance", at) }
            for (status, amount) in (credits.byStatus ?? [:]).sorted(by: { $0.key < $1.key }) {
                if FilingStatus(rawValue: status) == nil {
                    error("'\(status)' is not a filing status; use \(FilingStatus.allCases.map(\.rawValue).joined(separator: ", "))", at.key("byStatus").key(status))
                }
                if amount < 0 { error("periodCredits.byStatus must not be negative", at.key("byStatus").key(status)) }
            }
            if let amount = credits.perAdditionalAllowance {
                if amount < 0 { error("periodCredits.perAdditionalAllowance must not be negative", at.key("perAdditionalAllowance")) }
                if !method.certificate.contains("additionalAllowances") {
                    error("periodCredits.perAdditionalAllowance needs 'additionalAllowances' on the certificate", at.key("perAdditionalAllowance"))
                }
                if method.additionalAllowance != nil {
                    error("periodCredits.perAdditionalAllowance and additionalAllowance: an additional allowance is a credit or a deduction, not both", at.key("perAdditionalAllowance"))
                }
            }
        }
    }

    /// `withholdingCodes` (each a name of 1 to 8 letters or digits, a filing status, on a certificate
    /// with `withholdingCode` and no `filingStatus`), `useLiability` (steps the state's liability
    /// has), and a phase-out's `stepsFrom`.
    func checkCodes(_ method: StateWithholding, _ state: StateData?, _ path: DataPath, _ error: (String, DataPath) -> Void) {
        let onCertificate = method.certificate.contains("withholdingCode")
        if let codes = method.withholdingCodes {
            let at = path.key("withholdingCodes")
            if codes.isEmpty { error("withholdingCodes must name at least one code", at) }
            for (name, code) in codes.sorted(by: { $0.key < $1.key }) {
                if name.isEmpty || name.count > 8 || !name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
                    error("'\(name)' is not a code of 1 to 8 letters or digits", at.key(name))
                }
                if FilingStatus(rawValue: code.status) == nil {
                    error("'\(code.status)' is not a filing status; use \(FilingStatus.allCases.map(\.rawValue).joined(separator: ", "))", at.key(name).key("status"))
                }
                if code.exemption == false, method.standardDeduction == nil { error("exemption false: the method has no standardDeduction to switch off", at.key(name).key("exemption")) }
                if code.credit == false, !(method.useLiability ?? []).contains("taxCredit") { error("credit false: the method uses no taxCredit to switch off", at.key(name).key("credit")) }
            }
            if !onCertificate { error("withholdingCodes need 'withholdingCode' on the certificate", at) }
            if method.certificate.contains("filingStatus") { error("withholdingCodes choose the status: not with 'filingStatus' on the certificate", at) }
            if method.perPeriod != nil { error("withholdingCodes are for a method on the year's wages", at) }
        } else if onCertificate {
            error("'withholdingCode' on the certificate needs withholdingCodes to choose from", path.key("certificate"))
        }
        if let steps = method.useLiability {
            let at = path.key("useLiability")
            if steps.isEmpty { error("useLiability must name at least one step", at) }
            for (i, step) in steps.enumerated() {
                if !StateWithholding.liabilitySteps.contains(step) {
                    error("'\(step)' is not a liability step a method can use; use \(StateWithholding.liabilitySteps.joined(separator: ", "))", at.index(i))
                } else if step == "taxAddBacks" && (state?.taxAddBacks ?? []).isEmpty || step == "taxCredit" && state?.taxCredit == nil {
                    error("useLiability '\(step)': the state's liability has none", at.index(i))
                }
            }
            // The credit's share is the last step before the periods: nothing may come off or be added after it.
            for (key, present) in [("perPeriod", method.perPeriod != nil), ("annualTaxRounding", method.annualTaxRounding != nil),
                                   ("periodCredits", method.periodCredits != nil), ("rounding", method.rounding != nil && method.rounding != "cent"),
                                   ("lowWageAddition", method.lowWageAddition != nil), ("creditPerAllowance", method.creditPerAllowance != nil),
                                   ("'creditAmount' on the certificate", method.certificate.contains("creditAmount")), ("localBase", method.localBase != nil)] where present {
                error("useLiability: not with \(key)", at)
            }
        }
        if let phaseOut = method.standardDeductionPhaseOut {
            let at = path.key("standardDeductionPhaseOut")
            if let from = phaseOut.stepsFrom {
                if !["start", "over"].contains(from) { error("stepsFrom '\(from)' must be start or over", at.key("stepsFrom")) }
                if phaseOut.step == nil { error("stepsFrom counts steps: it needs step", at.key("stepsFrom")) }
            }
        }
    }

    /// `noCertificate`: a certificate the state's own could be (its fields on it, a status, a count
    /// within `maxAllowances`, a table of `rateTables`), or a flat rate alone.
    func checkNoCertificate(_ method: StateWithholding, _ path: DataPath, _ error: (String, DataPath) -> Void) {
        guard let fallback = method.noCertificate else { return }
        let at = path.key("noCertificate")
        let fields: [(String, Bool)] = [("filingStatus", fallback.filingStatus != nil), ("allowances", fallback.allowances != nil), ("rateTable", fallback.rateTable != nil)]
        if fallback.rate == nil, !fields.contains(where: \.1) {
            error("noCertificate says nothing: give the certificate's filingStatus, allowances or rateTable, or a flat rate", at)
        }
        if let rate = fallback.rate {
            if rate <= 0 { error("noCertificate.rate must be above 0", at.key("rate")) }
            for (field, given) in fields where given {
                error("noCertificate.rate replaces the method: not with \(field)", at.key(field))
            }
        }
        for (field, given) in fields where given && !method.certificate.contains(field) {
            error("noCertificate.\(field) is not a field of the state's certificate (\(method.certificate.joined(separator: ", ")))", at.key(field))
        }
        if let status = fallback.filingStatus, FilingStatus(rawValue: status) == nil {
            error("'\(status)' is not a filing status; use \(FilingStatus.allCases.map(\.rawValue).joined(separator: ", "))", at.key("filingStatus"))
        }
        if let count = fallback.allowances {
            if count < 0 { error("noCertificate.allowances must not be negative", at.key("allowances")) }
            if let most = method.maxAllowances, count > most { error("noCertificate.allowances \(count) is more than maxAllowances \(most)", at.key("allowances")) }
        }
        if let name = fallback.rateTable, let tables = method.rateTables, tables[name] == nil {
            error("'\(name)' is not one of rateTables (\(tables.keys.sorted().joined(separator: ", ")))", at.key("rateTable"))
        }
    }

    /// A printed per-period schedule: from 0 with no base tax, rows that meet, the last open; the
    /// yearly schedule's rows and rates; each floor and base within a dollar of the yearly one's
    /// share (a state rounds them, so a figure further off is a misprint or a typo).
    func check(printed rows: [Bracket], yearly: [Bracket], periods: Decimal, _ path: DataPath, _ error: (String, DataPath) -> Void) {
        guard let first = rows.first else { return error("the schedule has no rows", path) }
        if first.floor != 0 || first.baseTax != 0 { error("the first row must start at 0 with no base tax", path.index(0)) }
        if rows.count != yearly.count { error("\(rows.count) rows where the yearly brackets have \(yearly.count)", path) }
        for (i, row) in rows.enumerated() {
            let at = path.index(i)
            if i + 1 < rows.count {
                if row.ceiling != rows[i + 1].floor { error("the rows do not meet: the next starts at \(Money.text(rows[i + 1].floor))", at.key("ceiling")) }
            } else if row.ceiling != nil {
                error("the last row is open: ceiling null", at.key("ceiling"))
            }
            guard i < yearly.count else { continue }
            if row.rate != yearly[i].rate { error("rate \(Money.text(row.rate)) is not the yearly brackets' \(Money.text(yearly[i].rate))", at.key("rate")) }
            for (key, value, whole) in [("floor", row.floor, yearly[i].floor), ("baseTax", row.baseTax, yearly[i].baseTax)] {
                let share = Money.roundedToCent(whole / periods)
                if abs(value - share) > 1 {
                    error("\(key) \(Money.text(value)) is more than a dollar from the yearly \(Money.text(whole))'s share (\(Money.text(share)))", at.key(key))
                }
            }
        }
    }
}
