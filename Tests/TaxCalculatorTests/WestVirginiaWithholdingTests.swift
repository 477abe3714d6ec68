import Foundation
import Testing
@testable import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

/// West Virginia: IT-100.2A's per-period tables (two earners by default, one earner on IT-104 line 5), to the dollar;
/// the 2025 tables to June 11, 2026, then the SB 392 tables by pay date.
///
/// IT-100.2A prints no worked example. These cases were worked by hand by the research pass
/// (docs/research/37-withholding-states/drafts-6/h2/WV.examples.json) from the tables as transcribed, not by this code:
/// they prove the data and both calculators apply the tables as the pass read them, not that the tables are right.
@Suite("West Virginia withholding: the period's printed table, the 2026 switch by pay date")
struct WestVirginiaWithholdingTests {
    static func both(_ year: Int, _ frequency: PayFrequency, _ wages: Decimal, allowances: Int, table: String?, extra: Decimal?,
                     payDate: String?) throws -> (Decimal?, Int64?, [String]) {
        let both = try BothCalculators.stateWithholding(year, PaycheckInput(
            frequency: frequency, wages: wages, w4: FormW4(filingStatus: .single), state: "WV",
            stateCertificate: StateCertificate(allowances: allowances, rateTable: table, extraWithholding: extra),
            payDate: payDate.flatMap(ISODate.init)))
        return (both.reference, both.fixedCents, both.notes)
    }

    static func check(_ year: Int, _ frequency: PayFrequency, _ wages: Decimal, _ allowances: Int, _ table: String?, _ extra: Decimal?,
                      _ expected: Decimal, payDate: String?) throws {
        let (reference, fast, _) = try both(year, frequency, wages, allowances: allowances, table: table, extra: extra, payDate: payDate)
        #expect(reference == expected, "\(year) \(frequency) \(wages)")
        #expect(fast == Int64(truncating: (expected * 100) as NSNumber), "\(year) \(frequency) \(wages)")
    }

    @Test("2026 from June 12 (SB 392's 2.11 % to 4.58 % tables)", arguments: [
        // 800 by TWO weekly: 15.95 + 4.22 % × (800 − 577) = 25.36 → 25.
        (PayFrequency.weekly, Decimal(800), 0, String?.none, Decimal?.none, Decimal(25)),
        // ONE weekly: 21.27 + ... = 22.58 → 23.
        (.weekly, 800, 0, "ONE", nil, 23),
        // 2,000 − 2 × 76.92 = 1,846.16 by TWO biweekly: 61.54 → 62.
        (.biweekly, 2_000, 2, nil, nil, 62),
        // 5,000 − 3 × 166.67 = 4,499.99 by ONE monthly: 141.45 → 141, + line 6's 10.
        (.monthly, 5_000, 3, "ONE", 10, 151),
        // 1,500 − 83.33 = 1,416.67 by TWO semimonthly: 41.61 → 42.
        (.semimonthly, 1_500, 1, nil, nil, 42),
        // 150 − 7.66 = 142.34 by TWO daily: 4.32 → 4.
        (.daily, 150, 1, nil, nil, 4),
        // 52,000 − 4,000 = 48,000 by ONE annual: 1,106.50 + 4.22 % × 8,000 = 1,444.10 → 1,444.
        (.annual, 52_000, 2, "ONE", nil, 1_444),
    ])
    func fromJune12(frequency: PayFrequency, wages: Decimal, allowances: Int, table: String?, extra: Decimal?, expected: Decimal) throws {
        try Self.check(2026, frequency, wages, allowances, table, extra, expected, payDate: "2026-06-12")
    }

    @Test("2025, and 2026 to June 11, by the 2025 tables (2.22 % to 4.82 %)", arguments: [
        (PayFrequency.weekly, Decimal(800), 0, String?.none, Decimal?.none, Decimal(27)),
        (.weekly, 800, 0, "ONE", nil, 24),
        (.biweekly, 2_000, 2, nil, nil, 65),
        (.monthly, 5_000, 3, "ONE", 10, 159),
        (.annual, 52_000, 2, "ONE", nil, 1_521),
    ])
    func tables2025(frequency: PayFrequency, wages: Decimal, allowances: Int, table: String?, extra: Decimal?, expected: Decimal) throws {
        try Self.check(2025, frequency, wages, allowances, table, extra, expected, payDate: nil)
        try Self.check(2026, frequency, wages, allowances, table, extra, expected, payDate: "2026-06-11")
    }

    @Test("the switch says which method and that it is estimated")
    func notes() throws {
        let (_, _, after) = try Self.both(2026, .weekly, 800, allowances: 0, table: nil, extra: nil, payDate: "2026-06-12")
        #expect(after.contains { $0.contains("2026-06-12") })
        #expect(after.contains { $0.contains("estimated") && $0.contains("IT-100.1A") })
        let (_, _, before) = try Self.both(2026, .weekly, 800, allowances: 0, table: nil, extra: nil, payDate: "2026-06-11")
        #expect(before.contains { $0.contains("estimated") && $0.contains("2025 tables kept to June 11, 2026") })
    }
}
