import Foundation
import Testing
import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

/// Payroll contributions (issue 35): each expected figure is worked by hand from the publication
/// named beside it (the arithmetic is in the comment), never produced by the calculator.
@Suite("Payroll contributions and pre-tax treatment")
struct PayrollContributionTests {
    func lines(_ r: PayResult) -> [String: Decimal] {
        Dictionary(uniqueKeysWithValues: r.payrollContributions.map { ($0.id, $0.amount) })
    }

    @Test("WA 2026: Paid Leave 71.43% of the 1.13% premium up to 184,500, WA Cares 0.58% uncapped (ESD, WA Cares Fund)")
    func washington() throws {
        // 85,000 × 0.0113 × 0.7143 = 686.085 → 686.09; 85,000 × 0.0058 = 493.00.
        let r = try calculate(2026, .single, "WA", gross: "85000")
        #expect(lines(r) == ["wa-pfml": d("686.09"), "wa-cares": d("493")])
        #expect(r.statePayrollContributions == d("1179.09"))
        #expect(r.payrollContributions.allSatisfy { $0.jurisdiction == "WA" })
        #expect(r.stateDisabilityInsurance == 0)
        // 200,000: Paid Leave on 184,500 only: 184,500 × 0.00807159 = 1,489.208355 → 1,489.21; Cares 1,160.00.
        let high = try calculate(2026, .single, "WA", gross: "200000")
        #expect(lines(high) == ["wa-pfml": d("1489.21"), "wa-cares": d("1160")])
        #expect(high.totalTax == high.federalIncomeTax + high.socialSecurity + high.medicare + d("2649.21"))
    }

    @Test("NJ 2025: worker UI and WF/SWF on 43,300, TDI and FLI on 165,400; the old SDI line is TDI + FLI (NJDOL rate page)")
    func newJersey() throws {
        // UI 43,300 × 0.003825 = 165.6225 → 165.62; WF/SWF 43,300 × 0.000425 = 18.4025 → 18.40;
        // TDI 50,000 × 0.0023 = 115.00; FLI 50,000 × 0.0033 = 165.00.
        let r = try calculate(2025, .single, "NJ", gross: "50000")
        #expect(lines(r) == ["nj-ui": d("165.62"), "nj-wf-swf": d("18.40"), "nj-tdi": d("115"), "nj-fli": d("165")])
        #expect(r.stateDisabilityInsurance == d("280"))
        #expect(r.payrollContributions.map(\.id) == ["nj-ui", "nj-wf-swf", "nj-tdi", "nj-fli"])
    }

    @Test("NJ 2026: a 403(b) deferral is New Jersey income (N.J.A.C. 18:35-2.5(a)) and worker contribution wages (gross)")
    func newJerseyPreTax() throws {
        // NJ wages 85,000 (the 5,000 deferral added back) − 1,000 exemption = 84,000 taxable.
        let with = try calculate(2026, .single, "NJ", gross: "85000", preTax: [PreTaxDeduction(.plan403b, d("5000"))])
        #expect(with.stateTaxableIncome == d("84000"))
        #expect(with.federalTaxableIncome == d("63900"))
        // TDI 85,000 × 0.0019 = 161.50 (gross wages, the deferral included).
        #expect(lines(with)["nj-tdi"] == d("161.50"))
        #expect(with.notes.contains { $0.hasPrefix("NJ taxes 403(b) deductions: 5000") })
        // A 401(k) deferral is excluded: 80,000 − 1,000.
        let k = try calculate(2026, .single, "NJ", gross: "85000", preTax: [PreTaxDeduction(.plan401k, d("5000"))])
        #expect(k.stateTaxableIncome == d("79000"))
    }

    @Test("PA 2025: 401(k) deferrals are compensation (Tax Reform Code 303(a)(1)(ii)); UC 0.07% of all wages (L&I)")
    func pennsylvania() throws {
        // 3.07% × 60,000 = 1,842.00 (no deduction, the deferral taxed); UC 60,000 × 0.0007 = 42.00.
        let r = try calculate(2025, .single, "PA", gross: "60000", preTax: [PreTaxDeduction(.plan401k, d("5000"))])
        #expect(r.stateTaxableIncome == d("60000"))
        #expect(r.stateIncomeTax == d("1842"))
        #expect(lines(r) == ["pa-uc": d("42")])
    }

    @Test("VT 2024: the child-care contribution from July 1 charges the wages of 184 of 366 days (Act 76 of 2023)")
    func vermontMidYear() throws {
        // 85,000 × 184 / 366 × 0.0044 × 0.25 = 47.0054… → 47.01.
        let r = try calculate(2024, .single, "VT", gross: "85000")
        #expect(lines(r) == ["vt-child-care": d("47.01")])
        // 2025, the whole year: 85,000 × 0.0011 = 93.50.
        #expect(lines(try calculate(2025, .single, "VT", gross: "85000")) == ["vt-child-care": d("93.50")])
    }

    @Test("HI 2025 TDI: 0.5% of wages, at most 7.21 a week (52 × 7.21 = 374.92); NY 2026 PFL capped at 411.91")
    func weeklyAndAnnualMaxima() throws {
        #expect(lines(try calculate(2025, .single, "HI", gross: "100000")) == ["hi-tdi": d("374.92")])
        // 40,000 × 0.005 = 200.00, under the maximum.
        #expect(lines(try calculate(2025, .single, "HI", gross: "40000")) == ["hi-tdi": d("200")])
        // NY PFL 2026: 0.432% of 95,348.76 = 411.9066… → 411.91; DBL 52 × 0.60 = 31.20.
        let ny = try calculate(2026, .single, "NY", gross: "120000")
        #expect(lines(ny) == ["ny-dbl": d("31.20"), "ny-pfl": d("411.91")])
        #expect(ny.stateDisabilityInsurance == d("31.20"))
    }

    @Test("OR 2026 Workers' Benefit Fund: 0.9 cents an hour worked, 2,080 hours unless given (DCBS)")
    func oregonPerHour() throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let calculator = TaxCalculator(data: data)
        let assumed = try calculator.calculate(PayInput(grossAnnual: d("60000"), status: .single, state: "OR"))
        #expect(lines(assumed)["or-wbf"] == d("18.72"))
        #expect(assumed.notes.contains { $0.contains("2080 hours assumed") })
        let given = try calculator.calculate(PayInput(grossAnnual: d("60000"), status: .single, state: "OR", hoursWorked: 1000))
        #expect(lines(given)["or-wbf"] == d("9"))
        #expect(!given.notes.contains { $0.contains("hours assumed") })
        #expect(throws: CalculationError.self) {
            try calculator.calculate(PayInput(grossAnnual: d("60000"), status: .single, state: "OR", hoursWorked: PayInput.maxHours + 1))
        }
    }

    /// 2026 with Washington's contributions replaced by one that changes rate on July 1 under one
    /// cap, the case no state has yet.
    static func midYearChange() throws -> TaxYearData {
        var data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        data.states["WA"]?.payrollContributions = [
            PayrollContribution(id: "x", name: "X", kind: "family-leave", rate: d("0.01"), wageBase: d("100000"), wages: "gross",
                                effective: .init(from: "2026-01-01", to: "2026-06-30")),
            PayrollContribution(id: "x", name: "X", kind: "family-leave", rate: d("0.02"), wageBase: d("100000"), wages: "gross",
                                effective: .init(from: "2026-07-01", to: "2026-12-31")),
        ]
        return data
    }

    @Test("a rate that changes on July 1 under one annual cap charges each part the wages paid in it below the cap")
    func rateChange() throws {
        let data = try Self.midYearChange()
        // 150,000 a year: the cap is reached on day 243.3. Jan 1-Jun 30 (181 days): 150,000 × 181/365 × 1%
        // = 743.835… → 743.84; then (100,000 − 74,383.56…) × 2% = 9,350,000/365 × 2% = 512.328… → 512.33.
        let r = try TaxCalculator(data: data).calculate(PayInput(grossAnnual: d("150000"), status: .single, state: "WA"))
        #expect(r.payrollContributions == [.init(id: "x", name: "X", jurisdiction: "WA", amount: d("1256.17"))])
        // Under the cap all year: 50,000 × 181/365 × 1% + 50,000 × 184/365 × 2% = 247.945… + 504.109… → 247.95 + 504.11.
        let low = try TaxCalculator(data: data).calculate(PayInput(grossAnnual: d("50000"), status: .single, state: "WA"))
        #expect(low.statePayrollContributions == d("752.06"))
    }

    @Test("the fixed-point calculator agrees on the mid-year change, at and around the cap")
    func rateChangeFixedPoint() throws {
        let data = try Self.midYearChange()
        let reference = TaxCalculator(data: data), fast = try FixedPointCalculator(data: data)
        for cents in [0, 1, 5_000_000, 9_999_999, 10_000_000, 10_000_001, 15_000_000, 20_164_383, 20_164_384, 99_999_999_99] as [Int64] {
            let input = PayInput(grossAnnual: Decimal(cents) / 100, status: .single, state: "WA")
            let expected = try reference.calculate(input)
            let got = try fast.calculate(FixedPointCalculator.Input(input, calculator: fast))
            #expect(Decimal(got.statePayrollContributionsCents) / 100 == expected.statePayrollContributions, "\(cents)")
            #expect(Decimal(got.marginalRateMillionths) / 1_000_000 == expected.marginalRate, "\(cents)")
            #expect(Decimal(got.netPayCents) / 100 == expected.netPay, "\(cents)")
        }
    }
}
