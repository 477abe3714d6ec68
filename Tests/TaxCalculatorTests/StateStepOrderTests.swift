import Foundation
import Testing
@testable import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

/// The order of a state's tax is declared once (`StateStep`), and both calculators walk it.
@Suite("the state steps: declared once, in an order both calculators follow")
struct StateStepOrderTests {
    static let declared = StateStep.payroll + StateStep.incomeTax

    @Test("every step is declared exactly once")
    func everyStepOnce() {
        for step in StateStep.allCases {
            #expect(Self.declared.filter { $0 == step }.count == 1, "\(step) must be in StateStep.payroll or .incomeTax once")
        }
    }

    /// What a step reads from the ones before it. A reordering that breaks one of these changes
    /// results, so it fails here before it reaches the grid.
    static let reads: [StateStep: [StateStep]] = [
        .ficaDeduction: [.standardDeduction],
        .rateSchedule: [.incomeBase, .standardDeduction, .personalExemption, .dependentExemption, .childExemption,
                        .dependentDeduction, .youngChildDeduction, .federalTaxDeduction, .ficaDeduction],
        .lowIncomeTable: [.rateSchedule],
        .recapture: [.rateSchedule, .lowIncomeTable],
        .taxAddBacks: [.rateSchedule],
        .shareOfTaxCredit: [.rateSchedule, .lowIncomeTable, .recapture, .taxAddBacks],
        .credits: [.shareOfTaxCredit, .lowIncomeTable],
        .incomeTestedCredit: [.credits],
        .childTaxCreditShare: [.incomeTestedCredit],
        .earnedIncomeCredit: [.childTaxCreditShare],
        .extraTax: [.rateSchedule, .credits],
        .mentalHealthTax: [.rateSchedule],
        .cityTax: [.rateSchedule],
    ]

    @Test("each step comes after the steps it reads")
    func dependenciesFirst() {
        for (step, before) in Self.reads {
            let at = Self.declared.firstIndex(of: step)!
            for earlier in before {
                #expect(Self.declared.firstIndex(of: earlier)! < at, "\(step) reads \(earlier), which must come first")
            }
        }
    }

    @Test("the fixed-point calculator takes each state's steps in the declared order", arguments: compiledYears.map(\.meta.taxYear))
    func fixedFollowsTheOrder(year: Int) throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == year })
        let fixed = try FixedPointCalculator(data: data)
        for (code, index) in fixed.codes {
            let steps = fixed.states[index].steps
            let positions = steps.map { Self.declared.firstIndex(of: $0)! }
            #expect(positions == positions.sorted(), "\(year) \(code): \(steps)")
            #expect(Set(steps).count == steps.count)
            if data.states[code]?.type != .noTax {
                #expect(steps.contains(.rateSchedule) && steps.contains(.credits), "\(year) \(code) has an income tax")
            }
        }
    }

    /// The equivalence grid (`FixedPointTests`) compares the calculators on the real data, so a step
    /// no state takes is a step the grid never checks.
    @Test("every step the fixed-point calculator computes is taken by some state, so the equivalence grid covers it")
    func everyStepCovered() throws {
        var taken = Set<StateStep>()
        for data in compiledYears {
            let fixed = try FixedPointCalculator(data: data)
            for state in fixed.states { taken.formUnion(state.steps) }
        }
        // Refundable: the reference reports them beside the state tax, which does not change
        // (RefundableCreditTests covers them).
        let noteOnly: Set<StateStep> = [.refundableDependentCredit, .refundableEarnedIncomeCredit]
        let uncovered = Set(StateStep.allCases).subtracting(taken).subtracting(noteOnly)
        #expect(uncovered.isEmpty, "no state in TaxData/ takes \(uncovered): add a state that does to the grid, or a fixture year")
    }

    /// The hand-worked golden cases (`GoldenCases.swift`, `StateTableCases.swift`, …) name their
    /// year and state in each `calculate(YEAR, .status, "XX", …)`: together they must reach every
    /// step, so each construct has at least one case worked from the law.
    @Test("every step is taken by a state some hand-worked golden case computes")
    func everyStepHasAGoldenCase() throws {
        let directory = packageRoot.appendingPathComponent("Tests/TaxCalculatorTests")
        let pattern = try Regex(#"calculate\(([0-9]{4}), \.[A-Za-z_]+, "([A-Z]{2})""#)
        var cases = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".swift") && name != "FixedPointTests.swift" {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            for match in text.matches(of: pattern) { cases.insert("\(match.output[1].substring!) \(match.output[2].substring!)") }
        }
        #expect(cases.count > 20)
        var taken = Set<StateStep>()
        for data in compiledYears {
            let fixed = try FixedPointCalculator(data: data)
            for (code, index) in fixed.codes where cases.contains("\(data.meta.taxYear) \(code)") {
                taken.formUnion(fixed.states[index].steps)
            }
        }
        let noteOnly: Set<StateStep> = [.refundableDependentCredit, .refundableEarnedIncomeCredit]
        let uncovered = Set(StateStep.allCases).subtracting(taken).subtracting(noteOnly)
        #expect(uncovered.isEmpty, "no golden case computes a state that takes \(uncovered): work one from the law")
    }
}
