import Foundation
import Testing
@testable import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

/// Maine: the reduced standard deduction and the year's tax each to the dollar
/// (`standardDeductionPhaseOut.rounding`, `annualTaxRounding`), then the period's to the dollar.
@Suite("Maine withholding: the year's tax to the dollar")
struct MaineWithholdingTests {
    static func both(_ year: Int, _ frequency: PayFrequency, _ wages: Decimal, _ status: FilingStatus, allowances: Int) throws -> (Decimal?, Int64?) {
        let both = try BothCalculators.stateWithholding(year, PaycheckInput(frequency: frequency, wages: wages, w4: FormW4(filingStatus: status), state: "ME",
                                                                            stateCertificate: StateCertificate(filingStatus: status, allowances: allowances)))
        return (both.reference, both.fixedCents)
    }

    @Test("the December 2025 booklet's Examples 1-3 (openbooks' transcription), and where the year's rounding decides", arguments: [
        // Example 1: 15,600 − 10,600 − 12,450 < 0.
        (Decimal(300), FilingStatus.single, 2, Decimal(0)),
        // Example 2: 52,000 − 10,600 − 12,450 = 28,950; 1,589 + 6.75 % × 1,550 = 1,693.625 → 1,694 / 52 = 32.58 → 33.
        (1_000, .single, 2, 33),
        // Example 3: the deduction 27,750 − 18.5 % × 29,450 = 22,301.75 → 22,302; 201,098: 8,237 + 7.15 % × 71,348 = 13,338.38 → 13,338 / 52 = 256.50 → 257.
        (4_500, .marriedFilingJointly, 2, 257),
        // 19,091.28 − 5,300 − 12,450 = 1,341.28 × 5.8 % = 77.79 → 78 / 52 = 1.50 → 2 (unrounded, 77.79 / 52 = 1.496 → 1).
        (Decimal(string: "367.14")!, .single, 1, 2),
    ])
    func year2026(wages: Decimal, status: FilingStatus, allowances: Int, printed: Decimal) throws {
        let (reference, fast) = try Self.both(2026, .weekly, wages, status, allowances: allowances)
        #expect(reference == printed)
        #expect(fast == Int64(truncating: (printed * 100) as NSNumber))
    }

    @Test("2025 by the same steps (no 2025 example was read): weekly $1,000, single, 2 allowances")
    func year2025() throws {
        // 52,000 − 10,300 − 12,150 = 29,550; 1,554 + 6.75 % × 2,750 = 1,739.625 → 1,740 / 52 = 33.46 → 33.
        let (reference, fast) = try Self.both(2025, .weekly, 1_000, .single, allowances: 2)
        #expect(reference == 33 && fast == 3_300)
    }
}
