import Foundation
import TaxDataCore

/// The same calculation as `TaxCalculator`, compiled for bulk use: a year's figures are turned into
/// fixed-point tables once, and each calculation is integer arithmetic with no allocation.
///
/// `TaxCalculator` (exact `Decimal`) is the reference; this one gives the same components to the
/// cent (the test suite compares the two over every state, status and year), and exists for
/// callers that run many calculations: a chart of take-home pay over a range of salaries, a
/// what-if sweep, a server. It does not produce notes; `TaxCalculator` does.
///
/// ```swift
/// let fast = try FixedPointCalculator(data: year)
/// let ny = try fast.state("NY")
/// let result = try fast.calculate(.init(grossCents: 12_000_000, status: .single, state: ny))
/// result.netPayCents
/// ```
public struct FixedPointCalculator: Sendable {
    /// A state of this year's data, looked up once by USPS code.
    public struct StateID: Sendable, Hashable {
        fileprivate let index: Int
    }

    /// What to calculate, in cents.
    public struct Input: Sendable, Equatable {
        public var grossCents: Int64
        public var status: FilingStatus
        public var state: StateID
        /// Pre-tax amounts requested, in cents, by kind (capped like `TaxCalculator` caps them).
        public var plan401k: Int64 = 0, plan403b: Int64 = 0, plan457b: Int64 = 0
        public var hsa: Int64 = 0, hsaSelf: Int64 = 0, section125: Int64 = 0
        public var newYorkCity = false
        /// Age at year end, for catch-ups (nil: under 50).
        public var age: Int?
        /// Dependents claimed (0…`PayInput.maxDependents`).
        public var dependents: Int
        /// How many of them are qualifying children under 17.
        public var children: Int

        public init(grossCents: Int64, status: FilingStatus, state: StateID, newYorkCity: Bool = false, age: Int? = nil,
                    dependents: Int = 0, children: Int = 0) {
            self.grossCents = grossCents
            self.status = status
            self.state = state
            self.newYorkCity = newYorkCity
            self.age = age
            self.dependents = dependents
            self.children = children
        }
    }

    /// The components, each rounded to the cent as `TaxCalculator` rounds them.
    public struct Result: Sendable, Equatable {
        public var grossCents: Int64
        public var preTaxDeductionsCents: Int64
        public var federalTaxableIncomeCents: Int64
        public var federalIncomeTaxCents: Int64
        public var socialSecurityCents: Int64
        public var medicareCents: Int64
        public var stateTaxableIncomeCents: Int64
        public var stateIncomeTaxCents: Int64
        public var stateDisabilityInsuranceCents: Int64
        public var mentalHealthTaxCents: Int64
        public var cityIncomeTaxCents: Int64
        /// Federal + FICA + state (+ city) rate on the next dollar, in millionths.
        public var marginalRateMillionths: Int64

        public var totalTaxCents: Int64 {
            federalIncomeTaxCents + socialSecurityCents + medicareCents + stateIncomeTaxCents
                + stateDisabilityInsuranceCents + mentalHealthTaxCents + cityIncomeTaxCents
        }
        public var netPayCents: Int64 { grossCents - preTaxDeductionsCents - totalTaxCents }
        /// Total tax / gross in ten-thousandths (0.2082 is 2,082), rounded like `PayResult.effectiveRate`; 0 for no income.
        public var effectiveRateTenThousandths: Int64 {
            grossCents > 0 ? FixedPoint.divideRounded(totalTaxCents * 10_000, grossCents) : 0
        }
        /// Gross, tax and net for one pay period, in cents, each rounded like `PayResult.perPeriod`.
        public func perPeriod(_ period: PayResult.Period) -> (gross: Int64, tax: Int64, net: Int64) {
            let n = Int64(period.perYear)
            return (FixedPoint.divideRounded(grossCents, n), FixedPoint.divideRounded(totalTaxCents, n),
                    FixedPoint.divideRounded(netPayCents, n))
        }
    }

    let taxYear: Int
    private let codes: [String: Int]
    private let states: [FixedState]
    /// Indexed by `statusIndex`.
    private let federal: [FixedSchedule]
    private let federalDeduction: [Int64]
    /// The child tax credit in cents (start per status), nil when the year has none.
    private let childCredit: (perChild: Int64, perOther: Int64, start: [Int64], step: Int64, amount: Int64)?
    /// The refundable additional child tax credit (per child, rate in millionths, earned threshold), nil when not written.
    private let refundableChildCredit: (perChild: Int64, rate: Int64, threshold: Int64)?
    /// Earned income credit schedules for 0…3 children; empty when the year has none.
    private let earnedIncomeCredit: [FixedEarnedIncomeCredit]
    private let medicareThreshold: [Int64]
    private let socialSecurityRate: Int64, wageBase: Int64
    private let medicareRate: Int64, additionalMedicareRate: Int64
    /// Caps by age 0...maxAge (an age above is capped to `maxAge`; no age is index 0).
    private let caps: [FixedCaps]
    private static let maxAge = 130

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

    /// The state with this USPS code, or a clear error.
    public func state(_ code: String) throws -> StateID {
        guard let index = codes[code.uppercased()] else { throw CalculationError.unknownState(code, year: taxYear) }
        return StateID(index: index)
    }

    public func calculate(_ input: Input) throws -> Result {
        guard input.grossCents >= 0 else { throw CalculationError.negative("gross pay") }
        guard input.grossCents <= FixedPoint.maxCents else { throw CalculationError.outOfRange("gross pay above $1,000,000,000 is out of range") }
        guard input.state.index < states.count else { throw CalculationError.unsupported("state from another year's calculator") }
        guard (0...PayInput.maxDependents).contains(input.dependents) else {
            throw CalculationError.dependents(input.dependents)
        }
        guard (0...input.dependents).contains(input.children) else {
            throw CalculationError.children(input.children, dependents: input.dependents)
        }
        let smallest = Swift.min(input.plan401k, input.plan403b, input.plan457b, input.hsa, input.hsaSelf, input.section125)
        let largest = Swift.max(input.plan401k, input.plan403b, input.plan457b, input.hsa, input.hsaSelf, input.section125)
        guard smallest >= 0 else { throw CalculationError.negative("pre-tax deductions") }
        guard largest <= FixedPoint.maxCents else { throw CalculationError.outOfRange("pre-tax deduction above $1,000,000,000 is out of range") }
        let state = states[input.state.index]
        if input.newYorkCity && !state.hasCityTax { throw CalculationError.newYorkCityOutsideNewYork }
        let s = Self.statusIndex(input.status)
        let cap = caps[Swift.min(Swift.max(input.age ?? 0, 0), Self.maxAge)]

        let gross = input.grossCents
        let deferral = Swift.min(input.plan401k + input.plan403b, cap.elective) + Swift.min(input.plan457b, cap.plan457b)
        let cafeteria = Swift.min(input.hsa, cap.hsaFamily) + Swift.min(input.hsaSelf, cap.hsaSelf) + input.section125
        let preTax = Swift.min(gross, deferral + cafeteria)
        let incomeWages = gross - preTax
        let ficaWages = Swift.max(0, gross - cafeteria)

        // Federal.
        let federalTaxable = Swift.max(0, incomeWages - federalDeduction[s])
        let federalTax = federal[s].tax(on: federalTaxable)
        var federalTaxCents = FixedPoint.roundToCent(federalTax.units)
        var childCreditAllowed: Int64 = 0, additionalChildCredit: Int64 = 0
        if let ctc = childCredit, input.dependents > 0 {
            var credit = Int64(input.children) * ctc.perChild + Int64(input.dependents - input.children) * ctc.perOther
            if incomeWages > ctc.start[s], ctc.step > 0 {
                let steps = (incomeWages - ctc.start[s] + ctc.step - 1) / ctc.step // "or fraction thereof"
                credit = Swift.max(0, credit - steps * ctc.amount)
            }
            let applied = Swift.min(credit, federalTaxCents)
            federalTaxCents -= applied
            childCreditAllowed = applied
            if let part = refundableChildCredit {
                let byEarnings = FixedPoint.roundToCent(Swift.max(0, incomeWages - part.threshold) * part.rate)
                additionalChildCredit = Swift.max(0, Swift.min(credit - applied, Int64(input.children) * part.perChild, byEarnings))
                childCreditAllowed += additionalChildCredit
            }
        }
        var earnedCredit: Int64 = 0
        if !earnedIncomeCredit.isEmpty, state.needsEarnedIncomeCredit {
            earnedCredit = earnedIncomeCredit[Swift.min(input.children, earnedIncomeCredit.count - 1)].credit(wages: incomeWages, status: s)
        }

        // FICA.
        let socialSecurity = FixedPoint.roundToCent(Swift.min(ficaWages, wageBase) * socialSecurityRate)
        let threshold = medicareThreshold[s]
        let medicare = FixedPoint.roundToCent(ficaWages * medicareRate + Swift.max(0, ficaWages - threshold) * additionalMedicareRate)
        let ficaMarginal = (ficaWages < wageBase ? socialSecurityRate : 0) + medicareRate + (ficaWages > threshold ? additionalMedicareRate : 0)

        // State.
        let stateInput = FixedState.Input(incomeWages: incomeWages, ficaWages: ficaWages, federalTaxable: federalTaxable,
                  federalDeduction: federalDeduction[s], federalTax: federalTaxCents,
                  fica: socialSecurity + medicare, childCreditAllowed: childCreditAllowed, additionalChildCredit: additionalChildCredit,
                  earnedCredit: earnedCredit,
                  dependents: input.dependents, children: input.children, newYorkCity: input.newYorkCity, status: s)
        let stateResult = state.tax(stateInput)
        let (stateTaxable, stateTax, sdi, mentalHealth, city, stateMarginal) =
            (stateResult.taxable, stateResult.tax, stateResult.sdi, stateResult.mentalHealth, stateResult.city, stateResult.marginal)
        return Result(
            grossCents: gross, preTaxDeductionsCents: preTax, federalTaxableIncomeCents: federalTaxable,
            federalIncomeTaxCents: federalTaxCents, socialSecurityCents: socialSecurity, medicareCents: medicare,
            stateTaxableIncomeCents: stateTaxable, stateIncomeTaxCents: stateTax, stateDisabilityInsuranceCents: sdi,
            mentalHealthTaxCents: mentalHealth, cityIncomeTaxCents: city,
            marginalRateMillionths: federalTax.rate + ficaMarginal + stateMarginal)
    }

    @inline(__always)
    private static func statusIndex(_ status: FilingStatus) -> Int {
        switch status {
        case .single: 0
        case .marriedFilingJointly: 1
        case .marriedFilingSeparately: 2
        case .headOfHousehold: 3
        case .qualifyingWidower: 4
        }
    }
}

extension FixedPointCalculator.Input {
    /// The fixed-point input for a `PayInput`, or a clear error if an amount is not whole cents.
    public init(_ input: PayInput, calculator: FixedPointCalculator) throws {
        let cents = FixedPoint.requireCents
        guard let code = input.state else {
            throw CalculationError.unsupported("the fixed-point calculator needs a state; TaxCalculator computes federal and FICA alone")
        }
        self.init(grossCents: try cents(input.grossAnnual, "gross pay"), status: input.status,
                  state: try calculator.state(code), newYorkCity: input.newYorkCity, age: input.age,
                  dependents: input.dependents, children: input.children)
        for deduction in input.preTax {
            let amount = try cents(deduction.amount, "pre-tax \(deduction.kind.rawValue)")
            switch deduction.kind {
            case .plan401k: plan401k += amount
            case .plan403b: plan403b += amount
            case .plan457b: plan457b += amount
            case .hsa: hsa += amount
            case .hsaSelf: hsaSelf += amount
            case .section125: section125 += amount
            }
        }
    }
}

private struct FixedCaps: Sendable {
    var elective: Int64, plan457b: Int64, hsaFamily: Int64, hsaSelf: Int64
}

private struct FixedStep: Sendable {
    /// Per status, cents.
    var size: [Int64]
    var up: Bool
    /// `excess` cents counted in whole steps.
    func counted(_ excess: Int64, status s: Int) -> Int64 {
        let size = self.size[s]
        guard size > 0, excess > 0 else { return excess }
        return (up ? (excess + size - 1) / size : excess / size) * size
    }
}

private struct FixedRow: Sendable {
    var over: Int64
    var amount: Int64?
    /// Millionths.
    var share: Int64?
    /// The row applies from income equal to `over` too.
    var inclusive: Bool
    /// The row of the highest `over` that income exceeds (reaches, for an inclusive row; the
    /// `over: 0` row from zero).
    static func row(_ rows: [FixedRow], income: Int64) -> FixedRow? {
        rows.last { income > $0.over || $0.over == 0 || ($0.inclusive && income == $0.over) }
    }
}

private struct FixedPaidDeduction: Sendable {
    /// Per status; `Int64.max` when uncapped.
    var cap: [Int64]
    var shares: [[FixedRow]]?
    var itemized: Bool
    /// Subtract the federal earned income credit / the additional child tax credit first.
    var lessEarnedIncomeCredit = false, lessAdditionalChildCredit = false
    /// The same arithmetic as `PaidTaxDeduction.amount`.
    func amount(_ paid: Int64, income: Int64, status s: Int, cap: Int64) -> Int64 {
        var allowed = Swift.max(0, paid)
        if let shares {
            allowed = FixedPoint.roundToCent(allowed * (FixedRow.row(shares[s], income: income)?.share ?? 0))
        }
        return Swift.min(allowed, cap)
    }
}

private struct FixedRecapture: Sendable {
    struct Row: Sendable {
        var over: Int64
        var flatRate: Int64?
        var base: Int64, benefit: Int64
    }
    var start: [Int64]
    var width: Int64
    var flat: (over: Int64, rate: Int64)?
    var rows: [[Row]]


    /// The same arithmetic as `TaxRecapture.amount`, in cents.
    func amount(income: Int64, taxable: Int64, bracketUnits: Int64, status s: Int) -> Int64 {
        guard income > start[s], width > 0 else { return 0 }
        if let flat, income > flat.over { return Swift.max(0, FixedPoint.roundToCent(taxable * flat.rate - bracketUnits)) }
        guard let row = rows[s].last(where: { $0.over == 0 || taxable > $0.over }) else { return 0 }
        if let flatRate = row.flatRate {
            let difference = taxable * flatRate - bracketUnits
            guard difference > 0 else { return 0 }
            return FixedPoint.multiplyDivideRounded(difference, Swift.min(income - start[s], width), width * FixedPoint.unitsPerCent)
        }
        let excess = Swift.min(Swift.max(0, income - Swift.max(start[s], row.over)), width)
        return row.base + FixedPoint.multiplyDivideRounded(row.benefit, excess, width)
    }
}

private struct FixedEarnedIncomeCredit: Sendable {
    var phaseInRate: Int64, maximum: Int64, phaseOutRate: Int64
    var start: [Int64]
    /// The same arithmetic as `EarnedIncomeCreditSchedule.credit`.
    func credit(wages: Int64, status s: Int) -> Int64 {
        let phasedIn = Swift.min(FixedPoint.roundToCent(wages * phaseInRate), maximum)
        return Swift.max(0, phasedIn - FixedPoint.roundToCent(Swift.max(0, wages - start[s]) * phaseOutRate))
    }
}

private struct FixedEarnedIncomeCreditShare: Sendable {
    var share: Int64
    /// Per status (the share itself where no childless share is written).
    var childless: [Int64]
    var maximum: Int64?
    /// Millionths; 0 when there is no refundable alternative.
    var refundableAlternative: Int64
    func amount(_ federal: Int64, children: Int, status s: Int) -> Int64 {
        let credit = FixedPoint.roundToCent(federal * (children == 0 ? childless[s] : share))
        return maximum.map { Swift.min(credit, $0) } ?? credit
    }
}

private struct FixedIncomeTestedCredit: Sendable {
    struct Band: Sendable {
        /// A ratio in millionths, or an excess in cents.
        var upTo: Int64
        var share: Int64
    }
    var ratio: Bool
    var base: [Int64]
    var perDependent: [Int64]
    /// Per status; `Int.max` when uncapped.
    var maxDependents: [Int]
    /// Rate in millionths; upTo as a band's.
    var limit: (rate: Int64, upTo: Int64)?
    var bands: [[Band]]
    /// The same arithmetic as `IncomeTestedCredit.amount`, on a tax in cents.
    func amount(_ tax: Int64, income: Int64, status s: Int, dependents: Int) -> Int64 {
        let threshold = base[s] + perDependent[s] * Int64(Swift.min(dependents, maxDependents[s]))
        func within(_ upTo: Int64) -> Bool { ratio ? income * FixedPoint.rateScale <= upTo * threshold : income - threshold <= upTo }
        for band in bands[s] where within(band.upTo) { return FixedPoint.roundToCent(tax * band.share) }
        if let limit, !bands[s].isEmpty, income > threshold, within(limit.upTo) {
            return Swift.max(0, tax - FixedPoint.roundToCent((income - threshold) * limit.rate))
        }
        return 0
    }
}

/// A final class, for the reason `FixedState` is one.
private final class FixedPhaseOut: Sendable {
    let part: PhaseOut.Part
    let method: PhaseOut.Method
    /// Per status, cents.
    let start: [Int64]
    /// Linear: millionths of a dollar lost per dollar above start, per status.
    let rate: [Int64]
    let step: FixedStep?
    let minimum: [Int64]?
    let range: [Int64]
    let table: [[FixedRow]]


    init(part: PhaseOut.Part, method: PhaseOut.Method, start: [Int64], rate: [Int64], step: FixedStep?, minimum: [Int64]?,
         range: [Int64], table: [[FixedRow]]) {
        self.part = part
        self.method = method
        self.start = start
        self.rate = rate
        self.step = step
        self.minimum = minimum
        self.range = range
        self.table = table
    }

    /// The same arithmetic as `PhaseOut.apply`, in cents (reductions rounded half up to the cent).
    func apply(_ amount: Int64, income: Int64, status s: Int) -> Int64 {
        if method == .table {
            guard let row = FixedRow.row(table[s], income: income) else { return amount }
            if let value = row.amount { return value }
            return FixedPoint.roundToCent(amount * (row.share ?? FixedPoint.rateScale))
        }
        guard income > start[s] else { return amount }
        let excess = step.map { $0.counted(income - start[s], status: s) } ?? (income - start[s])
        switch method {
        case .cliff: return 0
        case .linear:
            let reduction = FixedPoint.roundToCent(excess * rate[s])
            return Swift.max(Swift.min(amount, minimum?[s] ?? 0), amount - reduction)
        case .proportional:
            let width = range[s]
            guard width > 0 else { return amount }
            guard excess < width else { return 0 }
            return Swift.max(0, amount - FixedPoint.multiplyDivideRounded(amount, excess, width))
        case .table: return amount
        }
    }
}

private struct FixedAddBack: Sendable {
    var start: [Int64], rate: [Int64]
    var step: FixedStep?
    var maximum: [Int64]
    func amount(income: Int64, status s: Int) -> Int64 {
        guard income > start[s] else { return 0 }
        let excess = step.map { $0.counted(income - start[s], status: s) } ?? (income - start[s])
        return Swift.min(maximum[s], FixedPoint.roundToCent(excess * rate[s]))
    }
}

private struct FixedPercentDeduction: Sendable {
    var rate: Int64
    var minimum: [Int64], maximum: [Int64]
    func amount(income: Int64, status s: Int) -> Int64 {
        Swift.min(maximum[s], Swift.max(minimum[s], FixedPoint.roundToCent(income * rate)))
    }
}

private struct FixedSDI: Sendable {
    var rate: Int64
    var wageBase: Int64?
    var maxAnnualUnits: Int64?
}

/// A table credit's rows per status, in cents (see `TableCredit`); a final class, read in place.
private final class FixedTableCredit: Sendable {
    let perReturn: [[FixedRow]], perDependent: [[FixedRow]]
    /// Read at the state's taxable income (AGI after a low-income table) instead of AGI.
    let onTaxableIncome: Bool
    init(perReturn: [[FixedRow]], perDependent: [[FixedRow]], onTaxableIncome: Bool) {
        self.perReturn = perReturn
        self.perDependent = perDependent
        self.onTaxableIncome = onTaxableIncome
    }

    func amount(income: Int64, status s: Int, dependents: Int64) -> Int64 {
        (FixedRow.row(perReturn[s], income: income)?.amount ?? 0)
            + (dependents > 0 ? dependents * (FixedRow.row(perDependent[s], income: income)?.amount ?? 0) : 0)
    }
}

/// Low-income tax tables per status, in cents (see `LowIncomeTable`); a final class, read in place.
private final class FixedLowIncomeTable: Sendable {
    struct Table: Sendable {
        var dependents: Int64, through: Int64
        var rows: [FixedRow]
    }
    let tables: [[Table]]
    init(tables: [[Table]]) { self.tables = tables }

    /// The table's tax in cents at `income`, or nil where no table covers it.
    func tax(income: Int64, status s: Int, dependents: Int64) -> Int64? {
        guard let table = tables[s].last(where: { dependents >= $0.dependents }), income <= table.through else { return nil }
        return FixedRow.row(table.rows, income: income)?.amount ?? 0
    }
}

/// A tax table's rows, in cents (see `TaxTable`).
private struct FixedTaxTable: Sendable {
    var below: Int64, width: Int64
    var offsets: [(from: Int64, offset: Int64)]

    /// The midpoint of the row of `taxable` (below `below`).
    func midpoint(_ taxable: Int64) -> Int64 {
        let offset = offsets.last { taxable >= $0.from }?.offset ?? 0
        let shifted = taxable - offset
        let start = (shifted >= 0 ? shifted / width : (shifted - width + 1) / width) * width + offset
        return start + (width - 100) / 2
    }
}

/// A state's tables while they are compiled (see `FixedState`).
private struct FixedStateFields: Sendable {
    var type: StateTaxType
    var flatRate: Int64
    /// Indexed by status, like every table here.
    var brackets: [FixedSchedule]
    var deduction: [Int64] = [], exemption: [Int64] = [], credit: [Int64] = []
    var percentDeduction: FixedPercentDeduction?
    /// Per dependent, in cents.
    var dependentExemption: Int64 = 0, dependentCredit: Int64 = 0
    var startsFromFederalTaxable = false
    /// Income from which the federal deduction above the cap (per status) is added back.
    var deductionAddBack: (atLeast: Int64, cap: [Int64])?
    /// Per status, in cents, for each dependent after the first `exceptFirst`.
    var dependentDeduction: (amount: [Int64], exceptFirst: Int64)?
    var taxTable: FixedTaxTable?
    var tableCredit: FixedTableCredit?
    var lowIncomeTable: FixedLowIncomeTable?
    /// Nil when the state has no such deduction.
    var federalTaxDeduction: FixedPaidDeduction?, ficaDeduction: FixedPaidDeduction?
    /// Per qualifying child, in cents.
    var childExemption: Int64 = 0
    var recapture: FixedRecapture?
    var earnedIncomeCredit: FixedEarnedIncomeCreditShare?
    var incomeTested: FixedIncomeTestedCredit?
    /// Share in millionths; income limit per status.
    var childCreditShare: (share: Int64, limit: [Int64])?
    var phaseOuts: [FixedPhaseOut] = []
    var addBacks: [FixedAddBack] = []
    /// Share-of-tax credit rows per status.
    var taxCredit: [[FixedRow]]?
    var extraTax: Int64 = 0
    var sdi: FixedSDI?
    var mentalHealth: (threshold: Int64, rate: Int64)?
    var city: [FixedSchedule]?

    init(type: StateTaxType, flatRate: Int64, brackets: [FixedSchedule]) {
        self.type = type
        self.flatRate = flatRate
        self.brackets = brackets
    }
}

/// A state's tables, immutable: a final class, so a calculation reads them in place (a struct this
/// size read out of an array is copied, a retain and a release per table, most of a calculation's time).
private final class FixedState: Sendable {
    let type: StateTaxType
    let flatRate: Int64
    /// Indexed by status, like every table here.
    let brackets: [FixedSchedule]
    let deduction: [Int64], exemption: [Int64], credit: [Int64]
    let percentDeduction: FixedPercentDeduction?
    /// Per dependent, in cents.
    let dependentExemption: Int64, dependentCredit: Int64
    let startsFromFederalTaxable: Bool
    /// Income from which the federal deduction above the cap (per status) is added back.
    let deductionAddBack: (atLeast: Int64, cap: [Int64])?
    /// Per status, in cents, for each dependent after the first `exceptFirst`.
    let dependentDeduction: (amount: [Int64], exceptFirst: Int64)?
    let taxTable: FixedTaxTable?
    let tableCredit: FixedTableCredit?
    let lowIncomeTable: FixedLowIncomeTable?
    /// Nil when the state has no such deduction.
    let federalTaxDeduction: FixedPaidDeduction?, ficaDeduction: FixedPaidDeduction?
    /// Per qualifying child, in cents.
    let childExemption: Int64
    let recapture: FixedRecapture?
    let earnedIncomeCredit: FixedEarnedIncomeCreditShare?
    let incomeTested: FixedIncomeTestedCredit?
    /// Share in millionths; income limit per status.
    let childCreditShare: (share: Int64, limit: [Int64])?
    let phaseOuts: [FixedPhaseOut]
    let addBacks: [FixedAddBack]
    /// Share-of-tax credit rows per status.
    let taxCredit: [[FixedRow]]?
    let extraTax: Int64
    let sdi: FixedSDI?
    let mentalHealth: (threshold: Int64, rate: Int64)?
    let city: [FixedSchedule]?

    init(_ f: FixedStateFields) {
        type = f.type
        flatRate = f.flatRate
        brackets = f.brackets
        deduction = f.deduction
        exemption = f.exemption
        credit = f.credit
        percentDeduction = f.percentDeduction
        dependentExemption = f.dependentExemption
        dependentCredit = f.dependentCredit
        startsFromFederalTaxable = f.startsFromFederalTaxable
        deductionAddBack = f.deductionAddBack
        dependentDeduction = f.dependentDeduction
        taxTable = f.taxTable
        tableCredit = f.tableCredit
        lowIncomeTable = f.lowIncomeTable
        federalTaxDeduction = f.federalTaxDeduction
        ficaDeduction = f.ficaDeduction
        childExemption = f.childExemption
        recapture = f.recapture
        earnedIncomeCredit = f.earnedIncomeCredit
        incomeTested = f.incomeTested
        childCreditShare = f.childCreditShare
        phaseOuts = f.phaseOuts
        addBacks = f.addBacks
        taxCredit = f.taxCredit
        extraTax = f.extraTax
        sdi = f.sdi
        mentalHealth = f.mentalHealth
        city = f.city
    }
}

extension FixedState {
    /// What the state part of a calculation needs from the federal and FICA parts, in cents.
    struct Input {
        var incomeWages: Int64, ficaWages: Int64, federalTaxable: Int64, federalDeduction: Int64, federalTax: Int64, fica: Int64
        var childCreditAllowed: Int64, additionalChildCredit: Int64, earnedCredit: Int64
        var dependents: Int, children: Int
        var newYorkCity: Bool
        var status: Int
    }

    struct Output {
        var taxable: Int64 = 0, tax: Int64 = 0, sdi: Int64 = 0, mentalHealth: Int64 = 0, city: Int64 = 0
        /// Millionths.
        var marginal: Int64 = 0
    }

    var hasCityTax: Bool { city != nil }

    /// Whether the state reads the federal earned income credit (a share of it, or its deduction
    /// from the federal tax it lets filers deduct).
    var needsEarnedIncomeCredit: Bool { earnedIncomeCredit != nil || federalTaxDeduction?.lessEarnedIncomeCredit == true }

    /// This state's taxes. A method, so that the caller's `states[i].tax(...)` reads the stored
    /// state in place; a local copy would retain and release every table it holds on each call.
    func tax(_ input: Input) -> Output {
        var out = Output()
        let s = input.status, income = input.incomeWages
        // SDI counts in the marginal rate while the wages are below its wage base and its maximum
        // (as `StateTax` does).
        var sdiMarginal: Int64 = 0
        if let plan = sdi {
            var contribution = (plan.wageBase.map { Swift.min(input.ficaWages, $0) } ?? input.ficaWages) * plan.rate
            let below = (plan.wageBase.map { input.ficaWages < $0 } ?? true) && (plan.maxAnnualUnits.map { contribution < $0 } ?? true)
            if let maximum = plan.maxAnnualUnits { contribution = Swift.min(contribution, maximum) }
            out.sdi = FixedPoint.roundToCent(contribution)
            if below { sdiMarginal = plan.rate }
        }
        guard type != .noTax else {
            out.marginal = sdiMarginal
            return out
        }
        let dependents = Int64(input.dependents)
        var base = startsFromFederalTaxable ? input.federalTaxable : income
        if let addBack = deductionAddBack, income >= addBack.atLeast {
            base += Swift.max(0, input.federalDeduction - addBack.cap[s])
        }
        var paid: Int64 = 0
        let baseDeduction = percentDeduction.map { $0.amount(income: income, status: s) } ?? deduction[s]
        var deduction = phased(.standardDeduction, baseDeduction, income: income, status: s)
        if let rule = federalTaxDeduction {
            let cap = rule.cap[s] == Int64.max ? Int64.max : phased(.federalTaxDeduction, rule.cap[s], income: income, status: s)
            let net = input.federalTax - (rule.lessEarnedIncomeCredit ? input.earnedCredit : 0)
                - (rule.lessAdditionalChildCredit ? input.additionalChildCredit : 0)
            paid += rule.amount(Swift.max(0, net), income: income, status: s, cap: cap)
        }
        if let rule = ficaDeduction {
            let amount = rule.amount(input.fica, income: income, status: s, cap: rule.cap[s])
            if rule.itemized { deduction = Swift.max(deduction, amount) } else { paid += amount }
        }
        let perDependent = dependents > 0 ? phased(.dependentExemption, dependentExemption, income: income, status: s) : 0
        out.taxable = Swift.max(0, base - deduction - phased(.personalExemption, exemption[s], income: income, status: s)
                                   - dependents * perDependent - Int64(input.children) * childExemption - paid
                                   - (dependentDeduction.map { Swift.max(0, dependents - $0.exceptFirst) * $0.amount[s] } ?? 0))
        var units: Int64
        let table = taxTable.flatMap { out.taxable < $0.below ? $0 : nil }
        let taxed = table?.midpoint(out.taxable) ?? out.taxable
        if type == .flat {
            units = taxed * flatRate
            out.marginal = out.taxable > 0 ? flatRate : 0
        } else {
            (units, out.marginal) = brackets[s].tax(on: out.taxable)
            if table != nil { units = brackets[s].tax(on: taxed).units }
        }
        if table != nil { units = FixedPoint.divideRounded(units, 100 * FixedPoint.unitsPerCent) * 100 * FixedPoint.unitsPerCent }
        var fromLowIncomeTable = false
        if let lowIncomeTable, let low = lowIncomeTable.tax(income: income, status: s, dependents: dependents),
           low * FixedPoint.unitsPerCent < units {
            units = low * FixedPoint.unitsPerCent
            fromLowIncomeTable = true
        }
        if let recapture, type == .progressive {
            units += recapture.amount(income: income, taxable: out.taxable, bracketUnits: units, status: s) * FixedPoint.unitsPerCent
        }
        for index in addBacks.indices { units += addBacks[index].amount(income: income, status: s) * FixedPoint.unitsPerCent }
        var shareCredit: Int64 = 0
        if let taxCredit, let row = FixedRow.row(taxCredit[s], income: income), let share = row.share {
            shareCredit = FixedPoint.roundToCent(FixedPoint.roundToCent(units) * share)
        }
        let perDependentCredit = dependents > 0 ? phased(.dependentCredit, dependentCredit, income: income, status: s) : 0
        var credits = phased(.credits, phased(.personalCredit, credit[s], income: income, status: s) + dependents * perDependentCredit,
                             income: income, status: s) + shareCredit
        if let tableCredit {
            let at = tableCredit.onTaxableIncome && !fromLowIncomeTable ? out.taxable : income
            credits += tableCredit.amount(income: at, status: s, dependents: dependents)
        }
        out.tax = FixedPoint.roundToCent(Swift.max(0, units - credits * FixedPoint.unitsPerCent))
        if let incomeTested {
            out.tax -= Swift.min(out.tax, incomeTested.amount(out.tax, income: income, status: s, dependents: input.dependents))
        }
        if let childCreditShare, income <= childCreditShare.limit[s] {
            out.tax -= Swift.min(out.tax, FixedPoint.roundToCent(input.childCreditAllowed * childCreditShare.share))
        }
        if let earnedIncomeCredit {
            let amount = Swift.min(out.tax, earnedIncomeCredit.amount(input.earnedCredit, children: input.children, status: s))
            if FixedPoint.roundToCent(input.earnedCredit * earnedIncomeCredit.refundableAlternative) <= amount { out.tax -= amount }
        }
        if extraTax > 0, out.taxable > 0 { out.tax += extraTax }
        if let mentalHealth {
            out.mentalHealth = FixedPoint.roundToCent(Swift.max(0, out.taxable - mentalHealth.threshold) * mentalHealth.rate)
            if out.taxable > mentalHealth.threshold { out.marginal += mentalHealth.rate }
        }
        if input.newYorkCity, let city {
            let (cityUnits, cityRate) = city[s].tax(on: out.taxable)
            out.city = FixedPoint.roundToCent(cityUnits)
            out.marginal += cityRate
        }
        out.marginal += sdiMarginal
        return out
    }

    /// `amount` after every phase-out of `part`, in order.
    private func phased(_ part: PhaseOut.Part, _ amount: Int64, income: Int64, status s: Int) -> Int64 {
        var result = amount
        for phaseOut in phaseOuts where phaseOut.part == part {
            result = phaseOut.apply(result, income: income, status: s)
        }
        return result
    }
}
