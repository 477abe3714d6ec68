import Foundation
import TaxDataCore

/// Turns figures into the integers `FixedPointCalculator` reads (cents, rates in millionths), each
/// checked representable and named in the error when it is not. A state's construct is compiled
/// by a method named after it, in its `StateLaw/Fixed<Construct>.swift`; `state(_:)` below is the
/// registry that calls them.
struct FixedTableCompiler {
    let year: Int
    /// The state's USPS code ("" for the federal figures).
    let code: String
    let statuses = FilingStatus.allCases

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

    /// Per status, in cents (0 where a status has none).
    func table(_ values: StatusTable<Decimal>?, _ what: String) throws -> [Int64] {
        try statuses.map { try cents(values?[$0] ?? 0, "\(code) \(what)") }
    }

    /// Per status, in millionths: the status's own rate, else the common one, else 0.
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

    /// A state's tables: the registry of constructs, one line each.
    func state(_ state: StateData) throws -> FixedState {
        // These first, as before the split, so that of two unrepresentable figures the same one is named.
        let phaseOuts = try state.allPhaseOuts.map(phaseOut)
        let addBacks = try (state.taxAddBacks ?? []).map(addBack)
        let percent = try state.standardDeductionPercent.map(percentDeduction)
        let contributions = try payrollContributions(state.contributionsInForce)
        let mentalHealth = try state.mentalHealthTax.map(mentalHealthTax)
        var fixed = FixedStateFields(type: state.type, flatRate: try rate(state.rate ?? 0, "\(code) rate"),
                                     brackets: try statuses.map { try schedule(state.brackets?[$0], "\(code) \($0.rawValue)") })
        fixed.deduction = try table(state.standardDeduction, "standard deduction")
        fixed.percentDeduction = percent
        fixed.exemption = try table(state.personalExemption, "personal exemption")
        fixed.credit = try table(state.personalCredit, "personal credit")
        fixed.dependentExemption = try cents(state.dependentExemption ?? 0, "\(code) dependent exemption")
        fixed.dependentCredit = try cents(state.dependentCredit ?? 0, "\(code) dependent credit")
        fixed.startsFromFederalTaxable = state.incomeBase == .federalTaxableIncome
        if fixed.startsFromFederalTaxable { fixed.deductionAddBack = try state.federalDeductionAddBack.map(deductionAddBack) }
        fixed.tableCredit = try state.tableCredit.map(tableCredit)
        fixed.lowIncomeTable = try state.lowIncomeTable.map(lowIncomeTable)
        fixed.taxTable = try state.taxTable.map(taxTable)
        fixed.youngChildDeduction = try youngChildDeduction(state.youngChildDeduction)
        fixed.youngChildCredit = try youngChildCredit(state.youngChildCredit)
        fixed.povertyLevelCredit = try state.povertyLevelCredit.map(povertyLevelCredit)
        fixed.noTaxBelow = try state.noTaxBelow.map(noTaxBelow)
        fixed.dependentDeduction = try state.dependentDeduction.map(dependentDeduction)
        fixed.federalTaxDeduction = try paidDeduction(state.federalTaxDeductionRule, "federal tax deduction")
        fixed.ficaDeduction = try paidDeduction(state.ficaDeductionRule, "FICA deduction")
        fixed.recapture = try state.taxRecapture.map(recapture)
        fixed.childExemption = try cents(state.childExemption ?? 0, "\(code) child exemption")
        fixed.earnedIncomeCredit = try state.earnedIncomeCredit.map(earnedIncomeCreditShare)
        fixed.incomeTested = try state.incomeTestedCredit.map(incomeTestedCredit)
        fixed.childCreditShare = try state.childTaxCreditShare.map(childTaxCreditShare)
        fixed.phaseOuts = phaseOuts
        fixed.addBacks = addBacks
        fixed.taxCredit = try state.taxCredit.map { try rows($0.table, "tax credit") }
        fixed.extraTax = try cents(state.extraTax ?? 0, "\(code) extra tax")
        fixed.contributions = contributions
        if let treatment = state.preTaxTreatment {
            fixed.preTaxTaxed = (treatment.taxes("401k"), treatment.taxes("403b"), treatment.taxes("457b"), treatment.taxes("hsa"),
                                 treatment.taxes("section125"))
        }
        fixed.mentalHealth = mentalHealth
        fixed.city = try state.nycTax.map(cityTax)
        return FixedState(fixed)
    }
}
