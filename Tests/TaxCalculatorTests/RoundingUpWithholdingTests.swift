import Foundation
import Testing
@testable import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

/// Montana 2025 (its guide rounds up to the dollar: `rounding: dollarUp`), Idaho 2025 (the May table) and Idaho 2026 (the July
/// table after the child tax credit's sunset, by pay date), in both calculators.
@Suite("Montana 2025 and Idaho 2025 and 2026 withholding")
struct RoundingUpWithholdingTests {
    static func both(_ year: Int, _ input: PaycheckInput) throws -> (Decimal?, Int64?) {
        let both = try BothCalculators.stateWithholding(year, input)
        return (both.reference, both.fixedCents)
    }

    @Test("Montana 2025 guide (V3 November 2024), as payroll-tax-engine quotes it: $35.25 → $36, $130.16 → $131, $86.21 → $87", arguments: [
        (PayFrequency.semimonthly, Decimal(1_375), FilingStatus.single, Decimal(36)),
        (.biweekly, 2_950, .single, 131),
        (.biweekly, 2_950, .marriedFilingJointly, 87),
    ])
    func montana(frequency: PayFrequency, wages: Decimal, status: FilingStatus, printed: Decimal) throws {
        let (reference, fast) = try Self.both(2025, PaycheckInput(frequency: frequency, wages: wages, w4: FormW4(filingStatus: status), state: "MT",
                                                                  stateCertificate: StateCertificate(filingStatus: status)))
        #expect(reference == printed)
        #expect(fast == Int64(truncating: (printed * 100) as NSNumber))
    }

    @Test("up to the dollar: a whole dollar stays, a cent goes up; never below zero")
    func dollarUp() {
        #expect(Rounding.dollarUp(Decimal(string: "35.00")!) == 35)
        #expect(Rounding.dollarUp(Decimal(string: "35.001")!) == 36)
        #expect(Rounding.dollarUp(Decimal(string: "-0.4")!) == 0)
    }

    @Test("Idaho 2026: the Commission's example after the sunset (biweekly $1,212, 4 allowances worth $0: $31), and the January table before it")
    func idaho() throws {
        func paycheck(_ payDate: String, allowances: Int) -> PaycheckInput {
            PaycheckInput(frequency: .biweekly, wages: 1_212, w4: FormW4(filingStatus: .single), state: "ID",
                          stateCertificate: StateCertificate(filingStatus: .single, allowances: allowances), payDate: ISODate(payDate))
        }
        // 16,100 / 26 = 619.23 → 619; (1,212 − 619) × 5.3 % = 31.43 → 31.
        let after = try Self.both(2026, paycheck("2026-08-14", allowances: 4))
        #expect(after.0 == 31 && after.1 == 3_100)
        // Before July 31: 15,000 / 26 → 577; (1,212 − 577) × 5.3 % = 33.66 → 34 (the derived January rows).
        let before = try Self.both(2026, paycheck("2026-03-13", allowances: 0))
        #expect(before.0 == 34 && before.1 == 3_400)
    }

    @Test("Idaho 2025: the 2024 table (5.695 %) to May 11, the 5.3 % table from May 12 by pay date (biweekly $1,212, 4 allowances)")
    func idaho2025() throws {
        func paycheck(_ payDate: String) -> PaycheckInput {
            PaycheckInput(frequency: .biweekly, wages: 1_212, w4: FormW4(filingStatus: .single), state: "ID",
                          stateCertificate: StateCertificate(filingStatus: .single, allowances: 4), payDate: ISODate(payDate))
        }
        // 1,212 − 4 × 138.46 = 658.16; 14,600 / 26 → 562; 96.16 × 5.695 % = 5.48 → 5.
        let before = try Self.both(2025, paycheck("2025-05-11"))
        #expect(before.0 == 5 && before.1 == 500)
        // 1,212 − 4 × 148.77 = 616.92; 15,000 / 26 → 577; 39.92 × 5.3 % = 2.12 → 2.
        let after = try Self.both(2025, paycheck("2025-05-12"))
        #expect(after.0 == 2 && after.1 == 200)
    }
}
