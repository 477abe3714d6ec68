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
        let compiler = FixedTableCompiler(year: year, code: "")
        let cents = compiler.cents, rate = compiler.rate, schedule = compiler.schedule
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
        states = try sorted.map { code, state in try FixedTableCompiler(year: year, code: code).state(state) }
        var tables = FixedLocalTables(), index: [String: LocalityID] = [:]
        for (s, (code, state)) in sorted.enumerated() {
            for locality in state.localities ?? [] where index[locality.id] == nil {
                index[locality.id] = LocalityID(state: s, index: tables.localities.count + (state.localities ?? []).firstIndex { $0.id == locality.id }!)
            }
            try FixedTableCompiler(year: year, code: code).localities(state, stateIndex: s, into: &tables)
        }
        local = tables
        localityIndex = index
    }
}
