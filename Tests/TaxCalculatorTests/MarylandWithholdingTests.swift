import Foundation
import Testing
@testable import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

/// Maryland: the county withheld with the state, on the same yearly taxable wages, at the guide's
/// table rate, the two rounded once (`localBase: withholdingWages` on a method on the year's wages,
/// `localTableRates`); no MW507 on file: one exemption.
@Suite("Maryland withholding: the state and its county together")
struct MarylandWithholdingTests {
    /// The state and local withholding of a paycheck, together.
    static func combined(_ year: Int, _ frequency: PayFrequency, _ wages: Decimal, status: FilingStatus = .single, allowances: Int = 0,
                         locality: String, payDate: String? = nil, onFile: Bool? = nil) throws -> (state: Decimal, local: Decimal, notes: [String]) {
        let data = try #require(compiledYears.first { $0.meta.taxYear == year })
        let certificate = onFile == false ? StateCertificate(onFile: false) : StateCertificate(filingStatus: status, allowances: allowances)
        let result = try PaycheckCalculator(data: data).calculate(PaycheckInput(
            frequency: frequency, wages: wages, w4: FormW4(filingStatus: status), state: "MD", stateCertificate: certificate,
            localities: [locality], payDate: payDate.flatMap(ISODate.init)))
        return (try #require(result.stateWithholding), try #require(result.localWithholding), result.notes)
    }

    @Test("the 2026 guide's printed annual cells (openbooks' transcription): 3.20 % and 2.25 % tables, single and joint, every state band", arguments: [
        (103_400, FilingStatus.single, "24031", 7_950), (128_400, .single, "24031", 10_000), (153_400, .single, "24031", Decimal(string: "12112.5")!),
        (253_400, .single, "24031", Decimal(string: "20812.5")!), (503_400, .single, "24031", Decimal(string: "43187.5")!),
        (1_003_400, .single, "24031", Decimal(string: "90437.5")!),
        (153_400, .marriedFilingJointly, "24031", 11_925), (178_400, .marriedFilingJointly, "24031", 13_975), (228_400, .marriedFilingJointly, "24031", 18_200),
        (303_400, .marriedFilingJointly, "24031", 24_725), (603_400, .marriedFilingJointly, "24031", 51_575), (1_203_400, .marriedFilingJointly, "24031", 108_275),
        (103_400, .single, "24047", 7_000), (128_400, .single, "24047", Decimal(string: "8812.5")!), (153_400, .single, "24047", Decimal(string: "10687.5")!),
        (253_400, .single, "24047", Decimal(string: "18437.5")!), (503_400, .single, "24047", Decimal(string: "38437.5")!),
        (1_003_400, .single, "MD-NONRESIDENT", Decimal(string: "80937.5")!),
    ] as [(Decimal, FilingStatus, String, Decimal)])
    func annualCells(wages: Decimal, status: FilingStatus, locality: String, printed: Decimal) throws {
        let (state, local, _) = try Self.combined(2026, .annual, wages, status: status, locality: locality)
        #expect(state + local == printed)
    }

    @Test("per paycheck: the printed weekly base, openbooks' Montgomery, Carroll (3.03 % withheld at 3.05 %) and nonresident cases, a biweekly Carroll one")
    func paychecks() throws {
        // 1,988.38 × 52 − 3,400 = 100,000: the weekly table's printed base 152.88 (7.95 %).
        #expect(try Self.combined(2026, .weekly, Decimal(string: "1988.38")!, locality: "24031").0 + (try Self.combined(2026, .weekly, Decimal(string: "1988.38")!, locality: "24031")).1 == Decimal(string: "152.88"))
        let montgomery = try Self.combined(2026, .weekly, 1_000, allowances: 1, locality: "24031")
        #expect(montgomery.state == Decimal(string: "41.47") && montgomery.local == Decimal(string: "27.94"))
        let carroll = try Self.combined(2026, .weekly, 1_000, allowances: 1, locality: "24013")
        #expect(carroll.state + carroll.local == Decimal(string: "68.1"))
        #expect(carroll.notes.contains { $0.contains("3.05 % (the MD tables' rate for its 3.03 %)") }, "\(carroll.notes)")
        // Split and each rounded, 41.47 + 19.64 = 61.11; the guide's one rounding of 6.00 % gives 61.12.
        let nonresident = try Self.combined(2026, .weekly, 1_000, allowances: 1, locality: "MD-NONRESIDENT")
        #expect(nonresident.state + nonresident.local == Decimal(string: "61.12"))
        let biweekly = try Self.combined(2026, .biweekly, 1_600, locality: "24013")
        #expect(biweekly.state + biweekly.local == Decimal(string: "114.6"))
        // Below $5,000 a year, nothing; no MW507 on file: one exemption.
        #expect(try Self.combined(2026, .weekly, 96, locality: "24031") == (0, 0, try Self.combined(2026, .weekly, 96, locality: "24031").notes))
        let none = try Self.combined(2026, .weekly, 1_000, locality: "24013", onFile: false)
        #expect(none.state + none.local == Decimal(string: "68.1"))
    }

    @Test("2025: to June 30 15 % of the wages, at least $1,850, at most $2,800 (Dynamics GP's Calvert rows); from July 1 by pay date, $3,350 flat")
    func year2025() throws {
        for (wages, status, printed) in [(Decimal(102_800), FilingStatus.single, Decimal(7_950)), (127_800, .single, 10_000), (152_800, .single, Decimal(string: "12112.5")!),
                                         (252_800, .single, Decimal(string: "20812.5")!), (152_800, .marriedFilingJointly, 11_925), (177_800, .marriedFilingJointly, 13_975),
                                         (227_800, .marriedFilingJointly, 18_200), (302_800, .marriedFilingJointly, 24_725)] {
            let (state, local, _) = try Self.combined(2025, .annual, wages, status: status, locality: "24009", payDate: "2025-03-14")
            #expect(state + local == printed, "\(wages) \(status)")
        }
        // The minimum binds below $12,333.33 a year: 10,000 − 1,850 = 8,150 × 4.75 % = 387.125 (the state alone).
        #expect(try Self.combined(2025, .annual, 10_000, locality: "24009", payDate: "2025-03-14").state == Decimal(string: "387.13"))
        // From July 1: 10,000 − 3,350 = 6,650 × 4.75 % = 315.875.
        #expect(try Self.combined(2025, .annual, 10_000, locality: "24009", payDate: "2025-07-01").state == Decimal(string: "315.88"))
    }
}
