import Foundation
import Testing
@testable import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

/// Arkansas: the DFA's formula method: the year's wages less the standard deduction, looked up at the $50 midrange of
/// its $100 band (`taxableLookup`), "rate x income - adjustment", the year's tax to the dollar (`annualTaxRounding`),
/// less $29 per exemption, over the periods to the cent. 2026 switches to Act 1's 3.7 % formula by pay date.
@Suite("Arkansas withholding: the $50 midrange and the year's tax to the dollar")
struct ArkansasWithholdingTests {
    static func both(_ year: Int, _ frequency: PayFrequency, _ wages: Decimal, exemptions: Int, payDate: String? = nil) throws -> (Decimal?, Int64?, [String]) {
        let both = try BothCalculators.stateWithholding(year, PaycheckInput(
            frequency: frequency, wages: wages, w4: FormW4(filingStatus: .single), state: "AR",
            stateCertificate: StateCertificate(allowances: exemptions), payDate: payDate.flatMap(ISODate.init)))
        return (both.reference, both.fixedCents, both.notes)
    }

    static func check(_ year: Int, _ frequency: PayFrequency, _ wages: Decimal, _ exemptions: Int, _ expected: Decimal, payDate: String?) throws {
        let (reference, fast, _) = try both(year, frequency, wages, exemptions: exemptions, payDate: payDate)
        #expect(reference == expected, "\(year) \(frequency) \(wages) \(payDate ?? "")")
        #expect(fast == Int64(truncating: (expected * 100) as NSNumber), "\(year) \(frequency) \(wages) \(payDate ?? "")")
    }

    @Test("the 2026 formula's Gary example: $2,127 monthly, two exemptions, 36.50 (without the look-up and the rounding it would be 36.49)")
    func garyExample() throws {
        // 25,524 − 2,470 = 23,054 → 23,050; 3.4 % × 23,050 − 287.97 = 495.73 → 496; − 2 × 29 = 438; / 12 = 36.50.
        try Self.check(2026, .monthly, 2_127, 2, Decimal(string: "36.50")!, payDate: "2026-01-30")
        // Act 1 left the 3.4 % row alone.
        try Self.check(2026, .monthly, 2_127, 2, Decimal(string: "36.50")!, payDate: "2026-06-30")
    }

    @Test("2026 before and after Act 1's formula (by pay date, from May 29)", arguments: [
        // No AR4EC: zero exemptions (openbooks' conformance case): 23,050 × 3.4 % − 287.97 = 495.73 → 496 / 12 = 41.33.
        (PayFrequency.monthly, Decimal(2_127), 0, Decimal(string: "41.33")!, Decimal(string: "41.33")!),
        // 60,000 − 2,470 = 57,530 → 57,550: 3.9 % − 419.96 = 1,824.49 → 1,824 / 12 = 152.00; 3.7 % − 367.16 = 1,762.19 → 1,762 / 12 = 146.83.
        (.monthly, 5_000, 0, 152, Decimal(string: "146.83")!),
        // 96,200 − 2,470 = 93,730 → 93,750: 3,236.29 → 3,236 − 29 = 3,207 / 26 = 123.35; 3,101.59 → 3,102 − 29 = 3,073 / 26 = 118.19.
        (.biweekly, 3_700, 1, Decimal(string: "123.35")!, Decimal(string: "118.19")!),
        // Above the bound the exact figure: 130,000 − 2,470 = 127,530: 3.9 % − 89.30 = 4,884.37 → 4,884 / 52 = 93.92;
        // 3.7 % − 79.90 = 4,638.71 → 4,639 / 52 = 89.21.
        (.weekly, 2_500, 0, Decimal(string: "93.92")!, Decimal(string: "89.21")!),
        // In the phase-down band: 1,920 × 52 − 2,470 = 97,370 → 97,350:
        // 3.9 % − 139.30 (97,301-97,400) = 3,657.35 → 3,657 / 52 = 70.33; 3.7 % − 109.90 = 3,492.05 → 3,492 / 52 = 67.15.
        (.weekly, 1_920, 0, Decimal(string: "70.33")!, Decimal(string: "67.15")!),
    ])
    func actOne(frequency: PayFrequency, wages: Decimal, exemptions: Int, january: Decimal, revised: Decimal) throws {
        try Self.check(2026, frequency, wages, exemptions, january, payDate: "2026-05-28")
        try Self.check(2026, frequency, wages, exemptions, revised, payDate: "2026-05-29")
    }

    @Test("2025: one formula all year, on the 2024 card's rows (the 200-wide row at 94,301-94,500 included)", arguments: [
        // 25,524 − 2,410 = 23,114 → 23,150; 3.4 % × 23,150 − 281.37 = 505.73 → 506; − 58 = 448; / 12 = 37.33.
        (PayFrequency.monthly, Decimal(2_127), 2, Decimal(string: "37.33")!),
        // 1,860 × 52 − 2,410 = 94,310 → 94,350, in the 200-wide row: 3.9 % × 94,350 − 197.40 = 3,482.25 → 3,482 / 52 = 66.96.
        (.weekly, 1_860, 0, Decimal(string: "66.96")!),
        // 1,880 × 52 − 2,410 = 95,350 → 95,350 (95,301-95,400): 3.9 % × 95,350 − 107.40 = 3,611.25 → 3,611 / 52 = 69.44.
        (.weekly, 1_880, 0, Decimal(string: "69.44")!),
        // Above the bound: 1,900 × 52 − 2,410 = 96,390: 3.9 % − 87.40 = 3,671.81 → 3,672 / 52 = 70.62.
        (.weekly, 1_900, 0, Decimal(string: "70.62")!),
    ])
    func year2025(frequency: PayFrequency, wages: Decimal, exemptions: Int, expected: Decimal) throws {
        try Self.check(2025, frequency, wages, exemptions, expected, payDate: nil)
    }

    @Test("the revised formula's paychecks say it is estimated and why")
    func notes() throws {
        let (_, _, notes) = try Self.both(2026, .monthly, 5_000, exemptions: 0, payDate: "2026-07-01")
        #expect(notes.contains { $0.contains("2026-05-29") })
        #expect(notes.contains { $0.contains("estimated") && $0.contains("Act 1") })
    }
}
