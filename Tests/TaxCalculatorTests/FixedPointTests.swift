import Foundation
import Testing
import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

func dollars(cents: Int64) -> Decimal { Decimal(cents) / 100 }
func cents(_ value: Decimal) -> Int64 { Int64(Money.text(Money.roundedToCent(value * 100)))! }

/// `FixedPointCalculator` must agree to the cent with the `Decimal` reference on every component.
@Suite("FixedPointCalculator agrees with TaxCalculator")
struct FixedPointTests {
    /// Gross amounts, in cents, that put taxable income on, just below and just above every bracket
    /// floor of this state and of the federal schedule, plus the FICA thresholds and random salaries.
    static func grossCases(_ data: TaxYearData, _ state: StateData, _ status: FilingStatus, rng: inout SplitMix64) -> [Int64] {
        var cases: [Int64] = [0, 1, 99, 100_00]
        let federalOffset = data.federal.standardDeduction[status] ?? 0
        for bracket in data.federal.brackets[status] ?? [] { cases.append(cents(bracket.floor + federalOffset)) }
        let stateOffset = (state.standardDeduction?[status] ?? 0) + (state.personalExemption?[status] ?? 0)
        for bracket in (state.brackets?[status] ?? []) + (state.nycTax?.brackets[status] ?? []) { cases.append(cents(bracket.floor + stateOffset)) }
        if let mental = state.mentalHealthTax { cases.append(cents(mental.threshold + stateOffset)) }
        // Both sides of every phase-out threshold (measured on wages, i.e. AGI).
        for phaseOut in state.allPhaseOuts {
            if let start = phaseOut.start?[status] {
                cases.append(cents(start))
                if let size = phaseOut.step?.size[status] { cases += [cents(start + size), cents(start + size * 3)] }
                if let width = phaseOut.range?[status] { cases += [cents(Money.roundedToCent(start + width / 2)), cents(start + width)] }
            }
            for row in phaseOut.table?[status] ?? [] { cases.append(cents(row.over)) }
        }
        for addBack in state.taxAddBacks ?? [] {
            let start = addBack.start[status] ?? 0
            cases.append(cents(start))
            if let size = addBack.step?.size[status] { cases += [cents(start + size), cents(start + size * 2)] }
            if let rate = addBack.rates?[status] ?? addBack.rate, rate > 0 { cases.append(cents(Money.roundedToCent(start + (addBack.maximum[status] ?? 0) / rate))) }
        }
        for row in state.taxCredit?.table[status] ?? [] { cases.append(cents(row.over)) }
        if let percent = state.standardDeductionPercent {
            for bound in [percent.minimum[status], percent.maximum[status]].compactMap({ $0 }) { cases.append(cents(Money.roundedToCent(bound / percent.rate))) }
        }
        // 1.4: the rows of a share of federal tax, the child-credit income limit, the earned income
        // credit's kinks (end of phase-in, start and end of phase-out) and the refundable child credit.
        for rule in [state.federalTaxDeductionRule, state.ficaDeductionRule].compactMap({ $0 }) {
            for row in rule.shares?[status] ?? [] { cases.append(cents(row.over)) }
        }
        if let limit = state.childTaxCreditShare?.incomeLimit[status] { cases.append(cents(limit)) }
        for schedule in data.federal.earnedIncomeCredit ?? [] {
            let start = schedule.phaseOutStart[status] ?? 0
            cases += [cents(schedule.earnedAmount), cents(start), cents(Money.roundedToCent(start + schedule.maximum / schedule.phaseOutRate))]
        }
        if let refundable = data.federal.childTaxCredit?.refundable { cases.append(cents(refundable.earnedThreshold)) }
        // 1.5: every band edge of an income-tested credit, for each family size the grid uses.
        if let credit = state.incomeTestedCredit {
            for dependents in 0...3 {
                let threshold = credit.threshold(status: status, dependents: dependents)
                for upTo in (credit.bands[status] ?? []).map(\.upTo) + [credit.limit?.upTo].compactMap({ $0 }) {
                    cases.append(cents(Money.roundedToCent(credit.measure == .ratio ? upTo * threshold : threshold + upTo)))
                }
            }
        }
        // 1.6: the income from which federal deductions are added back.
        if let addBack = state.federalDeductionAddBack { cases.append(cents(addBack.atLeast)) }
        // 1.6: the tax table's end and its row offsets, on taxable income (a row's edges come from the ±1 cent below).
        if let table = state.taxTable {
            for taxable in [table.below] + (table.rowOffsets ?? []).map(\.from) + [table.rowWidth * 10, table.rowWidth * 10 - 1] {
                cases.append(cents(taxable + stateOffset))
            }
        }
        // 1.7: every low-income table's end and rows, on AGI (the wages when no pre-tax deduction is drawn).
        for table in state.lowIncomeTable?.tables[status] ?? [] {
            cases += ([table.through] + table.rows.map(\.over)).map { cents($0) }
        }
        cases.append(cents(data.fica.socialSecurity.wageBase))
        // 1.12: each contribution's wage base, and the wages at which a weekly maximum binds.
        for contribution in state.payrollContributions ?? [] {
            if let base = contribution.wageBase { cases.append(cents(base)) }
            if let weekly = contribution.maxWeekly, contribution.employeeRate > 0 { cases.append(cents(Money.roundedToCent(weekly * 52 / contribution.employeeRate))) }
        }
        cases.append(cents(data.fica.medicare.thresholds[status] ?? 200_000))
        if let start = data.federal.childTaxCredit?.phaseOutStart[status] { cases += [cents(start), cents(start + 1000), cents(start + 40_000)] }
        cases = cases.flatMap { [$0 - 1, $0, $0 + 1] }.filter { $0 >= 0 }
        for _ in 0..<12 { cases.append(Int64.random(in: 0...50_000_000, using: &rng)) }
        cases.append(Int64.random(in: 50_000_000...300_000_000, using: &rng))
        return cases
    }

    @Test("every component, total, rate and pay period, over every state, status and bracket boundary of a year",
          arguments: compiledYears.map(\.meta.taxYear))
    func agreesWithReference(year: Int) throws {
        // One seed per year, so each year is a test case of its own that runs beside the others.
        var rng = SplitMix64(state: 2026 &* 10_000 &+ UInt64(year))
        var compared = 0
        for data in compiledYears where data.meta.taxYear == year {
            let reference = TaxCalculator(data: data)
            let fast = try FixedPointCalculator(data: data)
            for (code, state) in data.states.sorted(by: { $0.key < $1.key }) {
                for status in FilingStatus.allCases {
                    for gross in Self.grossCases(data, state, status, rng: &rng) {
                        var preTax: [PreTaxDeduction] = []
                        // Half the cases carry random deductions, some above their caps.
                        if Bool.random(using: &rng) {
                            for kind in PreTaxKind.allCases where Int.random(in: 0..<3, using: &rng) == 0 {
                                preTax.append(PreTaxDeduction(kind, dollars(cents: Int64.random(in: 0...4_000_000, using: &rng))))
                            }
                        }
                        let age: Int? = [nil, 30, 50, 55, 60, 63, 64].randomElement(using: &rng)!
                        let dependents = Int.random(in: 0...3, using: &rng)
                        let children = Int.random(in: 0...dependents, using: &rng)
                        let childrenUnder6 = Int.random(in: 0...children, using: &rng)
                        let hours: Int? = Bool.random(using: &rng) ? nil : Int.random(in: 0...PayInput.maxHours, using: &rng)
                        // Where they live and work: no locality, New York City by its flag, and (in a state with
                        // localities) a random one, half the time with a random work place of the state.
                        // A second place of residence of another kind (a city and a school district) where the state has one.
                        var places: [(nyc: Bool, lives: [String], works: String?)] = [(false, [], nil)]
                        if code == "NY" { places.append((true, [], nil)) }
                        if let all = state.localities, let first = all.randomElement(using: &rng) {
                            let ids = all.map(\.id)
                            var lives = [first.id]
                            if let second = all.filter({ $0.kind != first.kind }).randomElement(using: &rng), Bool.random(using: &rng) {
                                lives.append(second.id)
                            }
                            places.append((false, lives, Bool.random(using: &rng) ? ids.randomElement(using: &rng)! : nil))
                        }
                        for (nyc, lives, works) in places {
                            let input = PayInput(grossAnnual: dollars(cents: gross), status: status, state: code, preTax: preTax,
                                                 newYorkCity: nyc, age: age, dependents: dependents, children: children,
                                                 childrenUnder6: childrenUnder6, hoursWorked: hours, localities: lives, workLocality: works)
                            let expected = try reference.calculate(input)
                            let got = try fast.calculate(FixedPointCalculator.Input(input, calculator: fast))
                            // Built only when an expectation fails (about 100,000 cases pass).
                            func label() -> String {
                                "\(data.meta.taxYear) \(code) \(status.rawValue) gross \(input.grossAnnual) nyc \(nyc) lives \(lives.isEmpty ? "-" : lives.joined(separator: "+")) works \(works ?? "-") age \(String(describing: age)) dependents \(dependents) children \(children) under 6 \(childrenUnder6) hours \(String(describing: hours)) \(preTax)"
                            }
                            #expect(Self.decimal(got) == Self.components(expected), "\(label())")
                            for period in PayResult.Period.allCases {
                                let (g, t, n) = got.perPeriod(period), want = expected.perPeriod(period)
                                #expect([dollars(cents: g), dollars(cents: t), dollars(cents: n)] == [want.gross, want.tax, want.net], "\(label()) \(period)")
                            }
                            compared += 1
                        }
                    }
                }
            }
        }
        // Not a vacuous loop: about 50 jurisdictions, five statuses, dozens of incomes each (about 33,000).
        #expect(compared > 20_000)
    }

    @Test("every locality of every year, where the person lives and where they work, at the brackets' edges: the same local tax to the cent",
          arguments: compiledYears.map(\.meta.taxYear))
    func localitiesAgree(year: Int) throws {
        var rng = SplitMix64(state: 36 &* 10_000 &+ UInt64(year))
        let data = try #require(compiledYears.first { $0.meta.taxYear == year })
        let reference = TaxCalculator(data: data)
        let fast = try FixedPointCalculator(data: data)
        var compared = 0
        for (code, state) in data.localities.sorted(by: { $0.key < $1.key }) {
            for locality in state {
                // Each bracket floor and flat threshold of its taxes, around it, and a few wages.
                var grosses: [Int64] = [0, 1_200_000, 4_000_000, 9_000_000, 30_000_000]
                for tax in locality.taxes {
                    for part in [tax.resident, tax.nonresident].compactMap({ $0 }) {
                        for status in FilingStatus.allCases { grosses += (part.brackets?[status] ?? []).map { cents($0.floor) } }
                        if let minimum = part.minimumWages { grosses += [cents(minimum) * (part.per == "month" ? 12 : 1)] }
                    }
                }
                grosses = Array(Set(grosses.flatMap { [$0 - 1, $0, $0 + 1] }.filter { $0 >= 0 })).sorted()
                for gross in grosses {
                    let status = FilingStatus.allCases.randomElement(using: &rng)!
                    let other = state.randomElement(using: &rng)!.id
                    for (lives, works) in [(locality.id, nil), (locality.id, other), (other, locality.id)] as [(String, String?)] {
                        let input = PayInput(grossAnnual: dollars(cents: gross), status: status, state: code, preTax: [PreTaxDeduction(.plan401k, 5000)],
                                             locality: lives, workLocality: works)
                        let expected = try reference.calculate(input)
                        let got = try fast.calculate(FixedPointCalculator.Input(input, calculator: fast))
                        #expect(Self.decimal(got) == Self.components(expected), "\(year) \(code) \(status.rawValue) \(gross) lives \(lives) works \(works ?? "-")")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 1_000, "\(compared)")
    }

    static func components(_ r: PayResult) -> [Decimal] {
        [r.preTaxDeductions, r.federalTaxableIncome, r.federalIncomeTax, r.socialSecurity, r.medicare, r.stateTaxableIncome,
         r.stateIncomeTax, r.stateDisabilityInsurance, r.statePayrollContributions, r.mentalHealthTax, r.cityIncomeTax, r.marginalRate, r.totalTax, r.netPay,
         r.effectiveRate]
    }

    static func decimal(_ r: FixedPointCalculator.Result) -> [Decimal] {
        [r.preTaxDeductionsCents, r.federalTaxableIncomeCents, r.federalIncomeTaxCents, r.socialSecurityCents, r.medicareCents,
         r.stateTaxableIncomeCents, r.stateIncomeTaxCents, r.stateDisabilityInsuranceCents, r.statePayrollContributionsCents, r.mentalHealthTaxCents,
         r.cityIncomeTaxCents].map { dollars(cents: $0) }
            + [Decimal(r.marginalRateMillionths) / 1_000_000, dollars(cents: r.totalTaxCents), dollars(cents: r.netPayCents),
               Decimal(r.effectiveRateTenThousandths) / 10_000]
    }

    @Test("a figure that fixed point cannot hold exactly is refused, by name")
    func unrepresentable() throws {
        var data = try #require(compiledYears.first)
        data.fica.medicare.rate = try #require(Money.parse("0.01450001"))
        #expect { try FixedPointCalculator(data: data) } throws: { "\($0)".contains("Medicare") && "\($0)".contains("0.01450001") }
        data = try #require(compiledYears.first)
        data.federal.standardDeduction = data.federal.standardDeduction.mapValues { $0 + Money.parse("0.001")! }
        #expect { try FixedPointCalculator(data: data) } throws: { "\($0)".contains("standard deduction") }
    }

    @Test("bad input is a clear error, as in TaxCalculator")
    func badInput() throws {
        let fast = try FixedPointCalculator(data: try #require(compiledYears.last))
        let tx = try fast.state("tx")
        #expect(throws: CalculationError.self) { try fast.calculate(.init(grossCents: -1, status: .single, state: tx)) }
        #expect(throws: CalculationError.self) { try fast.calculate(.init(grossCents: 100_000_000_001, status: .single, state: tx)) }
        #expect(throws: CalculationError.self) { try fast.calculate(.init(grossCents: 100, status: .single, state: tx, newYorkCity: true)) }
        #expect(throws: CalculationError.self) { try fast.state("ZZ") }
        let pennies = PayInput(grossAnnual: Money.parse("100.005")!, status: .single, state: "TX")
        #expect(throws: CalculationError.self) { try FixedPointCalculator.Input(pennies, calculator: fast) }
    }
}
