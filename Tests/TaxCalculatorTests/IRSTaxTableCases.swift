import Foundation
import Testing
import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

/// Spot checks of the federal data against the IRS's own printed Tax Table and Tax Computation
/// Worksheet. The expected figures are the printed ones, copied from the publications cited; the
/// test computes what our brackets give.
///
/// The Tax Table gives, for taxable income from 3,000 to 100,000, the tax for each band of $50 (the
/// tax on the band's midpoint, rounded to the whole dollar). The Tax Computation Worksheet, used
/// from 100,000, prints each bracket as income × rate − a subtraction amount.
@Suite("IRS Tax Table and Tax Computation Worksheet spot checks")
struct IRSTaxTableCases {
    /// One printed row: the band's lower bound ("At least") and the tax for single, married filing
    /// jointly (also qualifying surviving spouse), married filing separately, head of household.
    struct Row: CustomStringConvertible {
        var atLeast: Int
        var single: Int, joint: Int, separate: Int, head: Int
        var description: String { "\(atLeast)-\(atLeast + (atLeast < 3000 ? 25 : 50))" }
    }

    static func brackets(_ year: Int, _ status: FilingStatus) throws -> [Bracket] {
        let data = try #require(compiledYears.first { $0.meta.taxYear == year })
        return try #require(data.federal.brackets[status])
    }

    /// The table's rule: tax on the midpoint of the band, rounded half up to the dollar.
    static func tableTax(_ year: Int, _ status: FilingStatus, band: Int) throws -> Decimal {
        let width = band < 3000 ? 25 : 50
        let midpoint = Decimal(band) + Decimal(width) / 2
        var exact = try brackets(year, status).tax(on: midpoint), rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 0, .plain)
        return rounded
    }

    static func check(_ year: Int, _ rows: [Row]) throws {
        for row in rows {
            for (status, printed) in [(FilingStatus.single, row.single), (.marriedFilingJointly, row.joint), (.qualifyingWidower, row.joint),
                                      (.marriedFilingSeparately, row.separate), (.headOfHousehold, row.head)] {
                #expect(try Self.tableTax(year, status, band: row.atLeast) == Decimal(printed), "\(year) \(status.rawValue) \(row)")
            }
        }
    }

    @Test("2024 Tax Table (Instructions for Form 1040 (2024), pp. 64-75)")
    func table2024() throws {
        // The table's worked example (p. 64): "A married couple is filing a joint return. Their taxable
        // income on Form 1040, line 15, is $25,300 ... The amount shown ... is $2,575."
        #expect(try Self.tableTax(2024, .marriedFilingJointly, band: 25_300) == 2575)
        try Self.check(2024, [
            Row(atLeast: 2_975, single: 299, joint: 299, separate: 299, head: 299),        // p. 64
            Row(atLeast: 3_000, single: 303, joint: 303, separate: 303, head: 303),        // p. 65
            Row(atLeast: 25_200, single: 2_795, joint: 2_563, separate: 2_795, head: 2_696), // p. 64, Sample Table
            Row(atLeast: 25_300, single: 2_807, joint: 2_575, separate: 2_807, head: 2_708),
            Row(atLeast: 25_350, single: 2_813, joint: 2_581, separate: 2_813, head: 2_714),
            Row(atLeast: 47_150, single: 5_432, joint: 5_197, separate: 5_432, head: 5_330), // p. 69, single 12% → 22%
            Row(atLeast: 50_000, single: 6_059, joint: 5_539, separate: 6_059, head: 5_672), // p. 70
            Row(atLeast: 75_000, single: 11_559, joint: 8_539, separate: 11_559, head: 9_865), // p. 73
            Row(atLeast: 90_000, single: 14_859, joint: 10_339, separate: 14_859, head: 13_165), // p. 74
            Row(atLeast: 99_950, single: 17_048, joint: 12_101, separate: 17_048, head: 15_354), // p. 75, last row
        ])
    }

    @Test("2025 Tax Table (Instructions for Form 1040 (2025), pp. 68-79; Pub. 1040 (2025))")
    func table2025() throws {
        // Worked example (p. 68): "... taxable income on Form 1040, line 15, is $25,300 ... is $2,562."
        // 2025 reflects P.L. 119-21's brackets, printed after the law.
        #expect(try Self.tableTax(2025, .marriedFilingJointly, band: 25_300) == 2562)
        try Self.check(2025, [
            Row(atLeast: 3_000, single: 303, joint: 303, separate: 303, head: 303),
            Row(atLeast: 11_950, single: 1_199, joint: 1_198, separate: 1_199, head: 1_198),
            Row(atLeast: 25_200, single: 2_789, joint: 2_550, separate: 2_789, head: 2_687), // p. 68, Sample Table
            Row(atLeast: 25_250, single: 2_795, joint: 2_556, separate: 2_795, head: 2_693),
            Row(atLeast: 25_300, single: 2_801, joint: 2_562, separate: 2_801, head: 2_699),
            Row(atLeast: 25_350, single: 2_807, joint: 2_568, separate: 2_807, head: 2_705),
            Row(atLeast: 48_450, single: 5_579, joint: 5_340, separate: 5_579, head: 5_477), // single 12% → 22%
            Row(atLeast: 50_000, single: 5_920, joint: 5_526, separate: 5_920, head: 5_663),
            Row(atLeast: 75_000, single: 11_420, joint: 8_526, separate: 11_420, head: 9_681),
            Row(atLeast: 90_000, single: 14_720, joint: 10_326, separate: 14_720, head: 12_981),
            Row(atLeast: 96_950, single: 16_249, joint: 11_163, separate: 16_249, head: 14_510), // joint 12% → 22%
            Row(atLeast: 99_950, single: 16_909, joint: 11_823, separate: 16_909, head: 15_170), // last row
        ])
    }

    @Test("2026 Tax Table, IRS early-release draft of Pub. 1040 (2026) (\"DRAFT—NOT FOR FILING\", posted 09/16/2026)")
    func table2026Draft() throws {
        // The final 2026 table is published with the 2026 Form 1040 instructions; until then the draft is
        // the IRS's only printed 2026 table. Worked example: "... is $25,300 ... is $2,543."
        #expect(try Self.tableTax(2026, .marriedFilingJointly, band: 25_300) == 2543)
        try Self.check(2026, [
            Row(atLeast: 25_300, single: 2_791, joint: 2_543, separate: 2_791, head: 2_685),
            Row(atLeast: 75_000, single: 11_218, joint: 8_507, separate: 11_218, head: 9_407),
            Row(atLeast: 90_000, single: 14_518, joint: 10_307, separate: 14_518, head: 12_707),
            Row(atLeast: 96_950, single: 16_047, joint: 11_141, separate: 16_047, head: 14_236),
        ])
    }

    /// One worksheet line: taxable income in (over, upTo], tax = income × rate − subtraction.
    struct WorksheetLine {
        var over: Decimal, upTo: Decimal?, rate: String, subtraction: String
    }

    static func checkWorksheet(_ year: Int, _ status: FilingStatus, _ lines: [WorksheetLine]) throws {
        let schedule = try brackets(year, status)
        for line in lines {
            // Both ends of the line must agree with our brackets to the cent ("not over" includes the upper
            // end, where our next bracket starts with the same tax), and the line's rate with ours inside it.
            for income in [line.over + 1, line.upTo ?? line.over + 1_000_000] {
                let printed = income * Money.parse(line.rate)! - Money.parse(line.subtraction)!
                #expect(schedule.tax(on: income) == printed, "\(year) \(status.rawValue) at \(income)")
            }
            #expect(schedule.bracket(for: line.over + 1)?.rate == Money.parse(line.rate), "\(year) \(status.rawValue) rate above \(line.over)")
        }
    }

    @Test("2024 Tax Computation Worksheet, line 16 (Instructions for Form 1040 (2024), p. 76)")
    func worksheet2024() throws {
        try Self.checkWorksheet(2024, .single, [
            .init(over: 100_000, upTo: 100_525, rate: "0.22", subtraction: "4947"),
            .init(over: 100_525, upTo: 191_950, rate: "0.24", subtraction: "6957.50"),
            .init(over: 191_950, upTo: 243_725, rate: "0.32", subtraction: "22313.50"),
            .init(over: 243_725, upTo: 609_350, rate: "0.35", subtraction: "29625.25"),
            .init(over: 609_350, upTo: nil, rate: "0.37", subtraction: "41812.25"),
        ])
        try Self.checkWorksheet(2024, .marriedFilingJointly, [
            .init(over: 100_000, upTo: 201_050, rate: "0.22", subtraction: "9894"),
            .init(over: 201_050, upTo: 383_900, rate: "0.24", subtraction: "13915"),
            .init(over: 383_900, upTo: 487_450, rate: "0.32", subtraction: "44627"),
            .init(over: 487_450, upTo: 731_200, rate: "0.35", subtraction: "59250.50"),
            .init(over: 731_200, upTo: nil, rate: "0.37", subtraction: "73874.50"),
        ])
        try Self.checkWorksheet(2024, .marriedFilingSeparately, [
            .init(over: 100_000, upTo: 100_525, rate: "0.22", subtraction: "4947"),
            .init(over: 100_525, upTo: 191_950, rate: "0.24", subtraction: "6957.50"),
            .init(over: 191_950, upTo: 243_725, rate: "0.32", subtraction: "22313.50"),
            .init(over: 243_725, upTo: 365_600, rate: "0.35", subtraction: "29625.25"),
            .init(over: 365_600, upTo: nil, rate: "0.37", subtraction: "36937.25"),
        ])
        try Self.checkWorksheet(2024, .headOfHousehold, [
            .init(over: 100_000, upTo: 100_500, rate: "0.22", subtraction: "6641"),
            .init(over: 100_500, upTo: 191_950, rate: "0.24", subtraction: "8651"),
            .init(over: 191_950, upTo: 243_700, rate: "0.32", subtraction: "24007"),
            .init(over: 243_700, upTo: 609_350, rate: "0.35", subtraction: "31318"),
            .init(over: 609_350, upTo: nil, rate: "0.37", subtraction: "43505"),
        ])
    }

    @Test("2025 Tax Computation Worksheet, line 16 (Instructions for Form 1040 (2025), p. 80)")
    func worksheet2025() throws {
        try Self.checkWorksheet(2025, .single, [
            .init(over: 100_000, upTo: 103_350, rate: "0.22", subtraction: "5086"),
            .init(over: 103_350, upTo: 197_300, rate: "0.24", subtraction: "7153"),
            .init(over: 197_300, upTo: 250_525, rate: "0.32", subtraction: "22937"),
            .init(over: 250_525, upTo: 626_350, rate: "0.35", subtraction: "30452.75"),
            .init(over: 626_350, upTo: nil, rate: "0.37", subtraction: "42979.75"),
        ])
        try Self.checkWorksheet(2025, .marriedFilingJointly, [
            .init(over: 100_000, upTo: 206_700, rate: "0.22", subtraction: "10172"),
            .init(over: 206_700, upTo: 394_600, rate: "0.24", subtraction: "14306"),
            .init(over: 394_600, upTo: 501_050, rate: "0.32", subtraction: "45874"),
            .init(over: 501_050, upTo: 751_600, rate: "0.35", subtraction: "60905.50"),
            .init(over: 751_600, upTo: nil, rate: "0.37", subtraction: "75937.50"),
        ])
        try Self.checkWorksheet(2025, .marriedFilingSeparately, [
            .init(over: 100_000, upTo: 103_350, rate: "0.22", subtraction: "5086"),
            .init(over: 103_350, upTo: 197_300, rate: "0.24", subtraction: "7153"),
            .init(over: 197_300, upTo: 250_525, rate: "0.32", subtraction: "22937"),
            .init(over: 250_525, upTo: 375_800, rate: "0.35", subtraction: "30452.75"),
            .init(over: 375_800, upTo: nil, rate: "0.37", subtraction: "37968.75"),
        ])
        try Self.checkWorksheet(2025, .headOfHousehold, [
            .init(over: 100_000, upTo: 103_350, rate: "0.22", subtraction: "6825"),
            .init(over: 103_350, upTo: 197_300, rate: "0.24", subtraction: "8892"),
            .init(over: 197_300, upTo: 250_500, rate: "0.32", subtraction: "24676"),
            .init(over: 250_500, upTo: 626_350, rate: "0.35", subtraction: "32191"),
            .init(over: 626_350, upTo: nil, rate: "0.37", subtraction: "44718"),
        ])
    }

    @Test("maximum employee Social Security tax printed in the Form 1040 instructions (Schedule 3, line 11)")
    func socialSecurityMaximum() throws {
        // 2024 (p. 103): "total wages of more than $168,600 ... in excess of $10,453.20";
        // 2025 (p. 117): "total wages of more than $176,100 ... in excess of $10,918.20".
        for (year, wageBase, maximum) in [(2024, "168600", "10453.20"), (2025, "176100", "10918.20")] {
            let data = try #require(compiledYears.first { $0.meta.taxYear == year })
            #expect(data.fica.socialSecurity.wageBase == Money.parse(wageBase))
            #expect(data.fica.socialSecurity.maxTax == Money.parse(maximum))
            let calculator = TaxCalculator(data: data)
            #expect(try calculator.calculate(PayInput(grossAnnual: 1_000_000, status: .single, state: "TX")).socialSecurity == Money.parse(maximum))
        }
    }
}
