import Foundation
import TaxDataCore
import Yams

extension YAMLDocument {
    /// `withholding:` in `states/XX.yaml` (schema 1.14): the state's annualized percentage formula.
    ///
    /// ```yaml
    /// withholding:
    ///   certificate: [allowances, additionalAllowances, extraWithholding, exempt]
    ///   allowance: 2925
    ///   additionalAllowance: 1000
    ///   rate: 0.0495
    ///   provenance: corroborated
    ///   sources: [...]
    /// ```
    func stateWithholding(_ node: Node, _ path: DataPath) -> StateWithholding? {
        guard var m = mapping(node, path) else { return nil }
        let midYearNode = m.optional("midYear")
        let midYear = midYearNode.flatMap { list($0, path.key("midYear")) { node, at in self.withholdingChange(node, at) } }
        let method = withholdingMethod(&m, path)
        m.finish()
        guard var method, midYearNode == nil || midYear != nil else { return nil }
        method.midYear = midYear
        return method
    }

    /// One of `midYear`: `from`, `appliesBy` and a whole method.
    ///
    /// ```yaml
    ///   midYear:
    ///     - from: 2026-05-11
    ///       appliesBy: payDate
    ///       certificate: [...]
    ///       rate: 0.0499
    ///       provenance: corroborated
    ///       sources: [...]
    /// ```
    private func withholdingChange(_ node: Node, _ path: DataPath) -> StateWithholding.Change? {
        guard var m = mapping(node, path) else { return nil }
        let from = m.required("from").flatMap { string($0, path.key("from")) }
        let appliesBy = m.required("appliesBy").flatMap { string($0, path.key("appliesBy")) }
        let method = withholdingMethod(&m, path)
        m.finish()
        guard let from, let appliesBy, let method else { return nil }
        return .init(from: from, appliesBy: appliesBy, method: method)
    }

    /// The keys of one method, read from `m` (the caller finishes it).
    private func withholdingMethod(_ m: inout MappingReader, _ path: DataPath) -> StateWithholding? {
        let certificate = m.required("certificate").flatMap { list($0, path.key("certificate"), string) }
        let deductionNode = m.optional("standardDeduction")
        let deduction = deductionNode.flatMap { amountTable($0, path.key("standardDeduction")) }
        let allowanceNode = m.optional("allowance")
        let allowance = allowanceNode.flatMap { decimal($0, path.key("allowance")) }
        let additionalNode = m.optional("additionalAllowance")
        let additional = additionalNode.flatMap { decimal($0, path.key("additionalAllowance")) }
        let rateNode = m.optional("rate")
        let rate = rateNode.flatMap { self.rate($0, path.key("rate")) }
        let bracketsNode = m.optional("brackets")
        let brackets = bracketsNode.flatMap { scheduleTable($0, path.key("brackets")) }
        let rateTablesNode = m.optional("rateTables")
        let rateTables = rateTablesNode.flatMap { namedSchedules($0, path.key("rateTables")) }
        let statusTableNode = m.optional("statusRateTable")
        let byStatus = statusTableNode.flatMap { self.statusTable($0, path.key("statusRateTable")) { self.string($0, $1) } }
        let creditNode = m.optional("creditPerAllowance")
        let credit = creditNode.flatMap { decimal($0, path.key("creditPerAllowance")) }
        let electedNode = m.optional("electedRates")
        let elected = electedNode.flatMap { list($0, path.key("electedRates"), self.rate) }
        let federalNode = m.optional("federalFilingStatus")
        let federal = federalNode.flatMap { bool($0, path.key("federalFilingStatus")) }
        let phaseOutNode = m.optional("standardDeductionPhaseOut")
        let phaseOut = phaseOutNode.flatMap { node -> StateWithholding.DeductionPhaseOut? in
            let p = path.key("standardDeductionPhaseOut")
            guard var inner = mapping(node, p) else { return nil }
            let start = inner.required("start").flatMap { amountTable($0, p.key("start")) }
            let rate = inner.required("rate").flatMap { statusTable($0, p.key("rate")) { self.rate($0, $1) } }
            let stepNode = inner.optional("step")
            let step = stepNode.flatMap { amountTable($0, p.key("step")) }
            let minimumNode = inner.optional("minimum")
            let minimum = minimumNode.flatMap { amountTable($0, p.key("minimum")) }
            let roundingNode = inner.optional("rounding")
            let rounding = roundingNode.flatMap { string($0, p.key("rounding")) }
            let fromNode = inner.optional("stepsFrom")
            let from = fromNode.flatMap { string($0, p.key("stepsFrom")) }
            inner.finish()
            guard let start, let rate, stepNode == nil || step != nil, minimumNode == nil || minimum != nil, roundingNode == nil || rounding != nil,
                  fromNode == nil || from != nil else { return nil }
            return .init(start: start, rate: rate, step: step, minimum: minimum, rounding: rounding, stepsFrom: from)
        }
        let limitNode = m.optional("allowanceWageLimit")
        let limit = limitNode.flatMap { decimal($0, path.key("allowanceWageLimit")) }
        let personalNode = m.optional("personalAllowance")
        let personal = personalNode.flatMap { node -> StateWithholding.PersonalAllowance? in
            let p = path.key("personalAllowance")
            guard var inner = mapping(node, p) else { return nil }
            let count = inner.required("count").flatMap { statusTable($0, p.key("count")) { self.integer($0, $1) } }
            let amount = inner.required("amount").flatMap { amountTable($0, p.key("amount")) }
            inner.finish()
            guard let count, let amount else { return nil }
            return .init(count: count, amount: amount)
        }
        let perPeriodNode = m.optional("perPeriod")
        let perPeriod = perPeriodNode.flatMap { node -> StateWithholding.PerPeriod? in
            let p = path.key("perPeriod")
            guard var inner = mapping(node, p) else { return nil }
            let floors = inner.required("floors").flatMap { string($0, p.key("floors")) }
            let dailyNode = inner.optional("dailyFloors")
            let daily = dailyNode.flatMap { string($0, p.key("dailyFloors")) }
            let totalsNode = inner.optional("allowanceTotals")
            let totals = totalsNode.flatMap { bool($0, p.key("allowanceTotals")) }
            let rowsNode = inner.optional("rows")
            let rows = rowsNode.flatMap { string($0, p.key("rows")) }
            let basesNode = inner.optional("bases")
            let bases = basesNode.flatMap { string($0, p.key("bases")) }
            let deductionsNode = inner.optional("deductions")
            let deductions = deductionsNode.flatMap { node -> [String: StateWithholding.PeriodDeductions]? in
                let d = p.key("deductions")
                guard let frequencies = mapping(node, d) else { return nil }
                var table: [String: StateWithholding.PeriodDeductions] = [:], ok = true
                for (frequency, _, value) in frequencies.pairs {
                    let f = d.key(frequency)
                    guard var item = mapping(value, f) else { ok = false; continue }
                    let standardNode = item.optional("standardDeduction")
                    let standard = standardNode.flatMap { amountTable($0, f.key("standardDeduction")) }
                    let allowanceNode = item.optional("allowance")
                    let allowance = allowanceNode.flatMap { decimal($0, f.key("allowance")) }
                    item.finish()
                    guard standardNode == nil || standard != nil, allowanceNode == nil || allowance != nil else { ok = false; continue }
                    table[frequency] = .init(standardDeduction: standard, allowance: allowance)
                }
                return ok ? table : nil
            }
            let tablesNode = inner.optional("tables")
            let tables = tablesNode.flatMap { node -> [String: StatusTable<[Bracket]>]? in
                let t = p.key("tables")
                guard let frequencies = mapping(node, t) else { return nil }
                var table: [String: StatusTable<[Bracket]>] = [:], ok = true
                for (frequency, _, value) in frequencies.pairs {
                    guard let schedules = scheduleTable(value, t.key(frequency)) else { ok = false; continue }
                    table[frequency] = schedules
                }
                return ok ? table : nil
            }
            let namedNode = inner.optional("rateTables")
            let named = namedNode.flatMap { node -> [String: [String: [Bracket]]]? in
                let t = p.key("rateTables")
                guard let frequencies = mapping(node, t) else { return nil }
                var table: [String: [String: [Bracket]]] = [:], ok = true
                for (frequency, _, value) in frequencies.pairs {
                    guard let schedules = namedSchedules(value, t.key(frequency)) else { ok = false; continue }
                    table[frequency] = schedules
                }
                return ok ? table : nil
            }
            inner.finish()
            guard let floors, dailyNode == nil || daily != nil, totalsNode == nil || totals != nil, rowsNode == nil || rows != nil,
                  deductionsNode == nil || deductions != nil, basesNode == nil || bases != nil, tablesNode == nil || tables != nil,
                  namedNode == nil || named != nil else { return nil }
            return .init(floors: floors, dailyFloors: daily, allowanceTotals: totals, rows: rows, deductions: deductions, bases: bases, tables: tables,
                         rateTables: named)
        }
        let flatNode = m.optional("flatRateAbove")
        let flat = flatNode.flatMap { node -> StateWithholding.FlatRateAbove? in
            let p = path.key("flatRateAbove")
            guard var inner = mapping(node, p) else { return nil }
            let threshold = inner.required("threshold").flatMap { amountTable($0, p.key("threshold")) }
            let tiers = inner.required("tiers").flatMap { list($0, p.key("tiers")) { node, at -> StateWithholding.FlatRateAbove.Tier? in
                guard var tier = self.mapping(node, at) else { return nil }
                let atLeast = tier.required("atLeast").flatMap { self.decimal($0, at.key("atLeast")) }
                let rate = tier.required("rate").flatMap { self.rate($0, at.key("rate")) }
                tier.finish()
                guard let atLeast, let rate else { return nil }
                return .init(atLeast: atLeast, rate: rate)
            } }
            inner.finish()
            guard let threshold, let tiers else { return nil }
            return .init(threshold: threshold, tiers: tiers)
        }
        let defaultNode = m.optional("exemptionAmountDefault")
        let exemptionDefault = defaultNode.flatMap { amountTable($0, path.key("exemptionAmountDefault")) }
        let shareNode = m.optional("standardDeductionShare")
        let share = shareNode.flatMap { node -> StateWithholding.DeductionShare? in
            let p = path.key("standardDeductionShare")
            guard var inner = mapping(node, p) else { return nil }
            let rate = inner.required("rate").flatMap { self.rate($0, p.key("rate")) }
            let max = inner.required("max").flatMap { decimal($0, p.key("max")) }
            let minimum = inner.required("minAllowances").flatMap { integer($0, p.key("minAllowances")) }
            let leastNode = inner.optional("min")
            let least = leastNode.flatMap { decimal($0, p.key("min")) }
            inner.finish()
            guard let rate, let max, let minimum, leastNode == nil || least != nil else { return nil }
            return .init(rate: rate, max: max, minAllowances: minimum, min: least)
        }
        let phaseNode = m.optional("creditPhaseOut")
        let creditPhaseOut = phaseNode.flatMap { node -> StateWithholding.CreditPhaseOut? in
            let p = path.key("creditPhaseOut")
            guard var inner = mapping(node, p) else { return nil }
            let amount = inner.required("amount").flatMap { amountTable($0, p.key("amount")) }
            let start = inner.required("start").flatMap { amountTable($0, p.key("start")) }
            let rate = inner.required("rate").flatMap { self.rate($0, p.key("rate")) }
            inner.finish()
            guard let amount, let start, let rate else { return nil }
            return .init(amount: amount, start: start, rate: rate)
        }
        let floorNode = m.optional("wageFloor")
        let wageFloor = floorNode.flatMap { amountTable($0, path.key("wageFloor")) }
        let columnsNode = m.optional("byAllowances")
        let columns = columnsNode.flatMap { node -> [String: StateWithholding.AllowanceColumn]? in
            let p = path.key("byAllowances")
            guard let statuses = mapping(node, p) else { return nil }
            var table: [String: StateWithholding.AllowanceColumn] = [:], ok = true
            for (status, _, value) in statuses.pairs {
                let at = p.key(status)
                guard var item = mapping(value, at) else { ok = false; continue }
                let atLeast = item.required("atLeast").flatMap { integer($0, at.key("atLeast")) }
                let countingNode = item.optional("counting")
                let counting = countingNode.flatMap { string($0, at.key("counting")) }
                let deductionNode = item.optional("standardDeduction")
                let deduction = deductionNode.flatMap { decimal($0, at.key("standardDeduction")) }
                let floorNode = item.optional("wageFloor")
                let floor = floorNode.flatMap { decimal($0, at.key("wageFloor")) }
                let bracketsNode = item.optional("brackets")
                let brackets = bracketsNode.flatMap { string($0, at.key("brackets")) }
                item.finish()
                guard let atLeast, countingNode == nil || counting != nil, deductionNode == nil || deduction != nil, floorNode == nil || floor != nil,
                      bracketsNode == nil || brackets != nil else {
                    ok = false
                    continue
                }
                table[status] = .init(atLeast: atLeast, counting: counting, standardDeduction: deduction, wageFloor: floor, brackets: brackets)
            }
            return ok ? table : nil
        }
        let federalDeductionNode = m.optional("federalWithholdingDeduction")
        let federalDeduction = federalDeductionNode.flatMap { bool($0, path.key("federalWithholdingDeduction")) }
        let tiersNode = m.optional("additionalAllowanceByWages")
        let tiers = tiersNode.flatMap { list($0, path.key("additionalAllowanceByWages")) { node, at -> StateWithholding.WageTier? in
            guard var tier = self.mapping(node, at) else { return nil }
            let throughNode = tier.required("through")
            let through = throughNode.flatMap { self.isNull($0) ? nil : self.decimal($0, at.key("through")) }
            let amount = tier.required("amount").flatMap { self.decimal($0, at.key("amount")) }
            tier.finish()
            guard let throughNode, self.isNull(throughNode) || through != nil, let amount else { return nil }
            return .init(through: through, amount: amount)
        } }
        let maxNode = m.optional("maxAllowances")
        let maxAllowances = maxNode.flatMap { integer($0, path.key("maxAllowances")) }
        let ficaNode = m.optional("ficaDeduction")
        let fica = ficaNode.flatMap { node -> StateWithholding.FicaDeduction? in
            let p = path.key("ficaDeduction")
            guard var inner = mapping(node, p) else { return nil }
            let cap = inner.required("cap").flatMap { decimal($0, p.key("cap")) }
            inner.finish()
            return cap.map { .init(cap: $0) }
        }
        let periodDeductionsNode = m.optional("periodDeductions")
        let periodDeductions = periodDeductionsNode.flatMap { string($0, path.key("periodDeductions")) }
        let periodFloorNode = m.optional("periodWageFloor")
        let periodFloor = periodFloorNode.flatMap { node -> StateWithholding.PeriodWageFloor? in
            let p = path.key("periodWageFloor")
            guard var inner = mapping(node, p) else { return nil }
            let amount = inner.required("amount").flatMap { decimal($0, p.key("amount")) }
            let withNode = inner.optional("withAllowances")
            let with = withNode.flatMap { bool($0, p.key("withAllowances")) }
            inner.finish()
            guard let amount, withNode == nil || with != nil else { return nil }
            return .init(amount: amount, withAllowances: with)
        }
        let periodCreditsNode = m.optional("periodCredits")
        let periodCredits = periodCreditsNode.flatMap { node -> StateWithholding.PeriodCredits? in
            let p = path.key("periodCredits")
            guard var inner = mapping(node, p) else { return nil }
            let byStatusNode = inner.optional("byStatus")
            let byStatus = byStatusNode.flatMap { node -> [String: Decimal]? in
                guard let statuses = mapping(node, p.key("byStatus")) else { return nil }
                var table: [String: Decimal] = [:], ok = true
                for (status, _, value) in statuses.pairs {
                    guard let amount = decimal(value, p.key("byStatus").key(status)) else { ok = false; continue }
                    table[status] = amount
                }
                return ok ? table : nil
            }
            let perNode = inner.optional("perAdditionalAllowance")
            let per = perNode.flatMap { decimal($0, p.key("perAdditionalAllowance")) }
            inner.finish()
            guard byStatusNode == nil || byStatus != nil, perNode == nil || per != nil else { return nil }
            return .init(byStatus: byStatus, perAdditionalAllowance: per)
        }
        let capNode = m.optional("federalWithholdingCap")
        let cap = capNode.flatMap { node in
            statusTable(node, path.key("federalWithholdingCap")) { node, at in
                self.list(node, at) { node, at -> StateWithholding.CapTier? in
                    guard var tier = self.mapping(node, at) else { return nil }
                    let atLeast = tier.required("atLeast").flatMap { self.decimal($0, at.key("atLeast")) }
                    let amount = tier.required("amount").flatMap { self.decimal($0, at.key("amount")) }
                    tier.finish()
                    guard let atLeast, let amount else { return nil }
                    return .init(atLeast: atLeast, amount: amount)
                }
            }
        }
        let limitsNode = m.optional("allowanceWageLimitByStatus")
        let limits = limitsNode.flatMap { amountTable($0, path.key("allowanceWageLimitByStatus")) }
        let additionNode = m.optional("lowWageAddition")
        let addition = additionNode.flatMap { node -> StateWithholding.LowWageAddition? in
            let p = path.key("lowWageAddition")
            guard var inner = mapping(node, p) else { return nil }
            let below = inner.required("below").flatMap { decimal($0, p.key("below")) }
            let amount = inner.required("amount").flatMap { decimal($0, p.key("amount")) }
            inner.finish()
            guard let below, let amount else { return nil }
            return .init(below: below, amount: amount)
        }
        let lookupNode = m.optional("taxableLookup")
        let lookup = lookupNode.flatMap { node -> StateWithholding.TaxableLookup? in
            let p = path.key("taxableLookup")
            guard var inner = mapping(node, p) else { return nil }
            let step = inner.required("step").flatMap { decimal($0, p.key("step")) }
            let add = inner.required("add").flatMap { decimal($0, p.key("add")) }
            let below = inner.required("below").flatMap { decimal($0, p.key("below")) }
            inner.finish()
            guard let step, let add, let below else { return nil }
            return .init(step: step, add: add, below: below)
        }
        let noCertificateNode = m.optional("noCertificate")
        let noCertificate = noCertificateNode.flatMap { node -> StateWithholding.NoCertificate? in
            let p = path.key("noCertificate")
            guard var inner = mapping(node, p) else { return nil }
            let statusNode = inner.optional("filingStatus")
            let status = statusNode.flatMap { string($0, p.key("filingStatus")) }
            let countNode = inner.optional("allowances")
            let count = countNode.flatMap { integer($0, p.key("allowances")) }
            let tableNode = inner.optional("rateTable")
            let table = tableNode.flatMap { string($0, p.key("rateTable")) }
            let flatNode = inner.optional("rate")
            let flat = flatNode.flatMap { self.rate($0, p.key("rate")) }
            inner.finish()
            guard statusNode == nil || status != nil, countNode == nil || count != nil, tableNode == nil || table != nil, flatNode == nil || flat != nil else { return nil }
            return .init(filingStatus: status, allowances: count, rateTable: table, rate: flat)
        }
        let localNode = m.optional("localBase")
        let local = localNode.flatMap { string($0, path.key("localBase")) }
        let codesNode = m.optional("withholdingCodes")
        let codes = codesNode.flatMap { node -> [String: StateWithholding.WithholdingCode]? in
            let p = path.key("withholdingCodes")
            guard let names = mapping(node, p) else { return nil }
            var table: [String: StateWithholding.WithholdingCode] = [:], ok = true
            for (name, _, value) in names.pairs {
                let at = p.key(name)
                guard var inner = mapping(value, at) else { ok = false; continue }
                let status = inner.required("status").flatMap { string($0, at.key("status")) }
                let exemptionNode = inner.optional("exemption")
                let exemption = exemptionNode.flatMap { bool($0, at.key("exemption")) }
                let creditNode = inner.optional("credit")
                let credit = creditNode.flatMap { bool($0, at.key("credit")) }
                inner.finish()
                guard let status, exemptionNode == nil || exemption != nil, creditNode == nil || credit != nil else { ok = false; continue }
                table[name] = .init(status: status, exemption: exemption, credit: credit)
            }
            return ok ? table : nil
        }
        let liabilityNode = m.optional("useLiability")
        let liability = liabilityNode.flatMap { list($0, path.key("useLiability"), string) }
        let annualRoundingNode = m.optional("annualTaxRounding")
        let annualRounding = annualRoundingNode.flatMap { string($0, path.key("annualTaxRounding")) }
        let tableRatesNode = m.optional("localTableRates")
        let tableRates = tableRatesNode.flatMap { list($0, path.key("localTableRates"), self.rate) }
        let dailyNode = m.optional("dailyPeriods")
        let daily = dailyNode.flatMap { integer($0, path.key("dailyPeriods")) }
        let roundingNode = m.optional("rounding")
        let rounding = roundingNode.flatMap { string($0, path.key("rounding")) }
        let grade = m.required("provenance").flatMap { choice($0, path.key("provenance"), Provenance.self) }
        let pendingNode = m.optional("pending")
        let pending = pendingNode.flatMap { string($0, path.key("pending")) }
        let sources = m.required("sources").flatMap { citations($0, path.key("sources")) }
        guard let certificate, deductionNode == nil || deduction != nil, allowanceNode == nil || allowance != nil,
              additionalNode == nil || additional != nil, rateNode == nil || rate != nil, bracketsNode == nil || brackets != nil,
              rateTablesNode == nil || rateTables != nil, statusTableNode == nil || byStatus != nil,
              creditNode == nil || credit != nil, electedNode == nil || elected != nil, federalNode == nil || federal != nil,
              phaseOutNode == nil || phaseOut != nil, limitNode == nil || limit != nil, personalNode == nil || personal != nil,
              perPeriodNode == nil || perPeriod != nil, flatNode == nil || flat != nil, defaultNode == nil || exemptionDefault != nil,
              shareNode == nil || share != nil, phaseNode == nil || creditPhaseOut != nil,
              floorNode == nil || wageFloor != nil, columnsNode == nil || columns != nil,
              federalDeductionNode == nil || federalDeduction != nil, tiersNode == nil || tiers != nil, maxNode == nil || maxAllowances != nil,
              ficaNode == nil || fica != nil, periodDeductionsNode == nil || periodDeductions != nil, periodFloorNode == nil || periodFloor != nil,
              periodCreditsNode == nil || periodCredits != nil, capNode == nil || cap != nil, limitsNode == nil || limits != nil,
              additionNode == nil || addition != nil, lookupNode == nil || lookup != nil, noCertificateNode == nil || noCertificate != nil, localNode == nil || local != nil, tableRatesNode == nil || tableRates != nil, annualRoundingNode == nil || annualRounding != nil,
              codesNode == nil || codes != nil, liabilityNode == nil || liability != nil, dailyNode == nil || daily != nil, roundingNode == nil || rounding != nil,
              let grade, pendingNode == nil || pending != nil, let sources else { return nil }
        return StateWithholding(certificate: certificate, standardDeduction: deduction, allowance: allowance, additionalAllowance: additional,
                                rate: rate, brackets: brackets, rateTables: rateTables, statusRateTable: byStatus, creditPerAllowance: credit, electedRates: elected, federalFilingStatus: federal,
                                standardDeductionPhaseOut: phaseOut, allowanceWageLimit: limit, personalAllowance: personal, perPeriod: perPeriod,
                                flatRateAbove: flat, exemptionAmountDefault: exemptionDefault, standardDeductionShare: share, creditPhaseOut: creditPhaseOut, wageFloor: wageFloor, byAllowances: columns, federalWithholdingDeduction: federalDeduction,
                                additionalAllowanceByWages: tiers, maxAllowances: maxAllowances,
                                ficaDeduction: fica, periodDeductions: periodDeductions, periodWageFloor: periodFloor, periodCredits: periodCredits,
                                federalWithholdingCap: cap, allowanceWageLimitByStatus: limits, lowWageAddition: addition, noCertificate: noCertificate, localBase: local, localTableRates: tableRates, annualTaxRounding: annualRounding, taxableLookup: lookup, withholdingCodes: codes, useLiability: liability, dailyPeriods: daily, rounding: rounding,
                                provenance: grade, pending: pending, sources: sources)
    }

    /// Schedules by name (`rateTables`: `A: [rows…]`, …).
    private func namedSchedules(_ node: Node, _ path: DataPath) -> [String: [Bracket]]? {
        guard let names = mapping(node, path) else { return nil }
        var table: [String: [Bracket]] = [:], ok = true
        for (name, _, value) in names.pairs {
            guard let rows = schedule(value, path.key(name)) else { ok = false; continue }
            table[name] = rows
        }
        return ok ? table : nil
    }
}
