import Foundation
import Testing
@testable import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

/// Federal withholding (issue 37) against Publication 15-T itself: its Wage Bracket Method tables
/// (`Fixtures/pub15t`, every row as the IRS prints it) are computed from the same figures as the
/// percentage method, at each row's midpoint, rounded half up to the dollar (daily tables to
/// $0.10). Every cell of every table of 2025 and 2026 must come out of TaxData's schedules and
/// our Worksheet 1A.
@Suite("Federal withholding: Publication 15-T")
struct WithholdingTests {
    struct Table {
        var header: [String]
        var rows: [[Decimal]]
    }

    static func table(_ name: String) throws -> Table {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Fixtures/pub15t/\(name).csv"), encoding: .utf8)
        var lines = text.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        let header = lines.removeFirst()
        return Table(header: header, rows: try lines.map { try $0.map { try #require(Money.parse($0), "\(name): '\($0)'") } })
    }

    static func method(_ year: Int) throws -> FederalWithholding {
        try #require(compiledYears.first { $0.meta.taxYear == year }?.federal.withholding, "\(year) has no withholding")
    }

    static func printed(_ exact: Decimal, daily: Bool) -> Decimal {
        var value = exact, rounded = Decimal()
        NSDecimalRound(&rounded, &value, daily ? 1 : 0, .plain)
        return rounded
    }

    static let frequencies: [PayFrequency] = [.weekly, .biweekly, .semimonthly, .monthly, .daily]

    @Test("every cell of the wage bracket tables for Forms W-4 from 2020 or later: standard and Step 2 checkbox, each status", arguments: [2025, 2026])
    func redesignedForm(year: Int) throws {
        let method = try Self.method(year)
        var cells = 0, wrong: [String] = []
        for frequency in Self.frequencies {
            let table = try Self.table("\(year)-\(frequency.rawValue)")
            for row in table.rows {
                let midpoint = (row[0] + row[1]) / 2
                for (column, (status, checkbox)) in [(FilingStatus.marriedFilingJointly, false), (.marriedFilingJointly, true), (.headOfHousehold, false),
                                                      (.headOfHousehold, true), (.single, false), (.single, true)].enumerated() {
                    let w4 = FormW4(formYear: 2020, filingStatus: status, multipleJobs: checkbox)
                    let got = Self.printed(PercentageMethod.perPeriod(method, w4: w4, wages: midpoint, frequency: frequency), daily: frequency == .daily)
                    cells += 1
                    if got != row[column + 2] { wrong.append("\(frequency) \(row[0])–\(row[1]) \(table.header[column + 2]): printed \(row[column + 2]), computed \(got)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(cells) cells differ: \(wrong.prefix(10))")
        #expect(cells > 4_500, "\(cells) cells")
    }

    @Test("every cell of the wage bracket tables for Forms W-4 from 2019 or earlier: married and single, 0 to 10 allowances", arguments: [2025, 2026])
    func allowanceForm(year: Int) throws {
        let method = try Self.method(year)
        var cells = 0, wrong: [String] = []
        for frequency in Self.frequencies {
            for (status, name) in [(FilingStatus.marriedFilingJointly, "married"), (.single, "single")] {
                let table = try Self.table("2019w4-\(year)-\(frequency.rawValue)-\(name)")
                for row in table.rows {
                    let midpoint = (row[0] + row[1]) / 2
                    for allowances in 0...10 {
                        let w4 = FormW4(formYear: 2019, filingStatus: status, allowances: allowances)
                        let got = Self.printed(PercentageMethod.perPeriod(method, w4: w4, wages: midpoint, frequency: frequency), daily: frequency == .daily)
                        cells += 1
                        if got != row[allowances + 2] { wrong.append("\(frequency) \(name) \(row[0])–\(row[1]) \(allowances) allowances: printed \(row[allowances + 2]), computed \(got)") }
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(cells) cells differ: \(wrong.prefix(10))")
        #expect(cells > 13_000, "\(cells) cells")
    }

    @Test("Publication 15 (2025)'s printed results: $2,000 a month single is $77 by the wage bracket method, $75.00 by the percentage method at the exact wage")
    func publication15Example() throws {
        let method = try Self.method(2025)
        let single = FormW4(formYear: 2020, filingStatus: .single)
        // (2,000 × 12 − 8,600) = 15,400 on the 2025 single schedule: 10% over 6,400 = 900 a year, 75.00 a month.
        #expect(PercentageMethod.perPeriod(method, w4: single, wages: 2000, frequency: .monthly) == 75)
        // The wage bracket row 2,000–2,030 is computed at 2,015: (24,180 − 15,000) × 10% / 12 = 76.50 → 77.
        #expect(Self.printed(PercentageMethod.perPeriod(method, w4: single, wages: 2015, frequency: .monthly), daily: false) == 77)
    }

    func paycheck(_ year: Int, _ input: PaycheckInput) throws -> PaycheckResult {
        let data = try #require(compiledYears.first { $0.meta.taxYear == year })
        return try PaycheckCalculator(data: data).calculate(input)
    }

    @Test("Worksheet 1A by hand, 2026: biweekly $3,000 married filing jointly, Step 3 $2,200 and 4(c) $20; FICA; net pay")
    func worksheet() throws {
        // 1c 3,000 × 26 = 78,000; 1i = 78,000 − 12,900 = 65,100; MFJ standard row 44,100: 2,480 + 12% × 21,000 = 5,000;
        // 2h = 5,000 / 26 = 192.3076…; 3b = 2,200 / 26 = 84.6153…; 3c = 107.6923…; + 20 = 127.69.
        let w4 = FormW4(formYear: 2020, filingStatus: .marriedFilingJointly, dependentsAmount: 2200, extraWithholding: 20)
        let r = try paycheck(2026, PaycheckInput(frequency: .biweekly, wages: 3000, w4: w4))
        #expect(r.federalWithholding == Decimal(string: "127.69"))
        #expect(r.socialSecurity == 186 && r.medicare == Decimal(string: "43.5"))
        #expect(r.netPay == 3000 - Decimal(string: "127.69")! - 186 - Decimal(string: "43.5")!)
        let rounded = try paycheck(2026, PaycheckInput(frequency: .biweekly, wages: 3000, w4: w4, roundToDollar: true))
        #expect(rounded.federalWithholding == 128)
        // Pre-tax: a 401(k) deferral lowers the withholding, not FICA; a section 125 deduction lowers both.
        let deferred = try paycheck(2026, PaycheckInput(frequency: .biweekly, wages: 3000, preTax: [.init(.plan401k, 300)], w4: w4))
        #expect(deferred.withholdingWages == 2700 && deferred.socialSecurity == 186)
        let cafeteria = try paycheck(2026, PaycheckInput(frequency: .biweekly, wages: 3000, preTax: [.init(.section125, 300)], w4: w4))
        #expect(cafeteria.withholdingWages == 2700 && cafeteria.socialSecurity == Decimal(string: "167.4"))
    }

    @Test("year to date: Social Security stops at the wage base; the Additional Medicare Tax is withheld above $200,000 whatever the status")
    func yearToDate() throws {
        let w4 = FormW4(formYear: 2020, filingStatus: .marriedFilingJointly)
        // 2026 wage base 184,500: 183,500 paid before, so 1,000 of this 10,000 owes Social Security (62.00).
        let r = try paycheck(2026, PaycheckInput(frequency: .monthly, wages: 10000, w4: w4, yearToDateWages: 183_500))
        #expect(r.socialSecurity == 62)
        // 195,000 paid before: 5,000 of this 10,000 is above 200,000: 1.45% × 10,000 + 0.9% × 5,000 = 145 + 45 = 190.
        let above = try paycheck(2026, PaycheckInput(frequency: .monthly, wages: 10000, w4: w4, yearToDateWages: 195_000))
        #expect(above.medicare == 190 && above.socialSecurity == 0)
    }

    @Test("supplemental wages: 22% flat, 37% on what takes the year's supplemental wages above $1,000,000")
    func supplemental() throws {
        let w4 = FormW4(formYear: 2020, filingStatus: .single)
        let base = try paycheck(2026, PaycheckInput(frequency: .monthly, wages: 5000, w4: w4))
        let bonus = try paycheck(2026, PaycheckInput(frequency: .monthly, wages: 5000, w4: w4, supplemental: 10000))
        #expect(bonus.supplementalWithholding == 2200 && bonus.federalWithholding == base.federalWithholding + 2200)
        // 995,000 paid before: 5,000 at 22% and 5,000 at 37% = 1,100 + 1,850.
        let large = try paycheck(2026, PaycheckInput(frequency: .monthly, wages: 5000, w4: w4, supplemental: 10000, yearToDateSupplemental: 995_000))
        #expect(large.supplementalWithholding == 2950)
    }

    @Test("a nonresident alien's Table 2 amount is added to the wages for the withholding only; Pub 15-T's example: $300 a week, single, 2026")
    func nonresidentAlien() throws {
        // 300 + 309.60 = 609.60 a week; × 52 = 31,699.20 − 8,600 = 23,099.20; single row 19,900: 1,240 + 12% × 3,199.20 = 1,623.904;
        // / 52 = 31.2289… → 31.23 (the wage bracket table gives $31, as Pub 15-T's example prints).
        let w4 = FormW4(formYear: 2020, filingStatus: .single, nonresidentAlien: true)
        let r = try paycheck(2026, PaycheckInput(frequency: .weekly, wages: 300, w4: w4))
        #expect(r.withholdingWages == Decimal(string: "609.6") && r.federalWithholding == Decimal(string: "31.23"))
        #expect(r.socialSecurity == Decimal(string: "18.6"), "the addition is not wages for FICA")
    }

    @Test("refused, naming the field: a W-4 combination the form does not allow, a negative amount")
    func refused() throws {
        func code(_ w4: FormW4, wages: Decimal = 1000) -> (CalculationError.Code?, String?) {
            do { _ = try paycheck(2026, PaycheckInput(frequency: .weekly, wages: wages, w4: w4)); return (nil, nil) } catch {
                let e = error as? CalculationError
                return (e?.code, e?.message)
            }
        }
        let allowances = code(FormW4(formYear: 2020, filingStatus: .single, allowances: 2))
        #expect(allowances.0 == .inconsistentInput && allowances.1?.contains("w4.allowances") == true)
        let checkbox = code(FormW4(formYear: 2019, filingStatus: .single, multipleJobs: true))
        #expect(checkbox.1?.contains("w4.multipleJobs") == true)
        let household = code(FormW4(formYear: 2019, filingStatus: .headOfHousehold))
        #expect(household.1?.contains("w4.filingStatus") == true)
        let negative = code(FormW4(formYear: 2020, filingStatus: .single, deductions: -1))
        #expect(negative.0 == .negativeAmount && negative.1?.contains("w4.deductions") == true)
        #expect(code(FormW4(formYear: 2020, filingStatus: .single), wages: -1).0 == .negativeAmount)
        #expect(code(FormW4(formYear: 2027, filingStatus: .single)).0 == .outOfRange)
        let alien = code(FormW4(formYear: 2020, filingStatus: .marriedFilingJointly, nonresidentAlien: true))
        #expect(alien.1?.contains("nonresident alien") == true)
        // 2024 has no withholding data.
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2024 })
        #expect(throws: CalculationError.self) {
            try PaycheckCalculator(data: data).calculate(PaycheckInput(frequency: .weekly, wages: 1, w4: FormW4(filingStatus: .single)))
        }
    }

    @Test("state methods against their publications' worked examples: Illinois Example B, Kentucky's monthly example, Pennsylvania with a bonus")
    func stateExamples() throws {
        let w4 = FormW4(filingStatus: .single)
        // IL-700-T (2026) Example B: weekly $800, 2 + 2 allowances: (2 × 2,925 + 2 × 1,000) / 52 = 150.96…; (800 − 150.96) × 4.95% = 32.13.
        let il = try paycheck(2026, PaycheckInput(frequency: .weekly, wages: 800, w4: w4, state: "IL",
                                                 stateCertificate: StateCertificate(allowances: 2, additionalAllowances: 2)))
        #expect(il.stateWithholding == Decimal(string: "32.13"))
        #expect(il.netPay == 800 - il.federalWithholding - Decimal(string: "32.13")! - il.socialSecurity - il.medicare)
        // 42A003 (2026): monthly $3,270: 39,240 − 3,360 = 35,880 × 3.5% = 1,255.80 / 12 = 104.65.
        let ky = try paycheck(2026, PaycheckInput(frequency: .monthly, wages: 3270, w4: w4, state: "KY"))
        #expect(ky.stateWithholding == Decimal(string: "104.65"))
        // Pennsylvania: 3.07% of all compensation: biweekly 2,000 → 61.40; with a 5,000 bonus → 214.90.
        let pa = try paycheck(2026, PaycheckInput(frequency: .biweekly, wages: 2000, w4: w4, state: "PA"))
        #expect(pa.stateWithholding == Decimal(string: "61.4"))
        let bonus = try paycheck(2026, PaycheckInput(frequency: .biweekly, wages: 2000, w4: w4, supplemental: 5000, state: "PA"))
        #expect(bonus.stateWithholding == Decimal(string: "214.9"))
        // Pennsylvania taxes 401(k) deferrals: a 200 deferral stays in its wages (61.40), not in the federal ones.
        let deferred = try paycheck(2026, PaycheckInput(frequency: .biweekly, wages: 2000, preTax: [.init(.plan401k, 200)], w4: w4, state: "PA"))
        #expect(deferred.stateWithholding == Decimal(string: "61.4") && deferred.withholdingWages == 1800)
        // Michigan (2026), by hand: semimonthly 2,500, 2 exemptions: (60,000 − 11,800) × 4.25% / 24 = 85.354… → 85.35; + 10 extra.
        let mi = try paycheck(2026, PaycheckInput(frequency: .semimonthly, wages: 2500, w4: w4, state: "MI",
                                                 stateCertificate: StateCertificate(allowances: 2, extraWithholding: 10)))
        #expect(mi.stateWithholding == Decimal(string: "95.35"))
        // 2025's Michigan exemption was 5,800: (60,000 − 11,600) × 4.25% / 24 = 85.708… → 85.71.
        let mi2025 = try paycheck(2025, PaycheckInput(frequency: .semimonthly, wages: 2500, w4: w4, state: "MI",
                                                     stateCertificate: StateCertificate(allowances: 2)))
        #expect(mi2025.stateWithholding == Decimal(string: "85.71"))
    }

    @Test("the state certificate: a field the state's does not have is refused by name; a state without a wage tax withholds 0; one without a method in the data says so")
    func stateCertificate() throws {
        let w4 = FormW4(filingStatus: .single)
        func error(_ input: PaycheckInput) -> CalculationError? {
            do { _ = try paycheck(2026, input); return nil } catch { return error as? CalculationError }
        }
        let status = error(PaycheckInput(frequency: .weekly, wages: 800, w4: w4, state: "IL", stateCertificate: StateCertificate(filingStatus: .single)))
        #expect(status?.code == .inconsistentInput && status?.message.contains("stateCertificate.filingStatus: IL's withholding certificate has no such field") == true)
        let pa = error(PaycheckInput(frequency: .weekly, wages: 800, w4: w4, state: "PA", stateCertificate: StateCertificate(allowances: 1)))
        #expect(pa?.message.contains("stateCertificate.allowances") == true)
        let none = error(PaycheckInput(frequency: .weekly, wages: 800, w4: w4, stateCertificate: StateCertificate(allowances: 1)))
        #expect(none?.message.contains("needs a state") == true)
        // Louisiana's L-4 claims 0, 1 or 2 (maxAllowances): 3 is refused, by name, in both calculators.
        let louisiana = PaycheckInput(frequency: .weekly, wages: 800, w4: w4, state: "LA", stateCertificate: StateCertificate(allowances: 3))
        let three = error(louisiana)
        #expect(three?.code == .outOfRange && three?.message.contains("stateCertificate.allowances: LA's certificate claims at most 2") == true)
        let fast = try FixedPaycheckCalculator(data: try #require(compiledYears.first { $0.meta.taxYear == 2026 }))
        #expect(throws: CalculationError.self) { try FixedPaycheckCalculator.Input(louisiana, calculator: fast) }
        let negative = error(PaycheckInput(frequency: .weekly, wages: 800, w4: w4, state: "IL", stateCertificate: StateCertificate(extraWithholding: -1)))
        #expect(negative?.code == .negativeAmount)
        let texas = try paycheck(2026, PaycheckInput(frequency: .weekly, wages: 800, w4: w4, state: "TX"))
        #expect(texas.stateWithholding == 0)
        // Every state with a wage income tax has its method in 2025 and 2026: without one (taken out here), none is computed, and a note says so.
        var data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        data.states["AR"]?.withholding = nil
        let arkansas = try PaycheckCalculator(data: data).calculate(PaycheckInput(frequency: .weekly, wages: 800, w4: w4, state: "AR"))
        #expect(arkansas.stateWithholding == nil && arkansas.notes.contains { $0.contains("AR's 2026 withholding method is not in the data yet") })
        let exempt = try paycheck(2026, PaycheckInput(frequency: .weekly, wages: 800, w4: w4, state: "IL", stateCertificate: StateCertificate(exempt: true)))
        #expect(exempt.stateWithholding == 0)
    }

    @Test("Arizona: the rate the employee elects on Form A-4, 2.0% when none, any other refused by name", arguments: [2025, 2026])
    func arizona(year: Int) throws {
        let w4 = FormW4(filingStatus: .single)
        // No published worked example: the rate of the state wages, to the cent, plus the extra amount.
        let none = try paycheck(year, PaycheckInput(frequency: .biweekly, wages: Decimal(string: "2345.67")!, w4: w4, state: "AZ"))
        #expect(none.stateWithholding == Decimal(string: "46.91"))   // 2,345.67 × 2.0% = 46.9134
        let elected = try paycheck(year, PaycheckInput(frequency: .biweekly, wages: Decimal(string: "2345.67")!, w4: w4, state: "AZ",
                                                      stateCertificate: StateCertificate(electedRate: Decimal(string: "0.035")!, extraWithholding: 5)))
        #expect(elected.stateWithholding == Decimal(string: "87.10"))   // 2,345.67 × 3.5% = 82.098… → 82.10, + 5
        do {
            _ = try paycheck(year, PaycheckInput(frequency: .biweekly, wages: 2000, w4: w4, state: "AZ",
                                                 stateCertificate: StateCertificate(electedRate: Decimal(string: "0.04")!)))
            Issue.record("AZ accepted 4%")
        } catch let error as CalculationError {
            #expect(error.code == .outOfRange && error.message.contains("stateCertificate.electedRate: 0.04 is not a rate AZ's certificate offers"))
        }
        // Illinois has no elected rate: the field is refused by name.
        do {
            _ = try paycheck(year, PaycheckInput(frequency: .weekly, wages: 800, w4: w4, state: "IL",
                                                 stateCertificate: StateCertificate(electedRate: Decimal(string: "0.02")!)))
            Issue.record("IL accepted an elected rate")
        } catch let error as CalculationError {
            #expect(error.message.contains("stateCertificate.electedRate: IL's withholding certificate has no such field"))
        }
    }

    @Test("supplemental wages by the aggregate method: the total as one payment less the regular wages' withholding; none for an exempt W-4 below $1,000,000")
    func aggregateSupplemental() throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let calculator = PaycheckCalculator(data: data)
        // Biweekly 3,000, single: 320.38 (README). With a 1,000 bonus aggregated: 4,000 × 26 − 8,600 = 95,400, the single
        // STANDARD row from 57,900: 5,800 + 22% × 37,500 = 14,050 / 26 = 540.38; the bonus withholds 540.38 − 320.38 = 220.00.
        let bonus = try calculator.calculate(PaycheckInput(frequency: .biweekly, wages: 3_000, w4: FormW4(filingStatus: .single),
                                                           supplemental: 1_000, supplementalMethod: .aggregate))
        #expect(bonus.supplementalWithholding == 220 && bonus.federalWithholding == Decimal(string: "540.38")!)
        // A bonus that crosses into the 24% row: 10,000 → 13,000 × 26 − 8,600 = 329,400: the 35% row from 265,900 (or the one
        // the schedule has there): the aggregate differs from the flat 2,200.
        let big = try calculator.calculate(PaycheckInput(frequency: .biweekly, wages: 3_000, w4: FormW4(filingStatus: .single),
                                                         supplemental: 10_000, supplementalMethod: .aggregate))
        let flat = try calculator.calculate(PaycheckInput(frequency: .biweekly, wages: 3_000, w4: FormW4(filingStatus: .single), supplemental: 10_000))
        #expect(flat.supplementalWithholding == 2_200 && big.supplementalWithholding > 2_200)
        // An exempt Form W-4: nothing on the supplemental wages up to $1,000,000 by either method; 37% above it whatever the form.
        for method in SupplementalMethod.allCases {
            let exempt = try calculator.calculate(PaycheckInput(frequency: .monthly, wages: 5_000, w4: FormW4(filingStatus: .single, exempt: true),
                                                                supplemental: 50_000, yearToDateSupplemental: 980_000, supplementalMethod: method))
            #expect(exempt.supplementalWithholding == Decimal(string: "11100")!, "\(method): 37% × 30,000 above the million")
        }
    }

    @Test("a year of paychecks against the year's tax: the refund or balance due, federal and state")
    func projection() throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let calculator = PaycheckCalculator(data: data)
        let w4 = FormW4(filingStatus: .marriedFilingJointly, dependentsAmount: 2_200)
        let paycheck = PaycheckInput(frequency: .biweekly, wages: 3_000, w4: w4, state: "IL", stateCertificate: StateCertificate(allowances: 2))
        // Withheld: 107.69 × 26 = 2,799.94. Owed without a child: (78,000 − 32,200) → 2,480 + 12% × 21,000 = 5,000.
        let alone = try calculator.projection(paycheck)
        #expect(alone.paychecks == 26 && alone.federalWithheld == Decimal(string: "2799.94")! && alone.federalOwed == 5_000)
        #expect(alone.federalRefund == Decimal(string: "-2200.06")!, "the W-4 claims a child the household does not have")
        // Illinois: 137.36 × 26 = 3,571.36 withheld; (78,000 − 2 × 2,925) × 4.95% = 3,571.4250 owed, 3,571.43 to the cent.
        #expect(alone.stateWithheld == Decimal(string: "3571.36")! && alone.stateOwed == Decimal(string: "3571.43")!)
        #expect(alone.stateRefund == Decimal(string: "-0.07")!)
        // With the child the W-4's Step 3 stands for: the $2,200 credit, owed 2,800; withheld 2,799.94.
        let household = PayInput(grossAnnual: 78_000, status: .marriedFilingJointly, state: "IL", dependents: 1, children: 1)
        let withChild = try calculator.projection(paycheck, household: household)
        #expect(withChild.federalOwed == 2_800 && withChild.federalRefund == Decimal(string: "-0.06")!)
        // A bonus is withheld once (22% federal; Illinois with that paycheck only); no state: nothing to project there.
        var bonus = PaycheckInput(frequency: .monthly, wages: 5_000, w4: FormW4(filingStatus: .single), supplemental: 10_000, state: "IL")
        let withBonus = try calculator.projection(bonus)
        let regular = try calculator.calculate(PaycheckInput(frequency: .monthly, wages: 5_000, w4: FormW4(filingStatus: .single), state: "IL"))
        #expect(withBonus.federalWithheld == regular.federalWithholding * 12 + 2_200)
        #expect(withBonus.stateWithheld == regular.stateWithholding! * 11 + Decimal(string: "742.50")!)   // 15,000 × 4.95%
        #expect(withBonus.household.grossAnnual == 70_000)
        bonus.state = nil
        #expect(try calculator.projection(bonus).stateRefund == nil)
    }

    @Test("the state's payroll contributions on a paycheck: each line at its rate, up to what is left of its wage base, at most its weekly maximum; in a state without an income tax too")
    func contributions() throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let calculator = PaycheckCalculator(data: data)
        let w4 = FormW4(filingStatus: .single)
        func lines(_ input: PaycheckInput) throws -> [String: Decimal] {
            Dictionary(uniqueKeysWithValues: try calculator.calculate(input).payrollContributions.map { ($0.id, $0.amount) })
        }
        // New Jersey 2026: UI 0.3825% and the workforce funds 0.0425% to 44,800; TDI 0.19% and FLI 0.23% to 171,100.
        // A $2,000 paycheck with 44,000 paid before: UI and the funds on the 800 left; TDI and FLI on all of it.
        let nj = try lines(PaycheckInput(frequency: .biweekly, wages: 2_000, w4: w4, yearToDateWages: 44_000, state: "NJ"))
        #expect(nj["nj-ui"] == Decimal(string: "3.06")! && nj["nj-wf-swf"] == Decimal(string: "0.34")!, "\(nj)")   // 800 × 0.3825% = 3.06; × 0.0425% = 0.34
        #expect(nj["nj-tdi"] == Decimal(string: "3.80")! && nj["nj-fli"] == Decimal(string: "4.60")!, "\(nj)")
        let past = try lines(PaycheckInput(frequency: .biweekly, wages: 2_000, w4: w4, yearToDateWages: 180_000, state: "NJ"))
        #expect(past.values.allSatisfy { $0 == 0 }, "every wage base reached: \(past)")
        // New York's DBL: 0.5% of wages, at most $0.60 a week: $1.30 for a semimonthly paycheck (0.60 × 52 / 24).
        let ny = try lines(PaycheckInput(frequency: .semimonthly, wages: 3_000, w4: w4, state: "NY"))
        #expect(ny["ny-dbl"] == Decimal(string: "1.30")!, "\(ny)")
        // Washington has no income tax but withholds paid leave and WA Cares; net pay counts them.
        let wa = try calculator.calculate(PaycheckInput(frequency: .biweekly, wages: 4_000, w4: w4, state: "WA"))
        #expect(wa.stateWithholding == 0 && wa.payrollContributions.count == 2)
        #expect(wa.netPay == 4_000 - wa.federalWithholding - wa.socialSecurity - wa.medicare - wa.statePayrollContributions)
    }

    @Test("local withholding: a wage tax at its rate of the paycheck, an income tax as the year's over the paychecks (with a note); a locality needs its state")
    func localWithholding() throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let calculator = PaycheckCalculator(data: data)
        let w4 = FormW4(filingStatus: .single)
        // Columbus, Ohio: 2.5% of wages: 3,000 × 2.5% = 75.00, in net pay.
        let columbus = try calculator.calculate(PaycheckInput(frequency: .biweekly, wages: 3_000, w4: w4, state: "OH", localities: ["3918000"]))
        #expect(columbus.localWithholding == 75 && columbus.localTaxes.count == 1)
        let alone = try calculator.calculate(PaycheckInput(frequency: .biweekly, wages: 3_000, w4: w4, state: "OH"))
        #expect(alone.localWithholding == nil && alone.netPay - columbus.netPay == 75)
        // Yonkers taxes a share of the New York State tax: the year's tax over 26 paychecks, said so. (Maryland's
        // counties are withheld by its own method since it is in the data: MarylandWithholdingTests.)
        let yonkers = try calculator.calculate(PaycheckInput(frequency: .biweekly, wages: 3_000, w4: w4, state: "NY", localities: ["3684000"]))
        let year = try TaxCalculator(data: data).calculate(PayInput(grossAnnual: 78_000, status: .single, state: "NY", localities: ["3684000"]))
        #expect(yonkers.localWithholding == Rounding.cent(year.localIncomeTax / 26))
        #expect(yonkers.localWithholding ?? 0 > 0)
        #expect(yonkers.notes.contains { $0.contains("tax is on income, not wages") })
        #expect(throws: CalculationError.self) { try calculator.calculate(PaycheckInput(frequency: .weekly, wages: 900, w4: w4, localities: ["3918000"])) }
        #expect(throws: CalculationError.self) { try calculator.calculate(PaycheckInput(frequency: .weekly, wages: 900, w4: w4, state: "OH", localities: ["ZZ-1"])) }
    }

    /// One state paycheck: year, state, frequency, wages, certificate, federal status, expected.
    struct StateCase: Sendable, CustomTestStringConvertible {
        var year: Int, state: String, frequency: PayFrequency, wages: String
        var certificate = StateCertificate()
        var federal: FilingStatus = .single
        /// The paycheck's dates, for a method that changes during the year.
        var payDate: String? = nil, periodStart: String? = nil, periodEnd: String? = nil
        var expected: String
        var why: String
        var testDescription: String { "\(year) \(state) \(frequency.rawValue) \(wages): \(expected) (\(why))" }
    }

    @Test("state methods against their worked examples", arguments: [
        // Delaware Employer's Guide, Section 17: three $25,000 employees, annual tax 722 / 339 / 612, and their paychecks.
        StateCase(year: 2026, state: "DE", frequency: .annual, wages: "25000", certificate: StateCertificate(filingStatus: .single, allowances: 1),
                  expected: "722.00", why: "single, 1 exemption: 741 + 1,750 × 5.2% = 832, less 110"),
        StateCase(year: 2026, state: "DE", frequency: .annual, wages: "25000", certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 3),
                  expected: "339.00", why: "joint, 3 exemptions: tax on 18,500 is 669, less 330"),
        StateCase(year: 2026, state: "DE", frequency: .annual, wages: "25000", certificate: StateCertificate(filingStatus: .marriedFilingSeparately, allowances: 2),
                  expected: "612.00", why: "separate, 2 exemptions: 832 less 220"),
        StateCase(year: 2025, state: "DE", frequency: .weekly, wages: "480.77", certificate: StateCertificate(filingStatus: .single, allowances: 1),
                  expected: "13.88", why: "the Guide's weekly figure, 722 / 52"),
        StateCase(year: 2026, state: "DE", frequency: .monthly, wages: "2083.33", certificate: StateCertificate(filingStatus: .marriedFilingSeparately, allowances: 2),
                  expected: "51.00", why: "the Guide's monthly figure, 612 / 12"),
        // Minnesota 2026: the booklet prints no computer-formula example; the chart's own arithmetic.
        StateCase(year: 2026, state: "MN", frequency: .weekly, wages: "1000", certificate: StateCertificate(filingStatus: .single, allowances: 1),
                  expected: "45.63", why: "52,000 − 5,300 = 46,700: 1,782.09 + 6.8% × 8,690 = 2,373.01 / 52"),
        StateCase(year: 2026, state: "MN", frequency: .daily, wages: "100", expected: "4.65", why: "daily × 360; no W-4MN: single, 0"),
        // North Dakota 2026 takes the federal W-4's status. The booklet's weekly $1,800 example prints $14 from 2025's
        // threshold (1.95% × (93,600 − 55,975) = 733.69); with 2026's 57,625 it is 701.51 / 52 = 13.49, to the dollar 13.
        StateCase(year: 2026, state: "ND", frequency: .weekly, wages: "1800", expected: "13.00", why: "single W-4, whole dollars"),
        StateCase(year: 2026, state: "ND", frequency: .weekly, wages: "1800", federal: .headOfHousehold, expected: "6.00",
                  why: "head of household W-4: 1.95% × (93,600 − 78,475) = 294.94 / 52 = 5.67, to the dollar 6"),
        // ND 2025 (Suburban and Dynamics GP's tables): the same $1,800 week, 1.95% × (93,600 − 55,975) = 733.69 / 52 = 14.11 → 14,
        // what the 2026 booklet still prints.
        StateCase(year: 2025, state: "ND", frequency: .weekly, wages: "1800", expected: "14.00", why: "2025's single table"),
        // North Carolina NC-30 (2026): weekly $450, single, 2 allowances: (23,400 − 12,750 − 5,000) × 4.09% = 231.09 / 52 = 4.44 → $4.
        StateCase(year: 2026, state: "NC", frequency: .weekly, wages: "450", certificate: StateCertificate(filingStatus: .single, allowances: 2),
                  expected: "4.00", why: "NC-30's example, whole dollars"),
        StateCase(year: 2026, state: "NC", frequency: .weekly, wages: "1000", expected: "31.00",
                  why: "no NC-4: single, 0; 39,250 × 4.09% = 1,605.33 / 52 = 30.87 → 31"),
        StateCase(year: 2026, state: "NC", frequency: .monthly, wages: "6000", certificate: StateCertificate(filingStatus: .headOfHousehold),
                  expected: "180.00", why: "head of household: (72,000 − 19,125) × 4.09% = 2,162.59 / 12 = 180.22 → 180"),
        // Wisconsin W-166 (January 2026), the Alternate Method's three examples: the deduction shrinks with the year's wages.
        StateCase(year: 2026, state: "WI", frequency: .weekly, wages: "350", certificate: StateCertificate(filingStatus: .single, allowances: 1),
                  expected: "7.59", why: "6,702 − 12% × 420 = 6,651.60; 3.54% × 11,148.40 = 394.65 / 52"),
        StateCase(year: 2026, state: "WI", frequency: .weekly, wages: "500", certificate: StateCertificate(filingStatus: .single, allowances: 3),
                  expected: "14.34", why: "6,702 − 12% × 8,220 = 5,715.60; 451.70 + 4.65% × 6,324.40 = 745.79 / 52"),
        StateCase(year: 2026, state: "WI", frequency: .biweekly, wages: "1000", certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 3),
                  expected: "22.08", why: "9,461 − 20% × 273 = 9,406.40; 451.70 + 4.65% × 2,633.60 = 574.16 / 26"),
        StateCase(year: 2026, state: "WI", frequency: .monthly, wages: "8000", certificate: StateCertificate(filingStatus: .single),
                  expected: "398.37", why: "96,000 a year is above 73,630: no deduction; 1,045.04 + 5.3% × 70,480 = 4,780.48 / 12"),
        // Rhode Island 2026: weekly $2,195, 1 exemption: 114,140 − 1,000 = 113,140; 3,076.875 + 4.75% × 31,090 = 4,553.65 / 52 = 87.57.
        StateCase(year: 2026, state: "RI", frequency: .weekly, wages: "2195", certificate: StateCertificate(allowances: 1),
                  expected: "87.57", why: "the tables' example"),
        // Above $290,800 a year the exemptions count for nothing: weekly 5,600 (291,200 a year) with 3 exemptions.
        StateCase(year: 2026, state: "RI", frequency: .weekly, wages: "5600", certificate: StateCertificate(allowances: 3),
                  expected: "275.20", why: "3,076.875 + 4,959 + 5.99% × 104,750 = 14,310.40 / 52"),
        // Kentucky 2025 (42A003(T) 2025): monthly $3,270: (39,240 − 3,270) × 4% = 1,438.80 / 12 = 119.90.
        StateCase(year: 2025, state: "KY", frequency: .monthly, wages: "3270", expected: "119.90", why: "2025's rate and deduction"),
        // Wisconsin 2025: the same formula, W-166's first example.
        StateCase(year: 2025, state: "WI", frequency: .weekly, wages: "350", certificate: StateCertificate(filingStatus: .single, allowances: 1),
                  expected: "7.59", why: "the 2022 formula, unchanged"),
        // Virginia's Guide (Rev. 05/25), 'John': semimonthly 2,649, 5 exemptions: 63,576 − 13,400 = 50,176; 720 + 5.75% ×
        // 33,176 = 2,627.62 / 24 = 109.48. The Guide prints 109.50 (its annual tax rounded to 2,628 first).
        StateCase(year: 2026, state: "VA", frequency: .semimonthly, wages: "2649", certificate: StateCertificate(allowances: 5),
                  expected: "109.48", why: "John, to the cent"),
        // Kansas KW-100, Esmeralda Espinoza: semi-monthly $2,000, Joint, 3 allowances: 763.33 + 96.67 = 860; 2,000 − 860 =
        // 1,140; (1,140 − 343) × 5.2% = 41.44 (the table's floor 8,240 / 24 = 343.33 printed 343). Same tables in 2025.
        StateCase(year: 2026, state: "KS", frequency: .semimonthly, wages: "2000",
                  certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 3), expected: "41.44", why: "Esmeralda Espinoza"),
        StateCase(year: 2025, state: "KS", frequency: .semimonthly, wages: "2000",
                  certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 3), expected: "41.44", why: "the July 2024 tables"),
        // One allowance on a Joint K-4 is worth half the Joint column: 176.15 a week, as Single's first.
        StateCase(year: 2026, state: "KS", frequency: .weekly, wages: "1000",
                  certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 1), expected: "34.62",
                  why: "1,000 − 176.15 = 823.85; 5.2% × (823.85 − 158) = 34.62"),
        // New Mexico FYI-104: married, weekly $1,000, $20 more: 12.77 + 4.3% × (1,000 − 790) = 21.80 + 20 = 41.80.
        StateCase(year: 2026, state: "NM", frequency: .weekly, wages: "1000", certificate: StateCertificate(extraWithholding: 20),
                  federal: .marriedFilingJointly, expected: "41.80", why: "FYI-104's example (the annualized formula gives 41.78)"),
        StateCase(year: 2026, state: "NM", frequency: .annual, wages: "50000", expected: "1562.65", why: "Table 7(a): 1,165.50 + 4.7% × 8,450"),
        StateCase(year: 2026, state: "NM", frequency: .weekly, wages: "1000", expected: "31.86", why: "Table 1(a): 22.41 + 4.7% × 201"),
        // Oklahoma OW-2: semimonthly $1,825, married, 2 allowances: 1,825 − 83.34 = 1,741.66; 9.10 + 4.5% × 612.66 = 36.67 → 37.
        StateCase(year: 2026, state: "OK", frequency: .semimonthly, wages: "1825",
                  certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 2), expected: "37", why: "OW-2's sample"),
        StateCase(year: 2026, state: "OK", frequency: .semimonthly, wages: "1825", certificate: StateCertificate(filingStatus: .single),
                  expected: "61", why: "Table 3 single: 4.55 + 4.5% × 1,260 = 61.25 → 61"),
        // Indiana DN#1: weekly $800, 5 personal, 3 + 1 dependent and 2 adopted (4 more Table B) exemptions: 96.15 + 86.54 + 28.85 +
        // 115.38 = 326.92; 473.08 × 2.95% = 13.96. The count's total is divided (round(8 × 1,500 / 52) = 230.77, as the three lines).
        StateCase(year: 2026, state: "IN", frequency: .weekly, wages: "800", certificate: StateCertificate(allowances: 5, additionalAllowances: 8),
                  expected: "13.96", why: "DN#1's example"),
        // New York NYS-50-T-NYS (1/26), Method II examples: wages less Table A's allowance total, the period's table.
        StateCase(year: 2026, state: "NY", frequency: .weekly, wages: "400", certificate: StateCertificate(allowances: 3), expected: "8.01",
                  why: "Single Example 1: 400 − 200.05 = 199.95; 6.38 + 4.4% × 36.95"),
        StateCase(year: 2026, state: "NY", frequency: .semimonthly, wages: "5000", certificate: StateCertificate(allowances: 1), expected: "258.50",
                  why: "Single Example 2: 246.08 + 7.53% × 165 = 258.5045; the publication prints 258.51"),
        StateCase(year: 2026, state: "NY", frequency: .monthly, wages: "50000", certificate: StateCertificate(allowances: 3), expected: "3576.63",
                  why: "Single Example 3: 49,133.40; 1,590.92 + 7.35% × 27,016.40"),
        StateCase(year: 2026, state: "NY", frequency: .daily, wages: "750", certificate: StateCertificate(allowances: 2), expected: "44.10",
                  why: "Single Example 4: 713.85; 37.20 + 6.40% × 107.85"),
        StateCase(year: 2026, state: "NY", frequency: .weekly, wages: "400", certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 4),
                  expected: "6.69", why: "Married Example 1: 400 − 229.90 = 170.10; 6.38 + 4.4% × 7.10"),
        StateCase(year: 2026, state: "NY", frequency: .monthly, wages: "50000", certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 3),
                  expected: "3622.09", why: "Married Example 3: 49,087.60; 2,300 + 7.35% × 17,987.60"),
        StateCase(year: 2026, state: "NY", frequency: .daily, wages: "750", certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 2),
                  expected: "44.58", why: "Married Example 4: 711.70; 36.11 + 8.01% × 105.70"),
        // Method III: weekly 25,000 single: 24,857.70 × 52 = 1,292,600.40 ≥ 1,077,550: 10.45% of the whole, 135,076.74 / 52.
        StateCase(year: 2026, state: "NY", frequency: .weekly, wages: "25000", expected: "2597.63", why: "Method III, by hand"),
        // Above 5,000,000 a year, 11.10%: monthly 500,000 married: 499,337.50 × 12 = 5,992,050 × 11.10% = 665,117.55 / 12.
        StateCase(year: 2026, state: "NY", frequency: .monthly, wages: "500000", certificate: StateCertificate(filingStatus: .marriedFilingJointly),
                  expected: "55426.46", why: "Method III's second tier, by hand"),
        // Vermont GB-1210 (2026): weekly $1,800, married, 2 allowances: 1,800 − 207.70 = 1,592.30; 3.35% × (1,592.30 − 226) = 45.77.
        StateCase(year: 2026, state: "VT", frequency: .weekly, wages: "1800", certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 2),
                  expected: "45.77", why: "GB-1210's example"),
        // Mississippi 89-700 (2026): weekly $500: 26,000 − 2,300 = 23,700; 4% × 13,700 = 548 / 52 = 10.54 → 11.
        StateCase(year: 2026, state: "MS", frequency: .weekly, wages: "500", expected: "11", why: "single, no 89-350"),
        StateCase(year: 2026, state: "MS", frequency: .weekly, wages: "500", certificate: StateCertificate(filingStatus: .single, exemptionAmount: 6000),
                  expected: "6", why: "a $6,000 exemption: 17,700; 308 / 52 = 5.92"),
        StateCase(year: 2026, state: "MS", frequency: .weekly, wages: "500", certificate: StateCertificate(filingStatus: .marriedFilingJointly),
                  expected: "9", why: "married, spouse not employed: 21,400; 456 / 52 = 8.77"),
        // Georgia, Employer's Withholding Tax Guide 2026: per period, the deductions' shares to the cent, then the flat rate;
        // 5.19% (December 2025 guide) for wages paid before 2026-05-11, 4.99% (June 2026 guide) from then.
        StateCase(year: 2026, state: "GA", frequency: .semimonthly, wages: "1470.83", certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 1),
                  payDate: "2026-03-15", expected: "15.79", why: "the December 2025 guide's example: 1,470.83 − 1,000.00 − 166.67 = 304.16 × 5.19%"),
        StateCase(year: 2026, state: "GA", frequency: .semimonthly, wages: "2000", certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 1),
                  payDate: "2026-06-15", expected: "27.03", why: "the June 2026 guide's Example #1: 2,000 − 1,250.00 − 208.33 = 541.67 × 4.99%"),
        StateCase(year: 2026, state: "GA", frequency: .biweekly, wages: "935", certificate: StateCertificate(filingStatus: .headOfHousehold, allowances: 2),
                  payDate: "2026-05-11", expected: "0", why: "Example #2, paid on the change's first day: 935 − 576.92 − 384.62 < 0"),
        // Georgia 2025: 5.39%, then 5.19% for wages paid from 2025-07-01 (H.B. 111); by hand, no example printed.
        StateCase(year: 2025, state: "GA", frequency: .semimonthly, wages: "2000", certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 1),
                  payDate: "2025-06-30", expected: "44.92", why: "833.33 × 5.39% = 44.9165"),
        StateCase(year: 2025, state: "GA", frequency: .semimonthly, wages: "2000", certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 1),
                  payDate: "2025-07-01", expected: "43.25", why: "833.33 × 5.19% = 43.2498"),
        // Virginia 2025: 8,500 before July 1, 8,750 for wages paid from then (H.B. 1600). 'John' prints 109.50 (the Guide rounds the
        // year's tax to the dollar first); the formula: 63,576 − 8,750 − 4,650 = 50,176; 720 + 5.75% × 33,176 = 2,627.62 / 24 = 109.48.
        StateCase(year: 2025, state: "VA", frequency: .semimonthly, wages: "2649", certificate: StateCertificate(allowances: 5),
                  payDate: "2025-07-15", expected: "109.48", why: "'John' by the formula (printed 109.50)"),
        StateCase(year: 2025, state: "VA", frequency: .semimonthly, wages: "2649", certificate: StateCertificate(allowances: 5),
                  payDate: "2025-06-13", expected: "110.08", why: "before July 1: 50,426; 720 + 5.75% × 33,426 = 2,641.995 / 24"),
        // Ohio 2026 (Optional Computer Formula Rev. 09/25, then Rev. 07/26 for periods ending from 2026-08-01), by hand: weekly 1,000,
        // 1 exemption: 52,000 − 650 = 51,350.
        StateCase(year: 2026, state: "OH", frequency: .weekly, wages: "1000", certificate: StateCertificate(allowances: 1), periodEnd: "2026-07-31",
                  expected: "23.44", why: "462.39 + 2.99% × 25,300 = 1,218.86 / 52"),
        StateCase(year: 2026, state: "OH", frequency: .weekly, wages: "1000", certificate: StateCertificate(allowances: 1), periodEnd: "2026-08-01",
                  expected: "22.56", why: "416.80 + 2.99% × 25,300 = 1,173.27 / 52"),
        // Louisiana R-1306: 3.09% of the wages less the L-4's Block A claims' share (12,875 each in 2026, 12,500 in 2025), to the cent.
        StateCase(year: 2026, state: "LA", frequency: .weekly, wages: "700", certificate: StateCertificate(allowances: 1),
                  expected: "13.98", why: "R-1306 (1/26) Example 1: 700 − 247.60 = 452.40 × 3.09%"),
        StateCase(year: 2026, state: "LA", frequency: .biweekly, wages: "4600", certificate: StateCertificate(allowances: 2),
                  expected: "111.54", why: "R-1306 (1/26) Example 2: 4,600 − 990.38 = 3,609.62 × 3.09%"),
        StateCase(year: 2025, state: "LA", frequency: .semimonthly, wages: "5000", certificate: StateCertificate(allowances: 2),
                  expected: "122.31", why: "RealTaxTools' 2025 example: 5,000 − 1,041.67 = 3,958.33 × 3.09%"),
        // Nebraska Circular EN (2026): the weekly wage-bracket line $500-$510, single, 0 allowances, at its midpoint.
        StateCase(year: 2026, state: "NE", frequency: .weekly, wages: "505", expected: "14.38", why: "Circular EN's weekly table"),
        // Hawaii Booklet A: weekly 500, single, 3 allowances: 26,000 − 3,432 − 4,350 = 18,218; 288 + 5.5% × 3,818 = 497.99 / 52.
        StateCase(year: 2026, state: "HI", frequency: .weekly, wages: "500", certificate: StateCertificate(filingStatus: .single, allowances: 3),
                  expected: "9.58", why: "Booklet A's example"),
        // District of Columbia: no published example; the FR-230 method by hand (openbooks' cases): weekly 1,000, no allowance.
        StateCase(year: 2026, state: "DC", frequency: .weekly, wages: "1000", expected: "57.31", why: "by hand"),
        StateCase(year: 2026, state: "DC", frequency: .daily, wages: "400", expected: "29.62", why: "daily: the schedule over 365, by hand"),
        // Missouri 2026 withholding formula: $35,000 a year, married with a working spouse (16,100), monthly 2,916.67: $59.
        StateCase(year: 2026, state: "MO", frequency: .monthly, wages: "2916.67", certificate: StateCertificate(filingStatus: .marriedFilingSeparately),
                  expected: "59", why: "the formula's example, whole dollars"),
        // South Carolina WH-1603F: the standard deduction is 10% of the year's wages, at most 7,500 (2025: 7,300), none without an allowance.
        StateCase(year: 2026, state: "SC", frequency: .weekly, wages: "750", certificate: StateCertificate(allowances: 3),
                  expected: "10.58", why: "WH-1603F 2026's example: 39,000 − 15,000 − 3,900 = 20,100; 437.70 + 6% × 1,870 = 549.90 / 52"),
        StateCase(year: 2025, state: "SC", frequency: .weekly, wages: "750", certificate: StateCertificate(allowances: 3),
                  expected: "11.44", why: "RealTaxTools' 2025 example: 39,000 − 14,580 − 3,900 = 20,520; 594.88 / 52"),
        StateCase(year: 2026, state: "SC", frequency: .weekly, wages: "750",
                  expected: "32.38", why: "no allowance, so no standard deduction either: 437.70 + 6% × 20,770 = 1,683.90 / 52"),
        // Iowa's 2026 formula (openbooks' transcription of its Examples 1-6): the period's deduction, 3.8%, less the IA W-4 line 7 dollars' share.
        StateCase(year: 2026, state: "IA", frequency: .biweekly, wages: "2100", certificate: StateCertificate(creditAmount: 40),
                  expected: "59.26", why: "Example 1: 2,100 − 500.00 = 1,600 × 3.8% = 60.80 − 1.54"),
        StateCase(year: 2026, state: "IA", frequency: .biweekly, wages: "2100", certificate: StateCertificate(filingStatus: .marriedFilingJointly, creditAmount: 80),
                  expected: "38.72", why: "Example 2: 2,100 − 1,000.00 = 1,100 × 3.8% = 41.80 − 3.08"),
        StateCase(year: 2026, state: "IA", frequency: .biweekly, wages: "2100", certificate: StateCertificate(filingStatus: .headOfHousehold, creditAmount: 160),
                  expected: "45.15", why: "Example 3: 2,100 − 750.00 = 1,350 × 3.8% = 51.30 − 6.15"),
        StateCase(year: 2026, state: "IA", frequency: .monthly, wages: "5000", certificate: StateCertificate(creditAmount: 40),
                  expected: "145.50", why: "Example 4: 5,000 − 1,083.33 = 3,916.67 × 3.8% = 148.83 − 3.33"),
        StateCase(year: 2026, state: "IA", frequency: .monthly, wages: "5000", certificate: StateCertificate(filingStatus: .marriedFilingJointly, creditAmount: 80),
                  expected: "101", why: "Example 5: 2,833.33 × 3.8% = 107.67 − 6.67"),
        StateCase(year: 2026, state: "IA", frequency: .monthly, wages: "5000", certificate: StateCertificate(filingStatus: .headOfHousehold, creditAmount: 160),
                  expected: "114.92", why: "Example 6: 3,375 × 3.8% = 128.25 − 13.33"),
        // Utah Publication 14, per period with the federal W-4's status: wages × rate to the dollar, less the base allowance
        // phased out at 1.3% of the wages above the threshold (to the dollar); Rev. 4/25 before periods beginning 2026-06-01, Rev. 4/26 from then.
        StateCase(year: 2026, state: "UT", frequency: .biweekly, wages: "2600", periodStart: "2026-02-28",
                  expected: "117", why: "Rev. 4/25 Example 2: 117; base 17; 2,250 × 1.3% = 29 > 17"),
        StateCase(year: 2026, state: "UT", frequency: .weekly, wages: "400", periodStart: "2026-06-01",
                  expected: "12", why: "Rev. 4/26 Example 1: 17.80 → 18; 9 − (220 × 1.3% = 2.86 → 3) = 6; 18 − 6"),
        StateCase(year: 2026, state: "UT", frequency: .biweekly, wages: "2600", periodStart: "2026-06-06",
                  expected: "116", why: "Rev. 4/26 Example 2: 115.70 → 116; 19 − 29 < 0"),
        StateCase(year: 2026, state: "UT", frequency: .semimonthly, wages: "1200", federal: .marriedFilingJointly, periodStart: "2026-06-16",
                  expected: "18", why: "Rev. 4/26 Example 3: 53.40 → 53; 40 − (421 × 1.3% = 5.47 → 5) = 35"),
        StateCase(year: 2026, state: "UT", frequency: .monthly, wages: "7800", federal: .marriedFilingJointly, periodStart: "2026-07-01",
                  expected: "347", why: "Rev. 4/26 Example 4: 347.10 → 347; 81 − 81 = 0"),
        StateCase(year: 2026, state: "UT", frequency: .quarterly, wages: "9000", periodStart: "2026-07-01",
                  expected: "367", why: "Rev. 4/26 Example 5: 400.50 → 401; 121 − (6,663 × 1.3% = 86.62 → 87) = 34"),
        StateCase(year: 2026, state: "UT", frequency: .daily, wages: "175", federal: .marriedFilingJointly, periodStart: "2026-06-05",
                  expected: "5", why: "Rev. 4/26 Example 6: 7.79 → 8; 4 − (103 × 1.3% = 1.34 → 1) = 3"),
        // California EDD Method B, its annualized variant (2026): nothing at or below the low-income exemption; married with two or more
        // allowances takes 11,412 and 37,791; $1,000 per estimated-deduction allowance; a 168.30 credit per regular allowance.
        StateCase(year: 2026, state: "CA", frequency: .weekly, wages: "210", certificate: StateCertificate(filingStatus: .single, allowances: 1),
                  expected: "0", why: "Example A: 10,920 ≤ 18,896"),
        StateCase(year: 2026, state: "CA", frequency: .biweekly, wages: "1600",
                  certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 2, additionalAllowances: 1),
                  expected: "2.38", why: "Example B: 41,600 − 1,000 − 11,412 = 29,188; 243.74 + 2.2% × 7,030 = 398.40 − 336.60 = 61.80 / 26"),
        StateCase(year: 2026, state: "CA", frequency: .semimonthly, wages: "2400", certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 4),
                  expected: "4.13", why: "Example E (annualized): 46,188; 772.40 − 673.20 = 99.20 / 24"),
        StateCase(year: 2026, state: "CA", frequency: .monthly, wages: "4750", certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 4),
                  expected: "7.17", why: "Example F (annualized): 45,588; 759.20 − 673.20 = 86.00 / 12"),
        // Examples C and D are worked on the per-period Tables 8-28, which round their floors and bases otherwise: 0.82 and 1.69 printed.
        StateCase(year: 2026, state: "CA", frequency: .monthly, wages: "5100", certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 5),
                  expected: "0.84", why: "Example C annualized (the monthly table prints 0.82): 49,788; 851.60 − 841.50 = 10.10 / 12"),
        StateCase(year: 2026, state: "CA", frequency: .weekly, wages: "950", certificate: StateCertificate(filingStatus: .headOfHousehold, allowances: 3),
                  expected: "1.67", why: "Example D annualized (the weekly table prints 1.69): 37,988; 591.83 − 504.90 = 86.93 / 52"),
        // Alabama (booklet rev. August 2024), with this calculator's own federal withholding (23.08 for a 2026 weekly 850 joint W-4):
        // 44,200 − 5,000 − 1,200.16 − 3,000 − 2,000 = 32,999.84; 20 + 200 + 5% × 26,999.84 = 1,569.99 / 52.
        StateCase(year: 2026, state: "AL", frequency: .weekly, wages: "850",
                  certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 1, additionalAllowances: 2), federal: .marriedFilingJointly,
                  expected: "30.19", why: "the booklet's M-2 example on 2026's federal withholding"),
        // Mississippi 2025 at 4.4% (estimated: one withholding source), by hand: 26,000 − 2,300 − 10,000 = 13,700 × 4.4% = 602.80 / 52 = 11.59 → 12.
        StateCase(year: 2025, state: "MS", frequency: .weekly, wages: "500", expected: "12", why: "2025's 4.4%, whole dollars"),
        // North Carolina 2025 (estimated: 4.25% + 0.1%), by hand: (52,000 − 12,750 − 2,500) × 4.35% = 1,598.625 / 52 = 30.74 → 31.
        StateCase(year: 2025, state: "NC", frequency: .weekly, wages: "1000", certificate: StateCertificate(allowances: 1), expected: "31",
                  why: "2026's method at 2025's 4.35%, whole dollars"),
        // Vermont 2025 (estimated: Suburban's annual table, the per-period ones by the 2026 rule): 1,800 − 2 × 101.92 = 1,596.16;
        // 3.35% × (1,596.16 − 221) = 46.07 (221 = 11,475 / 52 to the dollar).
        StateCase(year: 2025, state: "VT", frequency: .weekly, wages: "1800", certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 2),
                  expected: "46.07", why: "GB-1210's example's paycheck on 2025's figures"),
        // Colorado DR 1098: the DR 0004 amount, or without one $5,000 ($10,000 for a joint federal W-4); 4.40%. No published example: by hand.
        StateCase(year: 2026, state: "CO", frequency: .biweekly, wages: "3000", expected: "123.54", why: "78,000 − 5,000 = 73,000 × 4.4% = 3,212 / 26"),
        StateCase(year: 2026, state: "CO", frequency: .biweekly, wages: "3000", federal: .marriedFilingJointly,
                  expected: "115.08", why: "a joint W-4's default: 68,000 × 4.4% = 2,992 / 26"),
        StateCase(year: 2026, state: "CO", frequency: .biweekly, wages: "3000", certificate: StateCertificate(exemptionAmount: 0),
                  expected: "132", why: "a DR 0004 claiming 0 replaces the default: 78,000 × 4.4% / 26"),
        // Utah Publication 14 (Rev. 4/25), Example 2 (as openbooks transcribes it): biweekly 2,600 single, from periods beginning 2025-06-01;
        // the January method (Rev. 4/24, 4.55%) before it.
        StateCase(year: 2025, state: "UT", frequency: .biweekly, wages: "2600", periodStart: "2025-06-01", expected: "117", why: "Rev. 4/25 Example 2"),
        StateCase(year: 2025, state: "UT", frequency: .biweekly, wages: "2600", periodStart: "2025-05-20", expected: "118",
                  why: "Rev. 4/24: 4.55% × 2,600 = 118.30; credit 440 / 26 = 16.92 less 1.3% × (2,600 − 339) = 29.39: none; to the dollar"),
        // Ohio 2025, by hand: the July 2024 tables to September, the Rev. 09/25 ones for wages paid from 2025-10-01.
        StateCase(year: 2025, state: "OH", frequency: .biweekly, wages: "2000", certificate: StateCertificate(allowances: 1), payDate: "2025-09-26", expected: "47.61", why: "July 2024 tables"),
        StateCase(year: 2025, state: "OH", frequency: .biweekly, wages: "2000", certificate: StateCertificate(allowances: 1), payDate: "2025-10-10", expected: "46.88", why: "Rev. 09/25 tables"),
        // New Jersey NJ-WT (September 2025) p. 25, weekly: wages less 19.20 per allowance, the period's printed table (Rate A
        // single, Rate B married); A 3 and B 2-3 are printed on the rows before October 2020 (40.40, 15.93, 27.60).
        StateCase(year: 2026, state: "NJ", frequency: .weekly, wages: "300", certificate: StateCertificate(allowances: 1), expected: "4.21",
                  why: "Rate A Example 1: 280.80 × 1.5%"),
        StateCase(year: 2026, state: "NJ", frequency: .weekly, wages: "700", certificate: StateCertificate(allowances: 1), expected: "11.84",
                  why: "Rate A Example 2: 11.54 + 3.9% × (680.80 − 673)"),
        StateCase(year: 2026, state: "NJ", frequency: .weekly, wages: "375", certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 3),
                  expected: "4.76", why: "Rate B Example 1: 317.40 × 1.5%"),
        StateCase(year: 2026, state: "NJ", frequency: .weekly, wages: "1200", certificate: StateCertificate(allowances: 1), expected: "40.41",
                  why: "Rate A Example 3 on the current rows: 15.29 + 6.1% × (1,180.80 − 769) (NJ-WT prints 40.40, on 769 / 15.28)"),
        StateCase(year: 2025, state: "NJ", frequency: .weekly, wages: "1400", certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 3),
                  expected: "27.58", why: "Rate B Example 3 on the current rows: 17.31 + 2.7% × (1,342.40 − 962) (NJ-WT prints 27.60, on 961 / 17.30)"),
        // Line 3's election replaces the status's table: Rate C weekly, 26.73 + 5.6% × (1,342.40 − 1,154) = 37.28.
        StateCase(year: 2026, state: "NJ", frequency: .weekly, wages: "1400",
                  certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 3, rateTable: "C"), expected: "37.28", why: "Rate C elected"),
        // A printed base that is no rule's: Rate B semimonthly over 2,917, 59.99 + 3.9% × (3,000 − 41.60 − 2,917) = 61.60.
        StateCase(year: 2026, state: "NJ", frequency: .semimonthly, wages: "3000", certificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 1),
                  expected: "61.60", why: "the printed 59.99 (the yearly base's share is 60.00)"),
        // Montana's 2026 guide (as openbooks transcribes it): W = A + B × (G − C) by the period's printed table, to the nearest dollar.
        StateCase(year: 2026, state: "MT", frequency: .biweekly, wages: "2950", expected: "114", why: "86 + 5.65% × (2,950 − 2,446) = 114.48"),
        StateCase(year: 2026, state: "MT", frequency: .weekly, wages: "475", expected: "8", why: "Example 1a: 4.7% × (475 − 310) = 7.76"),
        StateCase(year: 2026, state: "MT", frequency: .semimonthly, wages: "1375", certificate: StateCertificate(filingStatus: .marriedFilingJointly),
                  expected: "2", why: "Example 1b: 4.7% × (1,375 − 1,342) = 1.55"),
        StateCase(year: 2026, state: "MT", frequency: .semimonthly, wages: "1375", certificate: StateCertificate(filingStatus: .headOfHousehold),
                  expected: "17", why: "Example 1c: 4.7% × (1,375 − 1,006) = 17.34"),
        // The printed base, not the yearly one's share: 94 + 5.65% × 50 = 96.83 (93.04 + 2.83 = 95.87 would give 96).
        StateCase(year: 2026, state: "MT", frequency: .semimonthly, wages: "2700", expected: "97", why: "the printed base 94"),
        StateCase(year: 2026, state: "MT", frequency: .monthly, wages: "10600", certificate: StateCertificate(filingStatus: .marriedFilingJointly),
                  expected: "372", why: "at least the top row's floor: its printed base, 372 (4,465 / 12 = 372.08)"),
    ])
    func stateWorkedExamples(_ c: StateCase) throws {
        let result = try paycheck(c.year, PaycheckInput(frequency: c.frequency, wages: Decimal(string: c.wages)!, w4: FormW4(filingStatus: c.federal),
                                                        state: c.state, stateCertificate: c.certificate,
                                                        payDate: c.payDate.flatMap(ISODate.init), periodStart: c.periodStart.flatMap(ISODate.init),
                                                        periodEnd: c.periodEnd.flatMap(ISODate.init)))
        #expect(result.stateWithholding == Decimal(string: c.expected), "\(c.why)")
    }

    @Test("a method with a key this library does not know (a newer schema minor's part of it) computes no state withholding, and says so, in both calculators")
    func unreadMethodKeys() throws {
        var data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(data.states["IL"]?.withholding)) as? [String: Any])
        object["stepDeduction"] = ["single": 100]
        let method = try JSONDecoder().decode(StateWithholding.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(method.unreadKeys == ["stepDeduction"])
        data.states["IL"]?.withholding = method
        let input = PaycheckInput(frequency: .weekly, wages: 900, w4: FormW4(filingStatus: .single), state: "IL")
        let result = try PaycheckCalculator(data: data).calculate(input)
        #expect(result.stateWithholding == nil)
        #expect(result.notes.contains { $0.contains("stepDeduction") && $0.contains("newer than this library") })
        let fast = try FixedPaycheckCalculator(data: data)
        #expect(fast.calculate(try FixedPaycheckCalculator.Input(input, calculator: fast)).stateWithholdingCents == nil)
        // A newer key inside a part of the method counts too.
        var nested = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(data.states["NY"]?.withholding)) as? [String: Any])
        var perPeriod = try #require(nested["perPeriod"] as? [String: Any])
        perPeriod["roundsBases"] = "nickel"
        nested["perPeriod"] = perPeriod
        #expect(try JSONDecoder().decode(StateWithholding.self, from: JSONSerialization.data(withJSONObject: nested)).unreadKeys == ["perPeriod.roundsBases"])
        // And inside a list's items: New York's Method III tiers, Alabama's wage tiers.
        var tiers = try #require(nested["flatRateAbove"] as? [String: Any])
        var rows = try #require(tiers["tiers"] as? [[String: Any]])
        rows[0]["below"] = 1
        tiers["tiers"] = rows
        nested["flatRateAbove"] = tiers
        #expect(try JSONDecoder().decode(StateWithholding.self, from: JSONSerialization.data(withJSONObject: nested)).unreadKeys
                == ["flatRateAbove.tiers[].below", "perPeriod.roundsBases"])
        var alabama = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(data.states["AL"]?.withholding)) as? [String: Any])
        var wageTiers = try #require(alabama["additionalAllowanceByWages"] as? [[String: Any]])
        wageTiers[2]["phaseIn"] = true
        alabama["additionalAllowanceByWages"] = wageTiers
        #expect(try JSONDecoder().decode(StateWithholding.self, from: JSONSerialization.data(withJSONObject: alabama)).unreadKeys
                == ["additionalAllowanceByWages[].phaseIn"])
        // Without the key, the same method withholds.
        object["stepDeduction"] = nil
        data.states["IL"]?.withholding = try JSONDecoder().decode(StateWithholding.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(try PaycheckCalculator(data: data).calculate(input).stateWithholding != nil)
    }

    @Test("A method that changes during the year: the paycheck's date chooses (on the change's day, the later one), both calculators agree; without the date it goes by, none is computed, with a note; a pay date in another year is refused; a later method with an unknown date is not read")
    func midYearChange() throws {
        var data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let first = try #require(data.states["IL"]?.withholding)
        var later = first
        later.rate = Decimal(string: "0.045")!
        var last = first
        last.rate = Decimal(string: "0.04")!
        var method = first
        method.midYear = [.init(from: "2026-05-11", appliesBy: "payDate", method: later), .init(from: "2026-08-01", appliesBy: "periodEnd", method: last)]
        data.states["IL"]?.withholding = method
        let calculator = PaycheckCalculator(data: data), fast = try FixedPaycheckCalculator(data: data)
        func withheld(_ pay: String?, end: String? = nil) throws -> (Decimal?, [String]) {
            let input = PaycheckInput(frequency: .weekly, wages: 1000, w4: FormW4(filingStatus: .single), state: "IL",
                                      payDate: pay.flatMap(ISODate.init), periodEnd: end.flatMap(ISODate.init))
            let result = try calculator.calculate(input)
            let cents = fast.calculate(try FixedPaycheckCalculator.Input(input, calculator: fast)).stateWithholdingCents
            #expect(cents.map { Decimal($0) / 100 } == result.stateWithholding, "fixed-point path at \(pay ?? "no date")")
            return (result.stateWithholding, result.notes)
        }
        // 1,000 × 4.95% = 49.50; × 4.5% = 45.00; × 4% = 40.00 (no allowances claimed).
        #expect(try withheld("2026-05-10", end: "2026-05-08").0 == Decimal(string: "49.50"))
        let (onDay, notes) = try withheld("2026-05-11", end: "2026-05-08")
        #expect(onDay == Decimal(string: "45.00"))
        #expect(notes.contains { $0.contains("for wages paid on or after 2026-05-11") })
        #expect(try withheld("2026-08-03", end: "2026-07-31").0 == Decimal(string: "45.00"))
        #expect(try withheld("2026-08-07", end: "2026-08-01").0 == Decimal(string: "40.00"))
        let (undated, why) = try withheld(nil)
        #expect(undated == nil)
        #expect(why.contains { $0.contains("changes on 2026-05-11") && $0.contains("payDate") })
        // The pay date alone does not say when the period ends.
        #expect(try withheld("2026-09-01").0 == nil)
        #expect(throws: CalculationError.self) { try withheld("2027-01-02") }
        #expect(throws: CalculationError.self) {
            try calculator.calculate(PaycheckInput(frequency: .weekly, wages: 1000, w4: FormW4(filingStatus: .single), state: "IL",
                                                   periodStart: ISODate("2026-05-10"), periodEnd: ISODate("2026-05-03")))
        }
        // Round trip through the bundle's JSON; a date this library does not know makes the method unread.
        let encoded = try JSONEncoder().encode(method)
        #expect(try JSONDecoder().decode(StateWithholding.self, from: encoded) == method)
        var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        var changes = try #require(object["midYear"] as? [[String: Any]])
        changes[1]["appliesBy"] = "checkDate"
        object["midYear"] = changes
        data.states["IL"]?.withholding = try JSONDecoder().decode(StateWithholding.self, from: JSONSerialization.data(withJSONObject: object))
        let unread = try PaycheckCalculator(data: data).calculate(PaycheckInput(frequency: .weekly, wages: 1000, w4: FormW4(filingStatus: .single),
                                                                                state: "IL", payDate: ISODate("2026-02-02")))
        #expect(unread.stateWithholding == nil)
        #expect(unread.notes.contains { $0.contains("appliesBy checkDate") && $0.contains("newer than this library") })
    }

    @Test("the year's projection in a state whose method changes during the year weighs each method by its days, dated or not, and says so")
    func projectionAcrossChange() throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let calculator = PaycheckCalculator(data: data)
        let certificate = StateCertificate(filingStatus: .marriedFilingJointly, allowances: 1)
        func paycheck(_ day: String?) -> PaycheckInput {
            PaycheckInput(frequency: .semimonthly, wages: 2000, w4: FormW4(filingStatus: .marriedFilingJointly), state: "GA",
                          stateCertificate: certificate, payDate: day.flatMap(ISODate.init))
        }
        // 5.19% to May 10 (130 days), 4.99% from May 11 (235 days): 2,000 − 1,000 − 166.67 = 833.33 × 5.19% = 43.25 a paycheck;
        // 2,000 − 1,250 − 208.33 = 541.67 × 4.99% = 27.03. 24 × (43.25 × 130 + 27.03 × 235) / 365 = 787.37.
        #expect(try calculator.calculate(paycheck("2026-03-13")).stateWithholding == Decimal(string: "43.25"))
        #expect(try calculator.calculate(paycheck("2026-06-15")).stateWithholding == Decimal(string: "27.03"))
        for day in ["2026-03-13", "2026-06-15", nil] {
            let year = try calculator.projection(paycheck(day))
            #expect(year.stateWithheld == Decimal(string: "787.37"), "\(day ?? "undated")")
            #expect(year.stateOwed != nil && year.notes.contains { $0.contains("GA's withholding method changes during the year") })
        }
        // A state whose method does not change: the paycheck times the paychecks, no note.
        let illinois = PaycheckInput(frequency: .semimonthly, wages: 2000, w4: FormW4(filingStatus: .single), state: "IL")
        let il = try calculator.projection(illinois)
        let perPaycheck = try #require(try calculator.calculate(illinois).stateWithholding)
        #expect(il.notes.isEmpty && il.stateWithheld == perPaycheck * 24)
    }

    @Test("a local tax whose rate changes during the year is withheld at the rate in force on the pay date; without one, at the year's blend, with a note")
    func datedLocalRates() throws {
        let w4 = FormW4(filingStatus: .single)
        func philadelphia(_ day: String?) throws -> PaycheckResult {
            try paycheck(2026, PaycheckInput(frequency: .biweekly, wages: 3000, w4: w4, state: "PA", localities: ["4260000"], payDate: day.flatMap(ISODate.init)))
        }
        // Philadelphia's wage tax: 3.74% to June 30, 3.735% from July 1 (residents): 112.20, then 112.05.
        #expect(try philadelphia("2026-06-30").localWithholding == Decimal(string: "112.2"))
        #expect(try philadelphia("2026-07-01").localWithholding == Decimal(string: "112.05"))
        let undated = try philadelphia(nil)
        #expect(undated.localWithholding.map { $0 > Decimal(string: "112.05")! && $0 < Decimal(string: "112.2")! } == true, "\(String(describing: undated.localWithholding))")
        #expect(undated.notes.contains { $0.contains("changes during the year") && $0.contains("payDate") })
        // Boone County, Indiana: 1.7%, then 1.71% from October 1, of the state method's taxable wages (DN#1).
        func boone(_ day: String) throws -> Decimal? {
            try paycheck(2026, PaycheckInput(frequency: .weekly, wages: 800, w4: w4, state: "IN", localities: ["18011"], payDate: ISODate(day))).localWithholding
        }
        // (No WH-4: no exemption, so the taxable wages are the 800.)
        #expect(try boone("2026-09-30") == Decimal(string: "13.6"))
        #expect(try boone("2026-10-01") == Decimal(string: "13.68"))
    }

    @Test("Indiana's counties are withheld at their rate of the state method's taxable wages (Departmental Notice #1's example: 473.08 × 1% = 4.73), with a note; by the year's tax without a certificate's deductions")
    func indianaCounty() throws {
        let certificate = StateCertificate(allowances: 5, additionalAllowances: 8)
        let result = try paycheck(2026, PaycheckInput(frequency: .weekly, wages: 800, w4: FormW4(filingStatus: .single), state: "IN",
                                                      stateCertificate: certificate, localities: ["18061"]))
        #expect(result.stateWithholding == Decimal(string: "13.96"))
        #expect(result.localTaxes.map(\.amount) == [Decimal(string: "4.73")!])
        #expect(result.notes.contains { $0.contains("Harrison County") && $0.contains("473.08") })
        #expect(!result.notes.contains { $0.contains("the year's tax over the paychecks") })
        // No exemptions claimed: the whole wage, 800 × 1% = 8.00 (the year's tax over the paychecks would take the household's exemption).
        let none = try paycheck(2026, PaycheckInput(frequency: .weekly, wages: 800, w4: FormW4(filingStatus: .single), state: "IN", localities: ["18061"]))
        #expect(none.localTaxes.map(\.amount) == [8])
    }

    /// The tax of a printed per-period table's rows ("over base percent") on `wages`: the row whose floor the wages are over
    /// (or at least at, New York's reading).
    static func printedTax(_ rows: [String], on wages: Decimal, atLeast: Bool = false) -> Decimal {
        var tax: Decimal = 0
        for row in rows.map({ $0.split(separator: " ").map { Decimal(string: String($0))! } }) where row[0] == 0 || wages > row[0] || (atLeast && wages == row[0]) {
            tax = row[1] + row[2] / 100 * (wages - row[0])
        }
        return tax
    }

    @Test("every row of the per-period tables Kansas, New Mexico, Oklahoma and New York print for 2026, at its middle and at its top, comes out of the yearly tables; and their allowance columns",
          arguments: ["KS", "NM", "OK", "NY", "VT"])
    func printedPeriodTables(state: String) throws {
        let dollar = state == "OK", atLeast = state == "NY"
        func withheld(_ frequency: PayFrequency, _ wages: Decimal, _ status: FilingStatus, allowances: Int? = nil) throws -> Decimal? {
            let certificate = state == "NM" ? StateCertificate() : StateCertificate(filingStatus: status, allowances: allowances)
            return try paycheck(2026, PaycheckInput(frequency: frequency, wages: wages, w4: FormW4(filingStatus: status), state: state,
                                                    stateCertificate: certificate)).stateWithholding
        }
        func rounded(_ tax: Decimal) -> Decimal { dollar ? Money.roundedToDollar(tax) : Money.roundedToCent(tax) }
        var checked = 0
        for (column, periods) in PrintedPeriodTables.rows[state]! {
            let status: FilingStatus = column == "married" ? .marriedFilingJointly : column == "head_household" ? .headOfHousehold : .single
            for (name, rows) in periods {
                let frequency = try #require(PayFrequency(rawValue: name))
                let floors = rows.map { Decimal(string: String($0.split(separator: " ")[0]))! }
                for (i, floor) in floors.enumerated() {
                    let top = i + 1 < floors.count ? floors[i + 1] : floor + 100
                    for wages in [Money.roundedToCent((floor + top) / 2), top] {
                        // New York's wages are less its deduction allowance (Table A, no allowances): the row is read after it.
                        let deduction = state == "NY" ? Decimal(string: PrintedPeriodTables.newYorkDeductions[name]![status == .single ? 0 : 1])! : 0
                        var expected = rounded(Self.printedTax(rows, on: wages, atLeast: atLeast))
                        // Vermont's married weekly fourth base is printed 206.96; the running sum is 206.9655, 206.97.
                        if state == "VT", column == "married", name == "weekly", floor == 4164 { expected += Decimal(string: "0.01")! }
                        let wages = wages + deduction
                        #expect(try withheld(frequency, wages, status) == expected, "\(state) \(column) \(name) row \(i + 1) at \(wages)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == ["NM": 480, "KS": 96, "OK": 128, "NY": 264, "VT": 140][state])
        // The allowance columns: Kansas's Joint (two), Single (one) and each further one; Oklahoma's one.
        for frequency in PayFrequency.allCases {
            let wages = Money.roundedToCent(Decimal(48_000) / Decimal(frequency.periods))
            if state == "KS", let columns = PrintedPeriodTables.kansasAllowances[frequency.rawValue] {
                let joint = Decimal(string: columns[0])!, single = Decimal(string: columns[1])!, further = Decimal(string: columns[2])!
                let married = PrintedPeriodTables.rows["KS"]!["married"]![frequency.rawValue]!
                let singles = PrintedPeriodTables.rows["KS"]!["single"]![frequency.rawValue]!
                #expect(try withheld(frequency, wages, .marriedFilingJointly, allowances: 4) == rounded(Self.printedTax(married, on: wages - joint - 2 * further)))
                #expect(try withheld(frequency, wages, .single, allowances: 2) == rounded(Self.printedTax(singles, on: wages - single - further)))
            }
            if state == "NY", let columns = PrintedPeriodTables.newYorkDeductions[frequency.rawValue] {
                let married = PrintedPeriodTables.rows["NY"]!["married"]![frequency.rawValue]!
                let net = wages - Decimal(string: columns[1])! - 3 * Decimal(string: columns[2])!
                #expect(try withheld(frequency, wages, .marriedFilingJointly, allowances: 3) == rounded(Self.printedTax(married, on: net, atLeast: true)))
            }
            if state == "VT" {
                let column = PrintedPeriodTables.vermontAllowance[frequency.rawValue]
                let singles = PrintedPeriodTables.rows["VT"]!["single"]![frequency.rawValue]
                // No semiannual table: no withholding computed.
                #expect(try withheld(frequency, wages, .single, allowances: 2) == column.map { rounded(Self.printedTax(singles!, on: wages - 2 * Decimal(string: $0)!)) })
            }
            if state == "OK", let column = PrintedPeriodTables.oklahomaAllowance[frequency.rawValue] {
                let singles = PrintedPeriodTables.rows["OK"]!["single"]![frequency.rawValue]!
                #expect(try withheld(frequency, wages, .single, allowances: 3) == rounded(Self.printedTax(singles, on: wages - 3 * Decimal(string: column)!)))
            }
        }
    }

    @Test("Alabama: the booklet's example with its own federal withholding (35.19: 29.59); the stepped deduction from the step's start, its minimum; dependents by the year's wages", arguments: [2025, 2026])
    func alabama(year: Int) throws {
        let method = try #require(compiledYears.first { $0.meta.taxYear == year }?.states["AL"]?.withholding)
        let m2 = StateCertificate(filingStatus: .marriedFilingJointly, allowances: 1, additionalAllowances: 2)
        // GI 44,200; deduction 5,000 (the minimum from 35,500); federal 35.19 × 52 = 1,829.88; personal 3,000; dependents 2 × 1,000:
        // 32,370.12; 20 + 200 + 5% × 26,370.12 = 1,538.506 / 52 = 29.59.
        #expect(StateWithholdingFormula.perPeriod(method, m2, wages: 850, frequency: .weekly, federalStatus: .marriedFilingJointly,
                                                  federalWithholding: Decimal(string: "35.19")!) == Decimal(string: "29.59"))
        // Single at 26,000 exactly: the first step's 25 off already (2,975); 25,999.96 keeps 3,000.
        // 26,000 − 2,975 − 1,500 = 21,525: 10 + 100 + 5% × 18,525 = 1,036.25 / 52 = 19.93.
        let single = StateCertificate(filingStatus: .single, allowances: 1)
        #expect(StateWithholdingFormula.perPeriod(method, single, wages: 500, frequency: .weekly, federalStatus: .single) == Decimal(string: "19.93"))
        // 499.99 × 52 = 25,999.48 − 3,000 − 1,500 = 21,499.48: 110 + 5% × 18,499.48 = 1,034.974 / 52 = 19.90.
        #expect(StateWithholdingFormula.perPeriod(method, single, wages: Decimal(string: "499.99")!, frequency: .weekly, federalStatus: .single)
                == Decimal(string: "19.9"))
        // Dependents above 100,000 of wages are worth 300 each: 2 × 300 = 600. Monthly 10,000 married, 2 dependents, no federal:
        // 120,000 − 5,000 − 3,000 − 600 = 111,400: 220 + 5% × 105,400 = 5,490 / 12 = 457.50.
        #expect(StateWithholdingFormula.perPeriod(method, m2, wages: 10_000, frequency: .monthly, federalStatus: .marriedFilingJointly) == Decimal(string: "457.5"))
    }

    @Test("printed per-period tables (Montana 2026): a frequency the state prints none for computes no state withholding in either calculator, with a note; annual pay uses the yearly brackets")
    func printedTablesFrequencies() throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let fast = try FixedPaycheckCalculator(data: data)
        for (frequency, expected) in [(PayFrequency.quarterly, nil), (.semiannual, nil), (.annual, Decimal(4290)), (.daily, Decimal(12))] as [(PayFrequency, Decimal?)] {
            let wages: Decimal = frequency == .annual ? 100_000 : frequency == .daily ? 300 : 9_000
            let input = PaycheckInput(frequency: frequency, wages: wages, w4: FormW4(filingStatus: .single), state: "MT")
            let result = try PaycheckCalculator(data: data).calculate(input)
            #expect(result.stateWithholding == expected, "\(frequency)")
            #expect(fast.calculate(try FixedPaycheckCalculator.Input(input, calculator: fast)).stateWithholdingCents == expected.map { Int64(truncating: ($0 * 100) as NSNumber) },
                    "\(frequency)")
            if expected == nil { #expect(result.notes.contains { $0.contains("MT prints no \(frequency.rawValue) withholding table") }) }
        }
    }

    @Test("a rate table the certificate elects: one the state does not print is refused by name in both calculators; without one, the status's")
    func electedRateTable() throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let fast = try FixedPaycheckCalculator(data: data)
        let wrong = PaycheckInput(frequency: .weekly, wages: 1_000, w4: FormW4(filingStatus: .single), state: "NJ",
                                  stateCertificate: StateCertificate(rateTable: "F"))
        for error in [#expect(throws: CalculationError.self) { try PaycheckCalculator(data: data).calculate(wrong) },
                      #expect(throws: CalculationError.self) { try FixedPaycheckCalculator.Input(wrong, calculator: fast) }] {
            #expect(error?.code == .outOfRange)
            #expect(error?.message.contains("stateCertificate.rateTable: 'F'") == true)
        }
        // Married filing jointly without an election is Rate B; electing B changes nothing, electing A does.
        func withheld(_ table: String?) throws -> Decimal? {
            try PaycheckCalculator(data: data).calculate(PaycheckInput(frequency: .biweekly, wages: 4_000, w4: FormW4(filingStatus: .single), state: "NJ",
                stateCertificate: StateCertificate(filingStatus: .marriedFilingJointly, rateTable: table))).stateWithholding
        }
        #expect(try withheld(nil) == withheld("B"))
        #expect(try withheld(nil) != withheld("A"))
    }

    @Test("Massachusetts (Circular M Rev. 12/25, as openbooks transcribes it): the exemption factors, floors and credits it prints per period come out of the yearly figures; FICA off the wages up to $2,000 a year with the year to date; both calculators agree")
    func massachusetts() throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let method = try #require(data.states["MA"]?.withholding)
        // frequency: first exemption, each further one, the floor; head of household and blindness credits.
        let printed: [(PayFrequency, [Decimal], [Decimal])] = [
            (.weekly, [85, 19, 154], [Decimal(string: "2.31")!, Decimal(string: "2.12")!]),
            (.biweekly, [169, 38, 308], [Decimal(string: "4.62")!, Decimal(string: "4.23")!]),
            (.semimonthly, [183, 42, 333], [5, Decimal(string: "4.58")!]),
            (.monthly, [367, 83, 667], [10, Decimal(string: "9.17")!]),
            (.daily, [12, 3, 22], [Decimal(string: "0.33")!, Decimal(string: "0.30")!]),
            (.annual, [4400, 1000, 8000], [120, 110]),
        ]
        for (frequency, factors, credits) in printed {
            let periods = Decimal(frequency == .daily ? (method.dailyPeriods ?? 260) : frequency.periods)
            let first = try #require(method.personalAllowance?.amount[.single]), further = try #require(method.allowance)
            let floor = try #require(method.periodWageFloor?.amount)
            #expect([first, further, floor].map { StateWithholdingFormula.periodShare(method, $0, periods: periods) } == factors, "\(frequency)")
            let credit = [method.periodCredits?.byStatus?["head_of_household"], method.periodCredits?.perAdditionalAllowance].map { Money.roundedToCent(($0 ?? 0) / periods) }
            #expect(credit == credits, "\(frequency)")
        }
        let fast = try FixedPaycheckCalculator(data: data)
        func withheld(_ wages: Decimal, _ certificate: StateCertificate, ytd: Decimal = 0) throws -> Decimal? {
            let input = PaycheckInput(frequency: .weekly, wages: wages, w4: FormW4(filingStatus: .single), yearToDateWages: ytd, state: "MA",
                                      stateCertificate: certificate)
            let reference = try PaycheckCalculator(data: data).calculate(input).stateWithholding
            #expect(fast.calculate(try FixedPaycheckCalculator.Input(input, calculator: fast)).stateWithholdingCents == reference.map { Int64(truncating: ($0 * 100) as NSNumber) })
            return reference
        }
        // By hand: 1,000 − 76.50 FICA − (85 + 19) = 819.50 × 52 = 42,614 × 5% = 2,130.70 / 52 = 40.98.
        #expect(try withheld(1_000, StateCertificate(allowances: 2)) == Decimal(string: "40.98"))
        // 1,950.75 of FICA on 25,500 so far: 49.25 left; 1,000 − 49.25 − 104 = 846.75 × 52 × 5% / 52 = 42.34, less 2.31 and 2.12.
        #expect(try withheld(1_000, StateCertificate(filingStatus: .headOfHousehold, allowances: 2, additionalAllowances: 1), ytd: 25_500) == Decimal(string: "37.91"))
        // Past the cap: no FICA off; 896 × 5% = 44.80, less the credits.
        #expect(try withheld(1_000, StateCertificate(filingStatus: .headOfHousehold, allowances: 2, additionalAllowances: 1), ytd: 30_000) == Decimal(string: "40.37"))
        // Below the floor with an exemption: nothing but the extra; without one, withheld.
        #expect(try withheld(150, StateCertificate(allowances: 1, extraWithholding: 5)) == 5)
        #expect(try withheld(150, StateCertificate()) == Decimal(string: "6.93"))
    }

    @Test("Oregon 150-206-436 (Rev. 12-31-25), as openbooks transcribes it: Examples 1-4 with their own federal withholding; the $263 below $50,000; single with 3 allowances on the married table; both calculators agree on paychecks")
    func oregon() throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let method = try #require(data.states["OR"]?.withholding)
        func withheld(_ frequency: PayFrequency, _ wages: Decimal, federal: Decimal, _ certificate: StateCertificate = StateCertificate()) -> Decimal? {
            StateWithholdingFormula.perPeriod(method, certificate, wages: wages, frequency: frequency, federalStatus: .single, federalWithholding: federal)
        }
        // Example 1: 25,000 − 1,000 − 2,910 = BASE 21,090; 941 + 8.75% × 9,690 = 1,788.875 → 1,789.
        #expect(withheld(.annual, 25_000, federal: 1_000) == 1_789)
        // Example 2: the same year monthly, $149.
        #expect(withheld(.monthly, Decimal(string: "2083.33")!, federal: Decimal(string: "83.33")!) == 149)
        // Example 3 prints BASE 123,840 (cap 5,250 at 132,000; no allowances above 100,000): 678 + 8.75% × 112,440 = 10,516.50.
        #expect(withheld(.annual, 132_000, federal: 21_098, StateCertificate(allowances: 4)) == 10_517)
        // Example 4 prints BASE 172,090 (no federal deduction from 145,000): 10,618 + 9.9% × 47,090 = 15,279.91.
        #expect(withheld(.annual, 175_000, federal: 30_000, StateCertificate(allowances: 4)) == 15_280)
        // Single with 3 allowances at 40,000: the married deduction and table, 263 added, 3 × 263 off:
        // 40,000 − 2,000 − 5,820 = 32,180; 1,357 + 8.75% × 9,380 = 2,177.75 + 263 − 789 = 1,651.75 → 1,652.
        #expect(withheld(.annual, 40_000, federal: 2_000, StateCertificate(filingStatus: .single, allowances: 3)) == 1_652)
        // The same with 2 allowances: single: 40,000 − 2,000 − 2,910 = 35,090; 678 + 8.75% × 23,690 = 2,750.875 + 263 − 526 = 2,487.875 → 2,488.
        #expect(withheld(.annual, 40_000, federal: 2_000, StateCertificate(filingStatus: .single, allowances: 2)) == 2_488)
        let fast = try FixedPaycheckCalculator(data: data)
        for (wages, certificate) in [(Decimal(800), StateCertificate(allowances: 1)), (3_000, StateCertificate(filingStatus: .single, allowances: 3)),
                                     (6_000, StateCertificate(filingStatus: .marriedFilingJointly, allowances: 2)), (11_000, StateCertificate(allowances: 4))] {
            let input = PaycheckInput(frequency: .biweekly, wages: wages, w4: FormW4(filingStatus: .single), state: "OR", stateCertificate: certificate)
            let reference = try PaycheckCalculator(data: data).calculate(input).stateWithholding
            #expect(reference != nil)
            #expect(fast.calculate(try FixedPaycheckCalculator.Input(input, calculator: fast)).stateWithholdingCents == reference.map { Int64(truncating: ($0 * 100) as NSNumber) },
                    "\(wages)")
        }
    }

    @Test("a bracket method: status tables, a credit per allowance, daily pay over 300 days, whole dollars (a made-up state method)")
    func bracketMethod() {
        let brackets = StatusTable(uniform: [Bracket(floor: 0, ceiling: 5000, rate: Decimal(string: "0.02")!, baseTax: 0),
                                             Bracket(floor: 5000, ceiling: nil, rate: Decimal(string: "0.05")!, baseTax: 100)])
        let method = StateWithholding(certificate: ["filingStatus", "allowances"], standardDeduction: StatusTable(uniform: 3000), allowance: 1000,
                                      brackets: brackets, creditPerAllowance: 20, dailyPeriods: 300, rounding: "dollar")
        // Daily 100 × 300 = 30,000 − 3,000 − 2 × 1,000 = 25,000: 100 + 5% × 20,000 = 1,100 − 40 = 1,060 / 300 = 3.53 → 4.
        let daily = StateWithholdingFormula.perPeriod(method, StateCertificate(filingStatus: .single, allowances: 2), wages: 100, frequency: .daily, federalStatus: .single)
        #expect(daily == 4)
        // Below the deductions: nothing, never negative.
        #expect(StateWithholdingFormula.perPeriod(method, StateCertificate(allowances: 9), wages: 100, frequency: .weekly, federalStatus: .single) == 0)
    }
}
