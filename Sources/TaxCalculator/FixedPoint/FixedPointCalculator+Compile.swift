import Foundation
import TaxDataCore

/// The year compiler of `FixedPointCalculator`: a year's figures, turned once into the integer
/// tables a calculation reads (cents, rates in millionths), each figure checked representable.
extension FixedPointCalculator {
    /// Compiles a year's data. Throws if a figure cannot be represented exactly (money with more
    /// than 2 decimal places, a rate with more than 6), naming it.
    public init(data: TaxYearData) throws {
        taxYear = data.meta.taxYear
        let year = data.meta.taxYear
        func cents(_ value: Decimal, _ what: @autoclosure () -> String) throws -> Int64 {
            try FixedPoint.requireCents(value, "\(year) \(what())")
        }
        func rate(_ value: Decimal, _ what: @autoclosure () -> String) throws -> Int64 {
            guard let rate = FixedPoint.rate(value) else { throw CalculationError.dataUnusable("\(year) \(what()): rate \(Money.text(value)) has more than 6 decimal places") }
            return rate
        }
        func share(_ value: Decimal, _ what: @autoclosure () -> String) throws -> Int64 {
            guard let share = FixedPoint.share(value) else { throw CalculationError.dataUnusable("\(year) \(what()): share \(Money.text(value)) has more than 6 decimal places or exceeds 2") }
            return share
        }
        func schedule(_ brackets: [Bracket]?, _ what: String) throws -> FixedSchedule {
            FixedSchedule(brackets: try (brackets ?? []).enumerated().map { index, bracket in
                let base = try cents(bracket.baseTax, "\(what) bracket \(index + 1) baseTax")
                return FixedBracket(floor: try cents(bracket.floor, "\(what) bracket \(index + 1) floor"),
                                    rate: try rate(bracket.rate, "\(what) bracket \(index + 1)"),
                                    baseUnits: base * FixedPoint.unitsPerCent)
            })
        }
        let statuses = FilingStatus.allCases
        if let status = statuses.first(where: { data.federal.brackets[$0] == nil }) {
            throw CalculationError.dataUnusable("\(year) has no federal brackets for \(status.rawValue)")
        }
        federal = try statuses.map { try schedule(data.federal.brackets[$0], "federal \($0.rawValue)") }
        federalDeduction = try statuses.map { try cents(data.federal.standardDeduction[$0] ?? 0, "federal standard deduction") }
        childCredit = try data.federal.childTaxCredit.map { ctc in
            (perChild: try cents(ctc.perChild, "child tax credit"), perOther: try cents(ctc.perOtherDependent, "credit for other dependents"),
             start: try statuses.map { try cents(ctc.phaseOutStart[$0] ?? 0, "child tax credit phase-out start") },
             step: try cents(ctc.phaseOutStep, "child tax credit phase-out step"), amount: try cents(ctc.phaseOutAmount, "child tax credit phase-out amount"))
        }
        refundableChildCredit = try data.federal.childTaxCredit?.refundable.map { part in
            (perChild: try cents(part.perChild, "refundable child tax credit"), rate: try rate(part.rate, "refundable child tax credit rate"),
             threshold: try cents(part.earnedThreshold, "refundable child tax credit earned income threshold"))
        }
        // All four schedules or none (the rule `federal.earned-income-credit` requires all four).
        let eitc = try (0...EarnedIncomeCreditSchedule.mostChildren).map { children in
            try data.federal.earnedIncomeCredit?.first(where: { $0.children == children }).map { schedule in
                FixedEarnedIncomeCredit(phaseInRate: try rate(schedule.phaseInRate, "earned income credit phase-in rate"),
                                        maximum: try cents(schedule.maximum, "earned income credit maximum"),
                                        phaseOutRate: try rate(schedule.phaseOutRate, "earned income credit phase-out rate"),
                                        start: try statuses.map { try cents(schedule.phaseOutStart[$0] ?? 0, "earned income credit phase-out start") })
            }
        }
        earnedIncomeCredit = eitc.contains { $0 == nil } ? [] : eitc.compactMap { $0 }
        let fica = data.fica
        medicareThreshold = try statuses.map { try cents(fica.medicare.thresholds[$0] ?? 200_000, "Additional Medicare threshold") }
        socialSecurityRate = try rate(fica.socialSecurity.rate, "Social Security")
        wageBase = try cents(fica.socialSecurity.wageBase, "Social Security wage base")
        medicareRate = try rate(fica.medicare.rate, "Medicare")
        additionalMedicareRate = try rate(fica.medicare.additionalRate, "Additional Medicare")
        // The caps change only at a few ages; convert each distinct set once.
        var table: [FixedCaps] = [], previous: (PreTaxCaps, FixedCaps)?
        for age in 0...Self.maxAge {
            let caps = PreTaxCaps(limits: data.retirement, age: age == 0 ? nil : age)
            if let previous, previous.0 == caps { table.append(previous.1); continue }
            let fixed = FixedCaps(elective: try cents(caps.elective401k403b, "401(k) limit"), plan457b: try cents(caps.plan457b, "457(b) limit"),
                                  hsaFamily: try cents(caps.hsaFamily, "HSA limit"), hsaSelf: try cents(caps.hsaSelf, "HSA limit"))
            table.append(fixed)
            previous = (caps, fixed)
        }
        caps = table
        let sorted = data.states.sorted { $0.key < $1.key }
        codes = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1.key, $0) })
        states = try sorted.map { code, state in
            func table(_ values: StatusTable<Decimal>?, _ what: String) throws -> [Int64] {
                try statuses.map { try cents(values?[$0] ?? 0, "\(code) \(what)") }
            }
            func rates(_ one: Decimal?, _ perStatus: StatusTable<Decimal>?, _ what: String) throws -> [Int64] {
                try statuses.map { try rate(perStatus?[$0] ?? one ?? 0, "\(code) \(what)") }
            }
            func step(_ step: PhaseOut.Step?, _ what: String) throws -> FixedStep? {
                try step.map { FixedStep(size: try table($0.size, "\(what) step"), up: $0.round == .up) }
            }
            func rows(_ rows: StatusTable<[PhaseOut.Row]>?, _ what: String) throws -> [[FixedRow]] {
                try statuses.map { status in
                    try (rows?[status] ?? []).map { row in
                        FixedRow(over: try cents(row.over, "\(code) \(what) row"),
                                 amount: try row.amount.map { try cents($0, "\(code) \(what) row amount") },
                                 share: try row.share.map { try rate($0, "\(code) \(what) row share") },
                                 inclusive: row.inclusive == true)
                    }
                }
            }
            let phaseOuts = try state.allPhaseOuts.map { phaseOut in
                FixedPhaseOut(part: phaseOut.part, method: phaseOut.method, start: try table(phaseOut.start, "phase-out start"),
                              rate: try rates(phaseOut.rate, phaseOut.rates, "phase-out rate"), step: try step(phaseOut.step, "phase-out"),
                              minimum: try phaseOut.minimum.map { try table($0, "phase-out minimum") },
                              range: try table(phaseOut.range, "phase-out range"), table: try rows(phaseOut.table, "phase-out table"))
            }
            let addBacks = try (state.taxAddBacks ?? []).map { addBack in
                FixedAddBack(start: try table(addBack.start, "add-back start"), rate: try rates(addBack.rate, addBack.rates, "add-back rate"),
                             step: try step(addBack.step, "add-back"), maximum: try table(addBack.maximum, "add-back maximum"))
            }
            let percent = try state.standardDeductionPercent.map { rule in
                FixedPercentDeduction(rate: try rate(rule.rate, "\(code) standard deduction rate"),
                                      minimum: try table(rule.minimum, "standard deduction minimum"),
                                      maximum: try table(rule.maximum, "standard deduction maximum"))
            }
            func paidDeduction(_ rule: PaidTaxDeduction?, _ what: String) throws -> FixedPaidDeduction? {
                try rule.map { rule in
                    FixedPaidDeduction(cap: try statuses.map { try rule.cap?[$0].map { try cents($0, "\(code) \(what) cap") } ?? Int64.max },
                                       shares: try rule.shares.map { try rows($0, "\(what) shares") }, itemized: rule.itemized == true,
                                       lessEarnedIncomeCredit: rule.lessRefundable?.contains(.earnedIncomeCredit) == true,
                                       lessAdditionalChildCredit: rule.lessRefundable?.contains(.additionalChildTaxCredit) == true)
                }
            }
            let sdi = try state.sdi.map { sdi in
                FixedSDI(rate: try rate(sdi.rate, "\(code) SDI"),
                         wageBase: try sdi.wageBase.map { try cents($0, "\(code) SDI wage base") },
                         maxAnnualUnits: try sdi.maxWeekly.map { try cents($0 * 52, "\(code) SDI weekly maximum") * FixedPoint.unitsPerCent })
            }
            let mentalHealth = try state.mentalHealthTax.map {
                (threshold: try cents($0.threshold, "\(code) mental health threshold"), rate: try rate($0.rate, "\(code) mental health"))
            }
            var fixed = FixedStateFields(type: state.type, flatRate: try rate(state.rate ?? 0, "\(code) rate"),
                                   brackets: try statuses.map { try schedule(state.brackets?[$0], "\(code) \($0.rawValue)") })
            fixed.deduction = try table(state.standardDeduction, "standard deduction")
            fixed.percentDeduction = percent
            fixed.exemption = try table(state.personalExemption, "personal exemption")
            fixed.credit = try table(state.personalCredit, "personal credit")
            fixed.dependentExemption = try cents(state.dependentExemption ?? 0, "\(code) dependent exemption")
            fixed.dependentCredit = try cents(state.dependentCredit ?? 0, "\(code) dependent credit")
            fixed.startsFromFederalTaxable = state.incomeBase == .federalTaxableIncome
            if let rule = state.federalDeductionAddBack, fixed.startsFromFederalTaxable {
                fixed.deductionAddBack = (atLeast: try cents(rule.atLeast, "\(code) federal deduction add-back threshold"),
                                          cap: try statuses.map { try rule.cap[$0].map { try cents($0, "\(code) federal deduction add-back cap") } ?? Int64.max })
            }
            fixed.tableCredit = try state.tableCredit.map { credit in
                FixedTableCredit(perReturn: try rows(credit.perReturn, "table credit"),
                                 perDependent: try credit.perDependent.map { try rows($0, "table credit per dependent") } ?? statuses.map { _ in [] },
                                 onTaxableIncome: credit.on == .taxableIncome)
            }
            fixed.lowIncomeTable = try state.lowIncomeTable.map { rule in
                FixedLowIncomeTable(tables: try statuses.map { status in
                    try (rule.tables[status] ?? []).map { table in
                        FixedLowIncomeTable.Table(dependents: Int64(table.dependents), through: try cents(table.through, "\(code) low-income table end"),
                                                  rows: try table.rows.map { row in
                                                      FixedRow(over: try cents(row.over, "\(code) low-income table row"),
                                                               amount: try cents(row.amount ?? 0, "\(code) low-income table tax"), share: nil,
                                                               inclusive: row.inclusive == true)
                                                  })
                    }
                })
            }
            fixed.taxTable = try state.taxTable.map { table in
                FixedTaxTable(below: try cents(table.below, "\(code) tax table bound"), width: try cents(table.rowWidth, "\(code) tax table row width"),
                              offsets: try (table.rowOffsets ?? []).map { (from: try cents($0.from, "\(code) tax table row offset"), offset: try cents($0.offset, "\(code) tax table row offset")) })
            }
            fixed.youngChildDeduction = try cents(state.youngChildDeduction?.amount ?? 0, "\(code) deduction per child under 6")
            fixed.dependentDeduction = try state.dependentDeduction.map { rule in
                (amount: try table(rule.amount, "dependent deduction"), exceptFirst: Int64(rule.exceptFirst))
            }
            fixed.federalTaxDeduction = try paidDeduction(state.federalTaxDeductionRule, "federal tax deduction")
            fixed.ficaDeduction = try paidDeduction(state.ficaDeductionRule, "FICA deduction")
            fixed.recapture = try state.taxRecapture.map { rule in
                FixedRecapture(start: try table(rule.start, "recapture start"), width: try cents(rule.width, "\(code) recapture width"),
                               flat: try rule.flatAbove.map { (over: try cents($0.over, "\(code) recapture flat threshold"), rate: try rate($0.rate, "\(code) recapture flat rate")) },
                               rows: try statuses.map { status in
                                   try (rule.rows[status] ?? []).map { row in
                                       FixedRecapture.Row(over: try cents(row.over, "\(code) recapture row"),
                                                          flatRate: try row.flatRate.map { try rate($0, "\(code) recapture flat rate") },
                                                          base: try cents(row.base ?? 0, "\(code) recapture base"),
                                                          benefit: try cents(row.benefit ?? 0, "\(code) recapture benefit"))
                                   }
                               })
            }
            fixed.childExemption = try cents(state.childExemption ?? 0, "\(code) child exemption")
            fixed.earnedIncomeCredit = try state.earnedIncomeCredit.map { credit in
                FixedEarnedIncomeCreditShare(share: try share(credit.share, "\(code) earned income credit share"),
                                             childless: try statuses.map { try share(credit.childlessShare?[$0] ?? credit.share, "\(code) earned income credit childless share") },
                                             maximum: try credit.maximum.map { try cents($0, "\(code) earned income credit maximum") },
                                             refundableAlternative: try share(credit.refundableAlternative ?? 0, "\(code) earned income credit refundable alternative"))
            }
            fixed.incomeTested = try state.incomeTestedCredit.map { credit in
                let ratio = credit.measure == .ratio
                return FixedIncomeTestedCredit(
                    ratio: ratio, base: try table(credit.base, "income-tested credit base"),
                    perDependent: try table(credit.perDependent, "income-tested credit per dependent"),
                    maxDependents: statuses.map { credit.maxDependents?[$0] ?? Int.max },
                    limit: try credit.limit.map { (rate: try rate($0.rate, "\(code) income-tested credit limit rate"),
                                                   upTo: ratio ? try share($0.upTo, "\(code) income-tested credit limit") : try cents($0.upTo, "\(code) income-tested credit limit")) },
                    bands: try statuses.map { status in
                        try (credit.bands[status] ?? []).map { band in
                            FixedIncomeTestedCredit.Band(upTo: ratio ? try share(band.upTo, "\(code) income-tested credit band") : try cents(band.upTo, "\(code) income-tested credit band"),
                                                         share: try rate(band.share, "\(code) income-tested credit share"))
                        }
                    })
            }
            fixed.childCreditShare = try state.childTaxCreditShare.map { credit in
                (share: try rate(credit.share, "\(code) child tax credit share"), limit: try table(credit.incomeLimit, "child tax credit income limit"))
            }
            fixed.phaseOuts = phaseOuts
            fixed.addBacks = addBacks
            fixed.taxCredit = try state.taxCredit.map { try rows($0.table, "tax credit") }
            fixed.extraTax = try cents(state.extraTax ?? 0, "\(code) extra tax")
            fixed.sdi = sdi
            fixed.mentalHealth = mentalHealth
            fixed.city = try state.nycTax.map { nyc in try statuses.map { try schedule(nyc.brackets[$0], "\(code) NYC \($0.rawValue)") } }
            return FixedState(fixed)
        }
    }
}
