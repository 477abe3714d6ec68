import Foundation
import Testing
import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

/// Refundable credits in the result, and the state law issue 35 found missing. Each expected figure
/// is worked by hand from the law named beside it, never produced by the calculator.
@Suite("Refundable credits and the missing state law (issue 35)")
struct RefundableCreditTests {
    @Test("KS 2025: the earned income credit, 17% of the federal one, is refundable (K.S.A. 79-32,205): reported, not in the state tax")
    func kansas() throws {
        // Federal EIC, no child, single (Rev. Proc. 2024-40): 649 − 7.65% × (15,000 − 10,620) = 313.93.
        // Kansas: 17% × 313.93 = 53.3681 → 53.37. KS tax (before refundable credits):
        // (15,000 − 3,605 − 9,160) × 5.2% = 2,235 × 5.2% = 116.22.
        let r = try calculate(2025, .single, "KS", gross: "15000")
        #expect(r.stateIncomeTax == d("116.22"))
        #expect(r.refundableCredits == [.init(name: "earned income credit", jurisdiction: "US", amount: d("313.93")),
                                        .init(name: "earned income credit (K.S.A. 79-32,205)", jurisdiction: "KS", amount: d("53.37"))])
        #expect(r.federalRefundableCredits == d("313.93") && r.stateRefundableCredits == d("53.37"))
        // Not in the payslip figures: net pay is gross less the taxes before refundable credits.
        #expect(r.netPay == d("15000") - r.totalTax)
    }

    @Test("ME 2025: the additional child tax credit, the federal EIC and Maine's dependent exemption credit, all refundable")
    func maine() throws {
        // Head of household, 30,000, two children (6 or older):
        // - CTC 2 × 2,200 = 4,400, no federal tax to take it: refundable part min(4,400, 2 × 1,700,
        //   15% × (30,000 − 2,500) = 4,125) = 3,400 (Schedule 8812, 2025 figures);
        // - EIC, two children: 7,152 − 21.06% × (30,000 − 23,350) = 7,152 − 1,400.49 = 5,751.51 (Rev. Proc. 2024-40);
        // - Maine: 2 × 305 = 610 (36 M.R.S. 5219-SS, below the 125,000 phase-out start).
        let r = try calculate(2025, .headOfHousehold, "ME", gross: "30000", dependents: 2, children: 2)
        #expect(r.refundableCredits.map(\.amount) == [d("3400"), d("5751.51"), d("610")])
        #expect(r.refundableCredits.map(\.jurisdiction) == ["US", "US", "ME"])
        #expect(r.federalRefundableCredits == d("9151.51") && r.stateRefundableCredits == d("610"))
    }

    @Test("GA 2026: $250 for each child under 6, nonrefundable (O.C.G.A. 48-7-29.27, HB 136 of 2025)")
    func georgia() throws {
        // (80,000 − 30,000 − 2 × 5,000) × 4.99% = 1,996.00, less 2 × 250 = 1,496.00.
        #expect(try calculate(2026, .marriedFilingJointly, "GA", gross: "80000", dependents: 2, children: 2, childrenUnder6: 2).stateIncomeTax == d("1496"))
        #expect(try calculate(2026, .marriedFilingJointly, "GA", gross: "80000", dependents: 2, children: 2).stateIncomeTax == d("1996"))
        // 2025 has no such credit.
        let before = try calculate(2025, .marriedFilingJointly, "GA", gross: "80000", dependents: 2, children: 2, childrenUnder6: 2)
        #expect(!before.notes.contains { $0.contains("under 6") })
    }

    @Test("MD 2026: the State poverty level credit, 5% of earned income up to the tax, at or below the HHS guideline (Tax-General 10-709)")
    func maryland() throws {
        // Joint, no dependents: guideline for 2 people 15,960 + 5,680 = 21,640 (HHS 2026).
        // At 21,640: taxable 21,640 − 6,850 − 2 × 3,200 = 8,390; tax 20 + 30 + 40 + 4.75% × 5,390 = 346.025;
        // MD EIC 50% × 396.25 = 198.125 → 198.13; left 147.895 → 147.90; the credit min(147.90, 5% × 21,640) takes it to 0.
        #expect(try calculate(2026, .marriedFilingJointly, "MD", gross: "21640").stateIncomeTax == 0)
        // One dollar above the guideline: 346.0725 − 198.09 = 147.9825 → 147.98, no credit.
        #expect(try calculate(2026, .marriedFilingJointly, "MD", gross: "21641").stateIncomeTax == d("147.98"))
    }

    @Test("VA 2025: no tax below the filing threshold, the whole tax at it (Va. Code 58.1-321(A), \"less than\")")
    func virginia() throws {
        #expect(try calculate(2025, .single, "VA", gross: "11949.99").stateIncomeTax == 0)
        // (11,950 − 8,750 − 930) × 2% = 45.40.
        #expect(try calculate(2025, .single, "VA", gross: "11950").stateIncomeTax == d("45.40"))
        #expect(try calculate(2025, .marriedFilingJointly, "VA", gross: "23899.99").stateIncomeTax == 0)
        #expect(try calculate(2025, .marriedFilingJointly, "VA", gross: "23900").stateIncomeTax > 0)
    }

    @Test("ME 2026: the personal exemption phases out over 125,000 from 341,000 (36 M.R.S. 5126-A(2); estimated thresholds)")
    func maine2026PhaseOut() throws {
        // 5,300 × (1 − (400,000 − 341,000) / 125,000) = 5,300 × 0.528 = 2,798.40 left; the standard
        // deduction is gone at this income: taxable 400,000 − 2,798.40 = 397,201.60.
        #expect(try calculate(2026, .single, "ME", gross: "400000").stateTaxableIncome == d("397201.60"))
    }
}
