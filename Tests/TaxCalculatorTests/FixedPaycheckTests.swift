import Foundation
import Testing
@testable import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

/// `FixedPaycheckCalculator` against `PaycheckCalculator`, the reference: every amount equal to the
/// cent, over random paychecks of every frequency, Form W-4, state method and certificate.
@Suite("The fixed-point paycheck: equal to the reference")
struct FixedPaycheckTests {
    static func dollars(cents: Int64) -> Decimal { Decimal(cents) / 100 }

    /// A random paycheck the reference takes (or refuses: then the fixed path must refuse too).
    static func randomInput(_ data: TaxYearData, rng: inout SplitMix64) -> PaycheckInput {
        let frequency = PayFrequency.allCases.randomElement(using: &rng)!
        // Wages: mostly ordinary, some large, some zero, in cents.
        let scale: Int64 = [100_000, 500_000, 2_000_000, 40_000_000].randomElement(using: &rng)!
        let wages = Int.random(in: 0..<20, using: &rng) == 0 ? 0 : Int64.random(in: 0...scale, using: &rng)
        let redesigned = Int.random(in: 0..<5, using: &rng) != 0
        var w4: FormW4
        if redesigned {
            let status = FilingStatus.allCases.randomElement(using: &rng)!
            w4 = FormW4(formYear: [2020, 2023, data.meta.taxYear].randomElement(using: &rng)!, filingStatus: status,
                        multipleJobs: Bool.random(using: &rng),
                        dependentsAmount: Bool.random(using: &rng) ? dollars(cents: Int64.random(in: 0...10, using: &rng) * 50_000 + Int64.random(in: 0...1, using: &rng) * 37) : 0,
                        otherIncome: Bool.random(using: &rng) ? dollars(cents: Int64.random(in: 0...3_000_000, using: &rng)) : 0,
                        deductions: Bool.random(using: &rng) ? dollars(cents: Int64.random(in: 0...5_000_000, using: &rng)) : 0,
                        extraWithholding: Bool.random(using: &rng) ? dollars(cents: Int64.random(in: 0...20_000, using: &rng)) : 0,
                        nonresidentAlien: Int.random(in: 0..<8, using: &rng) == 0 && [.single, .marriedFilingSeparately].contains(status),
                        exempt: Int.random(in: 0..<30, using: &rng) == 0)
        } else {
            let status = [FilingStatus.single, .marriedFilingJointly, .marriedFilingSeparately].randomElement(using: &rng)!
            w4 = FormW4(formYear: [2019, 2010].randomElement(using: &rng)!, filingStatus: status,
                        extraWithholding: Bool.random(using: &rng) ? dollars(cents: Int64.random(in: 0...20_000, using: &rng)) : 0,
                        allowances: Int.random(in: 0...12, using: &rng),
                        nonresidentAlien: Int.random(in: 0..<8, using: &rng) == 0 && status != .marriedFilingJointly)
        }
        var preTax: [PreTaxDeduction] = []
        if Bool.random(using: &rng) {
            for kind in PreTaxKind.allCases where Int.random(in: 0..<3, using: &rng) == 0 {
                preTax.append(PreTaxDeduction(kind, dollars(cents: Int64.random(in: 0...max(1, wages / 4), using: &rng))))
            }
        }
        // The year to date around the wage base and the $200,000 threshold; supplemental around $1,000,000.
        let ytd = Bool.random(using: &rng) ? dollars(cents: Int64.random(in: 0...30_000_000, using: &rng)) : 0
        let supplemental = Int.random(in: 0..<4, using: &rng) == 0 ? dollars(cents: Int64.random(in: 0...200_000_000, using: &rng)) : 0
        let ytdSupplemental = supplemental > 0 && Bool.random(using: &rng) ? dollars(cents: Int64.random(in: 0...150_000_000, using: &rng)) : 0
        // A state, and a certificate of the fields its method has.
        let codes = data.states.keys.sorted()
        let state: String? = Int.random(in: 0..<10, using: &rng) == 0 ? nil : codes.randomElement(using: &rng)!
        var certificate = StateCertificate()
        if let state, let method = data.states[state]?.withholding {
            for field in method.certificate where Bool.random(using: &rng) {
                switch field {
                case "filingStatus": certificate.filingStatus = FilingStatus.allCases.randomElement(using: &rng)!
                case "allowances": certificate.allowances = Int.random(in: 0...(method.maxAllowances ?? 8), using: &rng)
                case "additionalAllowances": certificate.additionalAllowances = Int.random(in: 0...3, using: &rng)
                case "electedRate": certificate.electedRate = method.electedRates?.randomElement(using: &rng)
                case "exemptionAmount": certificate.exemptionAmount = dollars(cents: Int64.random(in: 0...2_000_000, using: &rng))
                case "creditAmount": certificate.creditAmount = dollars(cents: Int64.random(in: 0...60_000, using: &rng))
                case "rateTable": certificate.rateTable = method.rateTables?.keys.sorted().randomElement(using: &rng)
                case "withholdingCode": certificate.withholdingCode = method.withholdingCodes?.keys.sorted().randomElement(using: &rng)
                case "reducedWithholding": certificate.reducedWithholding = dollars(cents: Int64.random(in: 0...20_000, using: &rng))
                case "extraWithholding": certificate.extraWithholding = dollars(cents: Int64.random(in: 0...5_000, using: &rng))
                case "exempt": certificate.exempt = Int.random(in: 0..<10, using: &rng) == 0
                default: break
                }
            }
            // Sometimes no certificate on file at all (the state's rule for that, or none).
            if Int.random(in: 0..<6, using: &rng) == 0 { certificate = StateCertificate(onFile: false) }
        }
        // The paycheck's dates, mostly given (any day of the year, so both sides of each mid-year change), sometimes not.
        func day() -> ISODate? {
            guard Int.random(in: 0..<8, using: &rng) != 0 else { return nil }
            let month = Int.random(in: 1...12, using: &rng)
            return ISODate(String(format: "%04d-%02d-%02d", data.meta.taxYear, month, Int.random(in: 1...28, using: &rng)))
        }
        let (pay, start, end) = (day(), day(), day())
        return PaycheckInput(frequency: frequency, wages: dollars(cents: wages), preTax: preTax, w4: w4, yearToDateWages: ytd,
                             supplemental: supplemental, yearToDateSupplemental: ytdSupplemental, roundToDollar: Int.random(in: 0..<4, using: &rng) == 0,
                             state: state, stateCertificate: certificate, supplementalMethod: Bool.random(using: &rng) ? .aggregate : .flat,
                             payDate: pay, periodStart: start.flatMap { start in end.map { Swift.min(start, $0) } ?? start },
                             periodEnd: end.flatMap { end in start.map { Swift.max(end, $0) } ?? end })
    }

    @Test("every amount of 40,000 random paychecks a year equals the reference's, to the cent",
          arguments: compiledYears.filter { $0.federal.withholding != nil }.map(\.meta.taxYear))
    func agreesWithReference(year: Int) throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == year })
        let reference = PaycheckCalculator(data: data)
        let fast = try FixedPaycheckCalculator(data: data)
        var rng = SplitMix64(state: 37 &* 10_000 &+ UInt64(year))
        var compared = 0, refused = 0, mismatches = 0
        for _ in 0..<40_000 {
            let input = Self.randomInput(data, rng: &rng)
            let expected: PaycheckResult
            do { expected = try reference.calculate(input) } catch {
                refused += 1
                #expect(throws: CalculationError.self, "the reference refused \(input): the fixed path must too") {
                    _ = try FixedPaycheckCalculator.Input(input, calculator: fast)
                }
                continue
            }
            let got = fast.calculate(try FixedPaycheckCalculator.Input(input, calculator: fast))
            let cents = { (value: Decimal) in FixedPoint.cents(value) }
            let same = got.federalWithholdingCents == cents(expected.federalWithholding)
                && got.supplementalWithholdingCents == cents(expected.supplementalWithholding)
                && got.stateWithholdingCents == expected.stateWithholding.flatMap(cents)
                && got.socialSecurityCents == cents(expected.socialSecurity) && got.medicareCents == cents(expected.medicare)
                && got.payrollContributionsCents == cents(expected.statePayrollContributions)
                && got.preTaxDeductionsCents == cents(expected.preTaxDeductions) && got.netPayCents == cents(expected.netPay)
            if !same {
                mismatches += 1
                if mismatches <= 5 { Issue.record("\(year): \(input)\nreference \(expected)\nfixed \(got)") }
            }
            compared += 1
        }
        #expect(mismatches == 0)
        #expect(compared > 35_000 && refused < 5_000, "compared \(compared), refused \(refused)")
    }

    @Test("refused like the reference: a W-4 combination, a certificate field the state does not have, an elected rate it does not offer; and beyond its range")
    func refusals() throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let fast = try FixedPaycheckCalculator(data: data)
        let w4 = FormW4(filingStatus: .single)
        for input in [
            PaycheckInput(frequency: .weekly, wages: 800, w4: FormW4(filingStatus: .single, allowances: 2)),
            PaycheckInput(frequency: .weekly, wages: 800, w4: w4, state: "IL", stateCertificate: StateCertificate(filingStatus: .single)),
            PaycheckInput(frequency: .weekly, wages: 800, w4: w4, state: "AZ", stateCertificate: StateCertificate(electedRate: Decimal(string: "0.04")!)),
            PaycheckInput(frequency: .weekly, wages: 800, w4: w4, state: "TX", stateCertificate: StateCertificate(allowances: 1)),
            PaycheckInput(frequency: .weekly, wages: 800, w4: w4, stateCertificate: StateCertificate(allowances: 1)),
            PaycheckInput(frequency: .weekly, wages: 800, w4: w4, state: "ZZ"),
            PaycheckInput(frequency: .weekly, wages: Decimal(string: "800.005")!, w4: w4),
            PaycheckInput(frequency: .daily, wages: 400_000_000, w4: w4),
            PaycheckInput(frequency: .weekly, wages: 800, w4: w4, state: "OH", localities: ["3918000"]),
        ] {
            #expect(throws: CalculationError.self, "\(input)") { _ = try FixedPaycheckCalculator.Input(input, calculator: fast) }
        }
        // 2024 has no withholding data.
        #expect(throws: CalculationError.self) { _ = try FixedPaycheckCalculator(data: compiledYears.first { $0.meta.taxYear == 2024 }!) }
    }

    @Test("another paycheck of the same person: change the wages, same answer as a new input")
    func reuse() throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let fast = try FixedPaycheckCalculator(data: data)
        let w4 = FormW4(filingStatus: .marriedFilingJointly, dependentsAmount: 2_200)
        var input = try FixedPaycheckCalculator.Input(PaycheckInput(frequency: .biweekly, wages: 3_000, w4: w4, state: "IL",
                                                                    stateCertificate: StateCertificate(allowances: 2)), calculator: fast)
        // Worksheet 1A: 107.69 federal (calculator.md); Illinois: (3,000 − 2 × 2,925 / 26) × 4.95% = 137.36.
        #expect(fast.calculate(input).federalWithholdingCents == 10_769)
        #expect(fast.calculate(input).stateWithholdingCents == 13_736)
        input.wagesCents = 320_000
        let fresh = try FixedPaycheckCalculator.Input(PaycheckInput(frequency: .biweekly, wages: 3_200, w4: w4, state: "IL",
                                                                    stateCertificate: StateCertificate(allowances: 2)), calculator: fast)
        #expect(fast.calculate(input) == fast.calculate(fresh))
    }
}
