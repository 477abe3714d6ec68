import Foundation
import Testing
import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

func d(_ text: String) -> Decimal { Money.parse(text)! }

func calculate(_ year: Int, _ status: FilingStatus, _ state: String, gross: String, preTax: [PreTaxDeduction] = [],
               nyc: Bool = false, age: Int? = nil, dependents: Int = 0, children: Int = 0, childrenUnder6: Int = 0) throws -> PayResult {
    let data = try #require(compiledYears.first { $0.meta.taxYear == year })
    return try TaxCalculator(data: data).calculate(PayInput(grossAnnual: d(gross), status: status, state: state, preTax: preTax,
                                                            newYorkCity: nyc, age: age, dependents: dependents, children: children,
                                                            childrenUnder6: childrenUnder6))
}

/// Golden cases. Every expected value is worked by hand from the publication cited beside it
/// (the arithmetic is in the comment), never produced by the calculator.
@Suite("TaxCalculator golden cases")
struct GoldenCases {
    // Seed document, section 10 (figures checked against IRS Rev. Proc. 2023-34 and SSA).

    @Test("seed: 2024 single, taxable income 100,000 → federal tax 17,053")
    func seedFederal() throws {
        // Rev. Proc. 2023-34 §3.01 Table 3: 5,426 + 22% × (100,000 − 47,150) = 5,426 + 11,627 = 17,053.
        // Taxable 100,000 = gross 114,600 − standard deduction 14,600 (§3.15).
        let r = try calculate(2024, .single, "TX", gross: "114600")
        #expect(r.federalTaxableIncome == d("100000"))
        #expect(r.federalIncomeTax == d("17053"))
    }

    @Test("seed: 2024 Social Security is capped at the wage base (200,000 gross → 10,453.20)")
    func seedSocialSecurity() throws {
        // SSA contribution and benefit base 2024: 168,600 × 6.2% = 10,453.20.
        #expect(try calculate(2024, .single, "TX", gross: "200000").socialSecurity == d("10453.20"))
    }

    // Dependents (issue 15: the dependent exemptions and credits already in the data).

    @Test("CA 2025: each dependent takes the 475 exemption credit off the tax")
    func dependentCredit() throws {
        // FTB 2025 Schedule X: taxable 100,000 − 5,706 = 94,294; 3,201.97 + 9.3% × (94,294 − 72,724)
        // = 3,201.97 + 2,006.01 = 5,207.98; less the personal credit 153 = 5,054.98; less 2 × 475 = 4,104.98.
        #expect(try calculate(2025, .single, "CA", gross: "100000").stateIncomeTax == d("5054.98"))
        let r = try calculate(2025, .single, "CA", gross: "100000", dependents: 2)
        #expect(r.stateIncomeTax == d("4104.98"))
        #expect(r.notes.contains { $0.contains("dependent credit 2 × 475") })
    }

    @Test("GA 2025: each dependent takes the 4,000 exemption off taxable income")
    func dependentExemption() throws {
        // GA 2025 (HB 111): 5.19% flat; standard deduction 12,000 single; 4,000 per dependent.
        // 60,000 − 12,000 − 4,000 = 44,000 × 5.19% = 2,283.60.
        let r = try calculate(2025, .single, "GA", gross: "60000", dependents: 1)
        #expect(r.stateTaxableIncome == d("44000"))
        #expect(r.stateIncomeTax == d("2283.60"))
        #expect(throws: CalculationError.self) { try calculate(2025, .single, "GA", gross: "60000", dependents: -1) }
    }

    @Test("federal child tax credit: 2,200 per child (2025, P.L. 119-21), limited to the tax, phased out $50 per $1,000")
    func childTaxCredit() throws {
        // 2025 MFJ, 150,000: taxable 118,500; 11,157 + 22% × 21,550 = 15,898; − 2 × 2,200 = 11,498.
        let two = try calculate(2025, .marriedFilingJointly, "TX", gross: "150000", dependents: 2, children: 2)
        #expect(two.federalIncomeTax == d("11498"))
        // One child and one other dependent: 15,898 − 2,200 − 500 = 13,198.
        #expect(try calculate(2025, .marriedFilingJointly, "TX", gross: "150000", dependents: 2, children: 1).federalIncomeTax == d("13198"))
        // 2026 single, 210,500: 10,500 over 200,000 → 11 steps (fraction rounds up) × 50 = 550; credit 1,650.
        // Tax on 194,400: 17,966 + 24% × 88,700 = 39,254; − 1,650 = 37,604.
        #expect(try calculate(2026, .single, "TX", gross: "210500", dependents: 1, children: 1).federalIncomeTax == d("37604"))
        // Limited to the tax: 2024 single, 20,000: taxable 5,400 → 540; a 2,000 credit leaves 0 (the refund is not withholding).
        #expect(try calculate(2024, .single, "TX", gross: "20000", dependents: 1, children: 1).federalIncomeTax == 0)
        #expect(throws: CalculationError.self) { try calculate(2025, .single, "TX", gross: "1", dependents: 1, children: 2) }
    }

    // State law beyond brackets (issue 15): one case per construct, worked by hand from the law.

    @Test("CO 2025 starts from federal taxable income (incomeBase)")
    func incomeBase() throws {
        // C.R.S. 39-22-104(1.7): federal taxable income 100,000 − 15,750 = 84,250; × 4.40% = 3,707.00.
        let r = try calculate(2025, .single, "CO", gross: "100000")
        #expect(r.stateTaxableIncome == d("84250") && r.stateIncomeTax == d("3707"))
    }

    @Test("IL 2025 exemption cliff above AGI 250,000 (phaseOuts: cliff)")
    func exemptionCliff() throws {
        // 35 ILCS 5/204(g): (200,000 − 2,850) × 4.95% = 9,758.925 → 9,758.93; at 300,000 no exemption: 14,850.00.
        #expect(try calculate(2025, .single, "IL", gross: "200000").stateIncomeTax == d("9758.93"))
        #expect(try calculate(2025, .single, "IL", gross: "250000").stateTaxableIncome == d("247150")) // "exceeds": kept at the limit
        #expect(try calculate(2025, .single, "IL", gross: "300000").stateIncomeTax == d("14850"))
        #expect(try calculate(2025, .single, "IL", gross: "300000", dependents: 2).stateTaxableIncome == d("300000"))
    }

    @Test("OR 2025 exemption credit cliff above AGI 100,000 (phaseOuts on a credit)")
    func creditCliff() throws {
        // ORS 316.085: one dollar over 100,000 loses the 256 credit; the extra dollar is taxed at 8.75%.
        let at = try calculate(2025, .single, "OR", gross: "100000").stateIncomeTax
        let over = try calculate(2025, .single, "OR", gross: "100001").stateIncomeTax
        #expect(over - at == d("256.09"), "\(at) → \(over)")
    }

    @Test("MA 2025 deducts FICA paid up to 2,000 (ficaDeduction)")
    func ficaDeduction() throws {
        // c. 62 §3(B)(a)(3): FICA on 50,000 is 3,825, capped at 2,000; 50,000 − 4,400 − 2,000 = 43,600 × 5% = 2,180.00.
        let r = try calculate(2025, .single, "MA", gross: "50000")
        #expect(r.stateTaxableIncome == d("43600") && r.stateIncomeTax == d("2180"))
        // Below the cap the whole FICA is deducted: 20,000 → FICA 1,530; 20,000 − 4,400 − 1,530 = 14,070 × 5% = 703.50.
        #expect(try calculate(2025, .single, "MA", gross: "20000").stateIncomeTax == d("703.50"))
    }

    @Test("ID 2025 adds the 10 Permanent Building Fund tax (extraTax)")
    func extraTax() throws {
        // Idaho Code 63-3082: 60,000 − 15,750 = 44,250; 5.3% × (44,250 − 4,811) = 2,090.267 → 2,090.27; + 10 = 2,100.27.
        #expect(try calculate(2025, .single, "ID", gross: "60000").stateIncomeTax == d("2100.27"))
        #expect(try calculate(2025, .single, "ID", gross: "10000").stateIncomeTax == 0) // no taxable income: no fund tax
    }

    @Test("AL 2025 deducts the federal income tax in full (federalTaxDeduction)")
    func federalTaxDeduction() throws {
        // Code 40-18-15(a)(2): federal tax on 50,000 is 3,871.50 (1,192.50 + 12% × 22,325); the standard
        // deduction is at its 2,500 minimum at AGI 50,000 (40-18-15(b) chart), below the FICA paid (3,825,
        // itemized, 40-18-15(a)(3)); 50,000 − 3,825 − 1,500 − 3,871.50 = 40,803.50;
        // 10 + 100 + 5% × 37,803.50 = 2,000.175 → 2,000.18.
        let r = try calculate(2025, .single, "AL", gross: "50000")
        #expect(r.federalIncomeTax == d("3871.50"))
        #expect(r.stateTaxableIncome == d("40803.50") && r.stateIncomeTax == d("2000.18"))
    }

    // Schema 1.3 constructs (issue 15). Each worked from the statute or the form's chart or worksheet.

    @Test("AL 2025 standard deduction falls 25 per whole 500 of AGI over 25,500, to 2,500 (linear, step down, minimum)")
    func steppedDeduction() throws {
        // Code 40-18-15(b) chart: AGI 30,000 is 9 whole steps over 25,500: 3,000 − 9 × 25 = 2,775.
        // Federal tax on 30,000: 10% × 11,925 + 12% × 2,325 = 1,471.50.
        // 30,000 − 2,775 − 1,500 − 1,471.50 = 24,253.50; 10 + 100 + 5% × 21,253.50 = 1,172.675 → 1,172.68.
        let r = try calculate(2025, .single, "AL", gross: "30000")
        #expect(r.stateTaxableIncome == d("24253.50") && r.stateIncomeTax == d("1172.68"))
        // 25,999 is still under one whole step: the full 3,000 (25,999 − 3,000 − 1,500 − federal 10% × 10,249 = 1,024.90).
        #expect(try calculate(2025, .single, "AL", gross: "25999").stateTaxableIncome == d("20474.10"))
    }

    @Test("MD 2024 standard deduction is 15% of income between 1,800 and 2,700; exemptions by AGI tier (standardDeductionPercent, table)")
    func percentDeductionAndTable() throws {
        // 2024 Maryland resident booklet, worksheet 16A: 15,000 × 15% = 2,250; exemption 3,200 (AGI ≤ 100,000).
        #expect(try calculate(2024, .single, "MD", gross: "15000").stateTaxableIncome == d("9550"))
        // 50,000: the 2,700 maximum; 50,000 − 2,700 − 3,200 = 44,100; 90 + 4.75% × 41,100 = 2,042.25.
        let r = try calculate(2024, .single, "MD", gross: "50000")
        #expect(r.stateTaxableIncome == d("44100") && r.stateIncomeTax == d("2042.25"))
        // The booklet's own example: joint, AGI 180,000, one dependent: "$2,400 ($800 for three exemptions)";
        // 180,000 − 5,450 − 2,400 = 172,150.
        #expect(try calculate(2024, .marriedFilingJointly, "MD", gross: "180000", dependents: 1).stateTaxableIncome == d("172150"))
    }

    @Test("RI 2025 deduction and exemption lose 20% per 7,250 step over 254,250 (proportional, step up)")
    func proportionalSteps() throws {
        // ADV 2025-22: AGI 270,000 is 15,750 over, 3 steps (rounded up) of 5: 40% kept of 10,900 and 5,100:
        // 4,360 + 2,040; taxable 263,600; 7,829.38 + 5.99% × (263,600 − 181,650) = 12,738.185 → 12,738.19.
        let r = try calculate(2025, .single, "RI", gross: "270000")
        #expect(r.stateTaxableIncome == d("263600") && r.stateIncomeTax == d("12738.19"))
    }

    @Test("WI 2026 sliding-scale standard deduction: 12% of income over 20,120 for single filers (linear, rate per status)")
    func slidingScale() throws {
        // Wis. Stat. 71.05(22): 13,960 − 12% × (60,000 − 20,120) = 9,174.40; − 700 exemption → 50,125.60;
        // 528.85 + 4.4% × 35,015.60 = 2,069.5364 → 2,069.54 (2026 Form 1-ES schedule A).
        let r = try calculate(2026, .single, "WI", gross: "60000")
        #expect(r.stateTaxableIncome == d("50125.60") && r.stateIncomeTax == d("2069.54"))
    }

    @Test("UT 2025 taxpayer credit is lost at 1.3% of income over 18,213 (part: credits)")
    func creditsPhaseOut() throws {
        // Utah Code 59-10-1018: credit 6% × 15,750 = 945, less 1.3% × (65,000 − 18,213) = 608.231 → 608.23: 336.77;
        // tax 4.5% × 65,000 = 2,925 − 336.77 = 2,588.23.
        #expect(try calculate(2025, .single, "UT", gross: "65000").stateIncomeTax == d("2588.23"))
    }

    @Test("CT 2025: phase-out add-back, benefit recapture and the personal tax credit (taxAddBacks, taxCredit)")
    func connecticut() throws {
        // Sec. 12-700(a)(10) Table C: single 60,000 adds 25 (one 5,000 step over 56,500); Sec. 12-703 Table E:
        // 10% credit at AGI over 33,300 up to 60,000: 2,550 + 25 = 2,575 − 257.50 = 2,317.50.
        #expect(try calculate(2025, .single, "CT", gross: "60000").stateIncomeTax == d("2317.50"))
        // 150,000: add-back at its 250 maximum, recapture 9 steps × 25 = 225, no credit: 7,750 + 475 = 8,225.
        #expect(try calculate(2025, .single, "CT", gross: "150000").stateIncomeTax == d("8225"))
        // Joint 250,000: 12,500 + 500 + 4 × 50 = 13,200.
        #expect(try calculate(2025, .marriedFilingJointly, "CT", gross: "250000").stateIncomeTax == d("13200"))
    }

    // Edge cases.

    // Schema 1.4 constructs (issue 15), each worked by hand from the law.

    @Test("NY 2025 supplemental tax: later row, partly phased in (Tax Law 601(d-4))")
    func newYorkRecapturePartial() throws {
        // Single 250,000: T = 250,000 − 8,000 = 242,000, row 'over 215,400' (base 568, benefit 1,831).
        // f = (250,000 − 215,400) / 50,000 = 0.692; 568 + 1,831 × 0.692 = 1,835.05 (1,835.052).
        // Brackets: 340 + 144 + 115.50 + 3,671.25 + 8,085 + 6.85% × 26,600 (1,822.10) = 14,177.85; total 16,012.90.
        let r = try calculate(2025, .single, "NY", gross: "250000")
        #expect(r.stateTaxableIncome == d("242000"))
        #expect(r.stateIncomeTax == d("16012.90"))
    }

    @Test("NY 2025 supplemental tax: fully phased in, joint")
    func newYorkRecaptureFull() throws {
        // MFJ 300,000: T = 283,950, row 'over 161,550' (base 333, benefit 807), f = 1 (138,450 > 50,000): +1,140.
        // Brackets: 686 + 290.25 + 225.75 + 7,350.75 + 6% × 122,400 (7,344) = 15,896.75; total 17,036.75.
        #expect(try calculate(2025, .marriedFilingJointly, "NY", gross: "300000").stateIncomeTax == d("17036.75"))
        // Below the AGI start (107,650) nothing is added: single 100,000, T 92,000: 4,270.75 + 6% × 11,350 = 4,951.75.
        #expect(try calculate(2025, .single, "NY", gross: "100000").stateIncomeTax == d("4951.75"))
    }

    @Test("OH 2025: 30% of the federal earned income credit (IRC 32; R.C. 5747.71)")
    func earnedIncomeCreditShare() throws {
        // Federal EITC, 1 child: 4,328 − 15.98% × (40,000 − 23,350) = 4,328 − 2,660.67 = 1,667.33; 30% = 500.20.
        let r = try calculate(2025, .single, "OH", gross: "40000", dependents: 1, children: 1)
        #expect(r.notes.contains { $0.contains("earned income credit") && $0.contains("500.2 applied") }, "\(r.notes)")
    }

    @Test("MO 2025: 25% of federal tax deducted at AGI 40,000 (RSMo 143.171)")
    func federalTaxShare() throws {
        // Federal tax: 1,192.50 + 12% × (24,250 − 11,925) = 2,671.50; 25% = 667.88 (667.875).
        // Missouri taxable: 40,000 − 15,750 − 667.88 = 23,582.12.
        #expect(try calculate(2025, .single, "MO", gross: "40000").stateTaxableIncome == d("23582.12"))
    }

    @Test("OR 2025: the federal tax subtraction cap drops at AGI 125,000 or more ('at least' row)")
    func inclusiveRow() throws {
        // OR-40 Table 4 (2025): under 125,000 the cap is 8,500; at 125,000 it is 6,800; federal tax exceeds both,
        // so taxable income rises by 0.01 of wages plus 1,700 of lost subtraction.
        let below = try calculate(2025, .single, "OR", gross: "124999.99"), at = try calculate(2025, .single, "OR", gross: "125000")
        #expect(at.stateTaxableIncome - below.stateTaxableIncome == d("1700.01"))
    }

    @Test("IN 2025: the $1,500 exemption per child on top of the $1,000 per dependent (IC 6-3-1-3.5)")
    func childExemption() throws {
        // 40,000 − 1,000 − 1,000 − 1,500 = 36,500 × 3.0% = 1,095.00.
        let r = try calculate(2025, .single, "IN", gross: "40000", dependents: 1, children: 1)
        #expect(r.stateTaxableIncome == d("36500"))
        #expect(r.stateIncomeTax == d("1095"))
    }

    @Test("AL 2025: FICA itemized instead of the standard deduction (Code of Ala. 40-18-15)")
    func itemizedFICA() throws {
        // FICA 7,750 + 1,812.50 = 9,562.50 > standard deduction 2,500. Federal tax 17,651 + 24% × 5,900 = 19,067.
        // 125,000 − 9,562.50 − 1,500 − 19,067 = 94,870.50; tax 10 + 100 + 5% × 91,870.50 = 4,703.53 (4,703.525).
        let r = try calculate(2025, .single, "AL", gross: "125000")
        #expect(r.stateTaxableIncome == d("94870.50"))
        #expect(r.stateIncomeTax == d("4703.53"))
    }

    @Test("OK 2025: 5% of the federal child tax credit allowed, refundable part included")
    func childTaxCreditShare() throws {
        // Single 60,000, 1 child: the 2,200 credit is all used against the tax: 5% = 110.
        let r = try calculate(2025, .single, "OK", gross: "60000", dependents: 1, children: 1)
        #expect(r.notes.contains { $0.contains("child tax credit") && $0.contains("110 applied") }, "\(r.notes)")
        // MFJ 30,000, 2 children: no federal tax, additional child tax credit min(2 × 1,700, 15% × 27,500) = 3,400: 5% = 170,
        // limited to the Oklahoma tax; above AGI 100,000 none.
        let low = try calculate(2025, .marriedFilingJointly, "OK", gross: "30000", dependents: 2, children: 2)
        #expect(low.notes.contains { $0.contains("child tax credit") }, "\(low.notes)")
        let high = try calculate(2025, .single, "OK", gross: "100000.01", dependents: 1, children: 1)
        #expect(!high.notes.contains { $0.contains("Oklahoma child tax credit") })
    }

    // Schema 1.5: income-tested credits, refundable dependent credits; the AR high-income table and
    // the SC 2026 SCIAD phase-out use 1.3 constructs.

    @Test("KY 2024: family size tax credit, 40% at 122% of the poverty guideline (KRS 141.066(3))")
    func familySizeCredit() throws {
        // Head of household, 1 child: family size 2, 2024 guideline 20,440; 25,000 / 20,440 = 1.223, in (1.20, 1.24]: 40%.
        // Tax 4% × (25,000 − 3,160) = 873.60; credit 349.44; tax 524.16.
        let r = try calculate(2024, .headOfHousehold, "KY", gross: "25000", dependents: 1, children: 1)
        #expect(r.stateIncomeTax == d("524.16"))
        #expect(r.notes.contains { $0.contains("family size tax credit") && $0.contains("349.44 applied (40% of the tax)") }, "\(r.notes)")
    }

    @Test("PA 2025: tax forgiveness by $250 steps over 13,000 married + 9,500 per dependent (72 P.S. 7304)")
    func taxForgiveness() throws {
        // MFJ 15,000, no dependents: 2,000 over 13,000 is 'not in excess of 2,000': 20%. Tax 3.07% × 15,000 = 460.50; 92.10 forgiven.
        #expect(try calculate(2025, .marriedFilingJointly, "PA", gross: "15000").stateIncomeTax == d("368.40"))
        // MFJ 40,000, 3 dependents: limit 13,000 + 3 × 9,500 = 41,500: all forgiven. Single 40,000, 3 dependents: 35,000 + 2,250 < 40,000: none.
        #expect(try calculate(2025, .marriedFilingJointly, "PA", gross: "40000", dependents: 3, children: 3).stateIncomeTax == 0)
        #expect(try calculate(2025, .single, "PA", gross: "40000", dependents: 3, children: 3).stateIncomeTax == d("1228"))
    }

    @Test("WV 2025: low-income family tax credit, 80% at 350 over the guideline (W. Va. Code 11-21-22B)")
    func lowIncomeFamilyCredit() throws {
        // Single 16,000: guideline 15,650, excess 350 in (300, 600]: 80%. Taxable 16,000 − 2,000 = 14,000;
        // tax 2.22% × 10,000 + 2.96% × 4,000 = 222 + 118.40 = 340.40; credit 272.32; tax 68.08.
        #expect(try calculate(2025, .single, "WV", gross: "16000").stateIncomeTax == d("68.08"))
    }

    @Test("ME 2025: the refundable dependent credit is reported, not taken off the tax (36 M.R.S. 5219-SS)")
    func refundableDependentCredit() throws {
        // MFJ 125,000, 3 dependents: 3 × 305 = 915 (AGI below the 150,000 joint threshold); the state tax shown is
        // before refundable credits, so it equals the tax without the credit.
        let with = try calculate(2025, .marriedFilingJointly, "ME", gross: "125000", dependents: 3, children: 3)
        #expect(with.refundableCredits.filter { $0.jurisdiction == "ME" }.map(\.amount) == [d("915")], "\(with.refundableCredits)")
        // MFJ 200,000, 3 dependents: 915 − 20 × 100 steps of 500 → 0, so no line.
        let phased = try calculate(2025, .marriedFilingJointly, "ME", gross: "200000", dependents: 3, children: 3)
        #expect(phased.stateRefundableCredits == 0, "\(phased.refundableCredits)")
    }

    @Test("AR 2024: the high-income table, 3.9% of net income less 87.40 (A.C.A. 26-51-201(a)(3)(B)-(C))")
    func arkansasHighIncome() throws {
        // Single 125,000: net income 122,590; 3.9% × 122,590 − 87.40 = 4,693.61; less the 29 personal credit: 4,664.61.
        #expect(try calculate(2024, .single, "AR", gross: "125000").stateIncomeTax == d("4664.61"))
    }

    // Schema 1.6: the federal deduction add-back and the deduction for dependents after the first.

    @Test("CO 2024: the federal standard deduction above 12,000 is added back from AGI 300,000 (C.R.S. 39-22-104(3)(p.5))")
    func coloradoAddBack() throws {
        // Single 300,000: federal taxable 300,000 − 14,600 = 285,400; add back 14,600 − 12,000 = 2,600; 288,000 × 4.25% = 12,240.
        let r = try calculate(2024, .single, "CO", gross: "300000")
        #expect(r.stateIncomeTax == d("12240"))
        #expect(r.notes.contains { $0.contains("federal deduction add-back") && $0.contains("2600 added") }, "\(r.notes)")
        // One cent below the threshold: nothing added back; 285,399.99 × 4.25% = 12,129.50.
        #expect(try calculate(2024, .single, "CO", gross: "299999.99").stateIncomeTax == d("12129.50"))
        // 2026 (Proposition MM): head of household keeps the single cap of 1,000: 300,000 − 24,150 + 23,150 = 299,000 × 4.4% = 13,156.
        #expect(try calculate(2026, .headOfHousehold, "CO", gross: "300000", dependents: 1, children: 1).stateIncomeTax == d("13156"))
    }

    @Test("NM 2024: $4,000 for each dependent after the first, joint and head of household only (NMSA 7-2-39)")
    func newMexicoDependentDeduction() throws {
        // MFJ 85,000, 3 dependents: taxable 85,000 − 29,200 − 2 × 4,000 = 47,800 (the low- and middle-income exemption is
        // gone above 55,000); 1.7% × 8,000 + 3.2% × 8,000 + 4.7% × 8,000 + 4.9% × 23,800 = 136 + 256 + 376 + 1,166.20 = 1,934.20.
        let r = try calculate(2024, .marriedFilingJointly, "NM", gross: "85000", dependents: 3, children: 3)
        #expect(r.stateIncomeTax == d("1934.20"))
        #expect(r.notes.contains { $0.contains("deduction for certain dependents 2 × 4000") }, "\(r.notes)")
        // One dependent: nothing; a single filer with three: nothing.
        let one = try calculate(2024, .marriedFilingJointly, "NM", gross: "85000", dependents: 1, children: 1)
        #expect(!one.notes.contains { $0.contains("deduction for certain dependents") })
        let single = try calculate(2024, .single, "NM", gross: "85000", dependents: 3, children: 3)
        #expect(!single.notes.contains { $0.contains("deduction for certain dependents") })
    }

    @Test("AR 2025: the Regular Tax Table taxes the row's midpoint in whole dollars (AR1000F instructions)")
    func arkansasTaxTable() throws {
        // Single 40,000: net income 37,530, row 37,500-37,599, midpoint 37,549.5: 112 + 144 + 353.60 + 3.9% × 11,149.5
        // = 1,044.43 → 1,044 (the printed row); less the 29 personal credit: 1,015. The formula on 37,530 would give 1,014.67.
        let r = try calculate(2025, .single, "AR", gross: "40000")
        #expect(r.stateIncomeTax == d("1015"))
        #expect(r.notes.contains { $0.contains("tax table (row midpoint 37549.5") }, "\(r.notes)")
        // From 75,001 the rows start one dollar above the hundred: net income 77,530 is in 77,501-77,600, midpoint 77,550.5:
        // 112 + 144 + 353.60 + 3.9% × 51,150.5 = 2,604.47 → 2,604; less 29: 2,575.
        #expect(try calculate(2025, .single, "AR", gross: "80000").stateIncomeTax == d("2575"))
    }

    // Schema 1.7: low-income tax tables, and a table credit read at taxable income.

    @Test("AR 2025: the Low Income Tax Tables and the additional credit (2025 AR1000F instructions pp. 21, 24-25)")
    func arkansasLowIncome() throws {
        // Head of household, 1 dependent, AGI 25,000: the 1-or-no-dependents table, row 24,901-25,000: 453 (in place of
        // the regular 479 on net 22,530); less the 58 personal, 29 dependent and 60 additional credits (read at line 28 =
        // AGI, 25,000 ≤ 26,500): 306.
        let hoh = try calculate(2025, .headOfHousehold, "AR", gross: "25000", dependents: 1, children: 1)
        #expect(hoh.stateIncomeTax == d("306"))
        #expect(hoh.notes.contains { $0.contains("Low Income Tax Tables (A.C.A. 26-51-301): tax 453") }, "\(hoh.notes)")
        #expect(hoh.notes.contains { $0.contains("additional tax credit for qualified individuals (A.C.A. 26-51-501) 60") }, "\(hoh.notes)")
        // Single 25,000 is above the single table (17,500): the regular table, 479 on net 22,530, less 29 and 60: 390.
        let single = try calculate(2025, .single, "AR", gross: "25000")
        #expect(single.stateIncomeTax == d("390"))
        #expect(!single.notes.contains { $0.contains("Low Income Tax Tables") })
        // Single 29,470: net income 27,000 is in the 26,901-27,000 credit row: 35. Regular table row 27,000-27,099,
        // midpoint 27,049.5: 112 + 144 + 353.60 + 3.9% × 649.5 = 634.93 → 635; less 29 and 35: 571.
        #expect(try calculate(2025, .single, "AR", gross: "29470").stateIncomeTax == d("571"))
        // Joint, 3 dependents, 29,722 (the 2+ table's zero row, "0 - 29,722"): no tax; one dollar more: 111 − 58 − 87 → 0 too,
        // but the table's 111 is what the credits are taken from.
        let joint = try calculate(2025, .marriedFilingJointly, "AR", gross: "29723", dependents: 3, children: 3)
        #expect(joint.notes.contains { $0.contains("Low Income Tax Tables (A.C.A. 26-51-301): tax 111") }, "\(joint.notes)")
        // Married filing separately has no table.
        #expect(!(try calculate(2025, .marriedFilingSeparately, "AR", gross: "15000")).notes.contains { $0.contains("Low Income Tax Tables") })
    }

    @Test("NY 2025: household credit from table 2, 60 + 15 per additional person, limited to the tax (Tax Law 606(b))")
    func householdCredit() throws {
        // Head of household, 1 dependent, 15,000: 2 people in the 7,001-20,000 row: 60 + 15 = 75; the tax 112.00 less 75 = 37.
        let r = try calculate(2025, .headOfHousehold, "NY", gross: "15000", dependents: 1, children: 1)
        #expect(r.stateIncomeTax == d("37"))
        #expect(r.notes.contains { $0.contains("household credit (Tax Law 606(b)) 75") }, "\(r.notes)")
        // Single 25,000 (20,001-25,000: 40): 770 − 40 = 730. Joint 25,000, 3 dependents (5 people, 22,001-25,000): 50 + 4 × 10 = 90: 238 − 90 = 148.
        #expect(try calculate(2025, .single, "NY", gross: "25000").stateIncomeTax == d("730"))
        #expect(try calculate(2025, .marriedFilingJointly, "NY", gross: "25000", dependents: 3, children: 3).stateIncomeTax == d("148"))
        // Above 32,000 no credit is applied.
        #expect(!(try calculate(2025, .marriedFilingJointly, "NY", gross: "32000.01")).notes.contains { $0.contains("household credit") })
    }

    @Test("MA 2025: no-tax status at or below 16,400 + 1,000 per dependent, then tax at most 10% of the excess (M.G.L. c. 62 s. 5(a))")
    func massachusettsNoTaxStatus() throws {
        // Joint, 3 dependents: threshold 19,400. At 15,000: no tax.
        #expect(try calculate(2025, .marriedFilingJointly, "MA", gross: "15000", dependents: 3, children: 3).stateIncomeTax == 0)
        // At 25,000 (below 1.75 × 19,400 = 33,950): 5% × (25,000 − 8,800 − 3,000 − 1,912.50) = 564.38, limited to 10% × 5,600 = 560.
        let r = try calculate(2025, .marriedFilingJointly, "MA", gross: "25000", dependents: 3, children: 3)
        #expect(r.stateIncomeTax == d("560"))
        #expect(r.notes.contains { $0.contains("tax limited to 10% of income above the threshold") }, "\(r.notes)")
        // A separate return has no no-tax status.
        #expect(try calculate(2025, .marriedFilingSeparately, "MA", gross: "8000").stateIncomeTax > 0)
    }

    @Test("NJ 2025: no tax at gross income of 20,000 or less on a joint return (N.J.S.A. 54A:2-4)")
    func newJerseyMinimumIncome() throws {
        #expect(try calculate(2025, .marriedFilingJointly, "NJ", gross: "20000").stateIncomeTax == 0)
        // One cent more: 1.4% × (20,000.01 − 2,000) = 252.00.
        #expect(try calculate(2025, .marriedFilingJointly, "NJ", gross: "20000.01").stateIncomeTax == d("252"))
        // Single 15,000 is above its 10,000 threshold: 1.4% × 14,000 = 196.
        #expect(try calculate(2025, .single, "NJ", gross: "15000").stateIncomeTax == d("196"))
    }

    @Test("OR 2024: federal tax subtraction capped at 6,600 from AGI 125,000 (ORS 316.680(1)(b), OR-40 Table 4)")
    func oregonFederalTaxSubtraction2024() throws {
        // Single 125,000: federal tax 19,538.50, capped at 6,600 (the 125,000 row is 'at least'); taxable 125,000 − 2,745 − 6,600
        // = 115,655; 639.63 (the derived base of the 8.75% bracket, to the cent) + 8.75% × 104,905 = 9,818.82 (PolicyEngine 9,818.81).
        let r = try calculate(2024, .single, "OR", gross: "125000")
        #expect(r.stateTaxableIncome == d("115655"))
        #expect(r.stateIncomeTax == d("9818.82"))
        // One dollar below the row: the full 8,250.
        #expect(try calculate(2024, .single, "OR", gross: "124999").stateTaxableIncome == d("114004"))
    }

    @Test("DE 2024: the filer takes the refundable 4.5% EITC when it beats the nonrefundable 20% the tax allows (30 Del. C. 1117)")
    func delawareEarnedIncomeCreditChoice() throws {
        // Single (head of household in PolicyEngine's reading is the same here) 15,000, 1 child: the tax before the credit is 125;
        // 20% of the federal credit is far above it, so the nonrefundable option gives 125, while 4.5% of the federal credit
        // is more: the filer takes the refundable one and the tax before refundable credits stays 125 (PolicyEngine 125).
        let r = try calculate(2024, .headOfHousehold, "DE", gross: "15000", dependents: 1, children: 1)
        #expect(r.stateIncomeTax == d("125"))
        #expect(r.notes.contains { $0.contains("refundable alternative") }, "\(r.notes)")
        // Joint 40,000 with 1 child: 20% of the federal credit is below the tax, so the nonrefundable option is taken.
        let joint = try calculate(2024, .marriedFilingJointly, "DE", gross: "40000", dependents: 1, children: 1)
        #expect(joint.notes.contains { $0.contains("nonrefundable 20% option") && $0.contains("applied") }, "\(joint.notes)")
    }

    @Test("GA 2024: low income credit, 5 per person at AGI 15,000-19,999, none from 20,000 (O.C.G.A. 48-7A-3)")
    func georgiaLowIncomeCredit() throws {
        // Single 15,000: 5.39% × (15,000 − 12,000) = 161.70, less 5: 156.70 (PolicyEngine the same); 20,000: no credit.
        #expect(try calculate(2024, .single, "GA", gross: "15000").stateIncomeTax == d("156.70"))
        #expect(try calculate(2024, .single, "GA", gross: "20000").stateIncomeTax == d("431.20"))
        // 19,999.99 still has it: 5.39% × 7,999.99 = 431.20 − 5 = 426.20.
        #expect(try calculate(2024, .single, "GA", gross: "19999.99").stateIncomeTax == d("426.20"))
    }

    @Test("AL 2024: the federal tax deducted is the liability less the refundable earned income credit (Form 40 worksheet)")
    func alabamaFederalTaxLessRefundableCredits() throws {
        // Single 15,000: federal tax 40, earned income credit (no children) 275: nothing to deduct.
        let r = try calculate(2024, .single, "AL", gross: "15000")
        #expect(!r.notes.contains { $0.contains("federalTaxDeduction") })
        #expect(r.stateIncomeTax == d("485"))
    }

    @Test("SC 2024: a child under 6 takes a second 4,790 off taxable income (S.C. Code 12-6-1160), 6.2% of it off the tax")
    func scYoungChild() throws {
        // S.C. Code 12-6-1160: an additional deduction "equal to the South Carolina dependent exemption" ($4,790 for
        // 2024, SC1040 line w) for each dependent under 6. At 120,000 married filing jointly with two children both
        // deductions are in the top bracket (2024 SC1040TT: 6.2% over 17,330), so one child under 6 lowers taxable
        // income by 4,790 and the tax by 4,790 × 6.2% = 296.98; two, by 9,580 and 593.96.
        let none = try calculate(2024, .marriedFilingJointly, "SC", gross: "120000", dependents: 2, children: 2)
        let one = try calculate(2024, .marriedFilingJointly, "SC", gross: "120000", dependents: 2, children: 2, childrenUnder6: 1)
        let two = try calculate(2024, .marriedFilingJointly, "SC", gross: "120000", dependents: 2, children: 2, childrenUnder6: 2)
        #expect(none.stateTaxableIncome - one.stateTaxableIncome == d("4790"))
        #expect(none.stateIncomeTax - one.stateIncomeTax == d("296.98"))
        #expect(none.stateIncomeTax - two.stateIncomeTax == d("593.96"))
        #expect(one.notes.contains { $0.contains("deduction for each dependent under 6 (S.C. Code 12-6-1160) 1 × 4790 applied") }, "\(one.notes)")
        // More children under 6 than children under 17 is a usage error that says why.
        #expect(throws: CalculationError.self) { try calculate(2024, .single, "SC", gross: "50000", dependents: 1, children: 1, childrenUnder6: 2) }
    }

    @Test("SC 2026: the SCIAD phase-out, 15,000 × (60,000 − 40,000) / 55,000 (S.C. Code 12-6-1140(15))")
    func incomeAdjustedDeduction() throws {
        // Reduction 5,454.55 (the law then rounds it down to 5,450, which the bundle cannot write: see SC notes);
        // deduction 9,545.45; taxable 50,454.55.
        #expect(try calculate(2026, .single, "SC", gross: "60000").stateTaxableIncome == d("50454.55"))
    }

    @Test("exactly at a bracket boundary, and one dollar above it")
    func bracketBoundary() throws {
        // 2024 single: taxable 47,150 is the top of the 12% bracket: 1,160 + 12% × 35,550 = 5,426.
        #expect(try calculate(2024, .single, "TX", gross: "61750").federalIncomeTax == d("5426"))
        // One more dollar is taxed at 22%: 5,426.22.
        #expect(try calculate(2024, .single, "TX", gross: "61751").federalIncomeTax == d("5426.22"))
        // 2026 MFJ at 24,800 (Rev. Proc. 2025-32): 10% × 24,800 = 2,480; gross = 24,800 + 32,200.
        #expect(try calculate(2026, .marriedFilingJointly, "TX", gross: "57000").federalIncomeTax == d("2480"))
    }

    @Test("at the wage base, and above it")
    func wageBase() throws {
        // 2025 wage base 176,100 × 6.2% = 10,918.20; more wages add nothing.
        #expect(try calculate(2025, .single, "TX", gross: "176100").socialSecurity == d("10918.20"))
        #expect(try calculate(2025, .single, "TX", gross: "176101").socialSecurity == d("10918.20"))
        // 2026: 184,500 × 6.2% = 11,439.
        #expect(try calculate(2026, .headOfHousehold, "TX", gross: "500000").socialSecurity == d("11439"))
    }

    @Test("at the Additional Medicare threshold, and above it, per status")
    func additionalMedicare() throws {
        // §3101(b): 1.45% on all wages, plus 0.9% above 200,000 (single, HOH, QSS), 250,000 (MFJ), 125,000 (MFS).
        #expect(try calculate(2026, .single, "TX", gross: "200000").medicare == d("2900"))            // 1.45% × 200,000
        #expect(try calculate(2026, .single, "TX", gross: "250000").medicare == d("4075"))            // 3,625 + 0.9% × 50,000
        #expect(try calculate(2026, .marriedFilingJointly, "TX", gross: "250000").medicare == d("3625"))
        #expect(try calculate(2026, .marriedFilingSeparately, "TX", gross: "135000").medicare == d("2047.50")) // 1,957.50 + 90
        #expect(try calculate(2026, .qualifyingWidower, "TX", gross: "210000").medicare == d("3135"))  // 3,045 + 90
    }

    @Test("zero income: every component is zero")
    func zero() throws {
        let r = try calculate(2026, .single, "NY", gross: "0", nyc: true)
        #expect(r.totalTax == 0 && r.netPay == 0 && r.effectiveRate == 0)
        #expect(r.perPeriod(.weekly) == (0, 0, 0))
    }

    // Pre-tax deductions.

    @Test("401(k) lowers income tax but not FICA; HSA lowers both; caps follow the year and age")
    func preTax() throws {
        // 2026: 401(k) 10,000 → federal taxable 100,000 − 10,000 − 16,100 = 73,900; FICA wages stay 100,000.
        let k = try calculate(2026, .single, "TX", gross: "100000", preTax: [PreTaxDeduction(.plan401k, d("10000"))])
        #expect(k.federalTaxableIncome == d("73900"))
        #expect(k.socialSecurity == d("6200"))
        // HSA (family) 5,000: FICA wages 95,000 → 5,890.
        let h = try calculate(2026, .single, "TX", gross: "100000", preTax: [PreTaxDeduction(.hsa, d("5000"))])
        #expect(h.socialSecurity == d("5890"))
        // 30,000 requested at 40: capped at 24,500 (Notice 2025-67); at 61: 24,500 + 11,250 = 35,750, so all 30,000.
        let capped = try calculate(2026, .single, "TX", gross: "100000", preTax: [PreTaxDeduction(.plan401k, d("30000"))], age: 40)
        #expect(capped.preTaxDeductions == d("24500"))
        #expect(capped.notes.contains { $0.contains("capped") })
        let older = try calculate(2026, .single, "TX", gross: "100000", preTax: [PreTaxDeduction(.plan401k, d("30000"))], age: 61)
        #expect(older.preTaxDeductions == d("30000"))
        // 401(k) and 403(b) share the 402(g)(1) limit (24,500 for 2026): 20,000 + 10,000 is capped at 24,500 in all;
        // a 457(b) plan has its own limit (457(e)(15)), so 24,500 + 5,000 = 29,500.
        let shared = try calculate(2026, .single, "TX", gross: "100000",
                                   preTax: [PreTaxDeduction(.plan401k, d("20000")), PreTaxDeduction(.plan403b, d("10000"))])
        #expect(shared.preTaxDeductions == d("24500"))
        let separate = try calculate(2026, .single, "TX", gross: "100000",
                                     preTax: [PreTaxDeduction(.plan401k, d("24500")), PreTaxDeduction(.plan457b, d("5000"))])
        #expect(separate.preTaxDeductions == d("29500"))
        // HSA self-only 2026: 4,400 (Rev. Proc. 2025-19).
        let self_ = try calculate(2026, .single, "TX", gross: "100000", preTax: [PreTaxDeduction(.hsaSelf, d("9000"))])
        #expect(self_.preTaxDeductions == d("4400"))
    }

    // States, worked by hand from each state's published schedule or statute.

    @Test("California 2024: FTB Schedule X, standard deduction, exemption credit, SDI")
    func california() throws {
        // FTB 2024 Tax Rate Schedule X; standard deduction 5,540; exemption credit 149; SDI 1.1% uncapped.
        // Taxable 100,000 − 5,540 = 94,460:
        //   107.56 + 294.86 + 589.84 + 937.26 + 1,179.20 + 9.3% × (94,460 − 70,606) 2,218.422 = 5,327.142
        //   − 149 = 5,178.142 → 5,178.14
        let r = try calculate(2024, .single, "CA", gross: "100000")
        #expect(r.stateTaxableIncome == d("94460"))
        #expect(r.stateIncomeTax == d("5178.14"))
        #expect(r.stateDisabilityInsurance == d("1100"))
        // Mental health services tax: 1% above 1,000,000 of taxable income: 2,000,000 − 5,540 − 1,000,000 = 994,460 → 9,944.60.
        #expect(try calculate(2024, .single, "CA", gross: "2000000").mentalHealthTax == d("9944.60"))
    }

    @Test("flat states: Illinois, Pennsylvania, Michigan 2024")
    func flatStates() throws {
        // IL: 4.95% × (60,000 − 2,775 exemption) = 2,832.6375 → 2,832.64 (35 ILCS 5/201(b), 5/204).
        #expect(try calculate(2024, .single, "IL", gross: "60000").stateIncomeTax == d("2832.64"))
        // PA: 3.07% × 60,000 = 1,842 (72 P.S. §7302; no exemption).
        #expect(try calculate(2024, .single, "PA", gross: "60000").stateIncomeTax == d("1842"))
        // MI: 4.25% × (60,000 − 5,600) = 2,312 (MCL 206.51, 206.30).
        #expect(try calculate(2024, .single, "MI", gross: "60000").stateIncomeTax == d("2312"))
        // TX: no income tax.
        #expect(try calculate(2024, .single, "TX", gross: "60000").stateTotal == 0)
    }

    @Test("pay periods divide the annual figures and round to the cent")
    func periods() throws {
        let r = try calculate(2026, .single, "TX", gross: "100000")
        // Federal 2026 single on 83,900: 5,800 + 22% × 33,500 = 13,170; FICA 7,650; total 20,820; net 79,180.
        #expect(r.totalTax == d("20820"))
        #expect(r.netPay == d("79180"))
        #expect(r.perPeriod(.monthly) == (d("8333.33"), d("1735"), d("6598.33")))
        #expect(r.perPeriod(.biweekly) == (d("3846.15"), d("800.77"), d("3045.38")))
        // perPeriod rounds net on its own: 3,846.15 - 800.77 = 3,045.38 here, but not always (below).
        // A payslip's net is the difference of its rounded cells, so the row always adds up.
        let withPreTax = try calculate(2026, .single, "TX", gross: "100000", preTax: [PreTaxDeduction(.plan401k, d("7000"))])
        for period in PayResult.Period.allCases {
            let slip = withPreTax.payslip(period)
            #expect(slip.net == slip.gross - slip.preTax - slip.tax, "\(period)")
            #expect(slip.preTax == Money.roundedToCent(d("7000") / Decimal(period.perYear)))
        }
        // Federal on 100,000 - 7,000 - 16,100 = 76,900: 5,800 + 22% x 26,500 = 11,630; FICA on 100,000: 7,650; total 19,280.
        // Weekly: 100,000 / 52 = 1,923.08; 7,000 / 52 = 134.62; 19,280 / 52 = 370.77; net 1,923.08 - 134.62 - 370.77 = 1,417.69.
        #expect(withPreTax.payslip(.weekly) == PayResult.Payslip(gross: d("1923.08"), preTax: d("134.62"), tax: d("370.77"), net: d("1417.69")))
        #expect(r.effectiveRate == d("0.2082"))
    }

    @Test("bad input is a clear error")
    func badInput() throws {
        #expect(throws: CalculationError.self) { try calculate(2026, .single, "TX", gross: "-1") }
        #expect(throws: CalculationError.self) { try calculate(2026, .single, "ZZ", gross: "1") }
        #expect(throws: CalculationError.self) { try calculate(2026, .single, "PR", gross: "1") } // not a state or DC
        #expect(throws: CalculationError.self) { try calculate(2026, .single, "CA", gross: "1", nyc: true) }
    }

    @Test("the binary search finds the same bracket as a linear scan, at every boundary and in between")
    func binarySearch() throws {
        for year in compiledYears {
            for schedule in year.schedules {
                let brackets = schedule.brackets
                var incomes: [Decimal] = [0, 1]
                for b in brackets { incomes += [b.floor, b.floor + 1, (b.ceiling ?? b.floor + 1000) - 1] }
                for income in incomes where income >= 0 {
                    let linear = brackets.last { $0.floor <= income }
                    #expect(brackets.bracket(for: income) == linear, "\(schedule.label) at \(income)")
                }
            }
        }
    }
}
