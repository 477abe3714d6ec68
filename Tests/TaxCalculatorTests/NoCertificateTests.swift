import Foundation
import Testing
@testable import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

/// A paycheck whose employee gave no state certificate (`StateCertificate.onFile` false): withheld
/// by the state's rule for that (`StateWithholding.noCertificate`), in both calculators.
@Suite("No state certificate on file")
struct NoCertificateTests {
    static func year(_ year: Int) throws -> TaxYearData { try #require(compiledYears.first { $0.meta.taxYear == year }) }

    /// Both calculators' state withholding for one paycheck, and the reference's notes.
    static func both(_ data: TaxYearData, _ input: PaycheckInput) throws -> (Decimal?, Int64?, [String]) {
        try BothCalculators.stateWithholding(data, input)
    }

    static func cents(_ value: Decimal?) -> Int64? { value.map { Int64(truncating: ($0 * 100) as NSNumber) } }

    @Test("Oregon (ORS 316.182(3), HB 2119): 8 % of the wages in place of the formula, 2025 and 2026")
    func oregon() throws {
        for year in [2025, 2026] {
            let data = try Self.year(year)
            let input = PaycheckInput(frequency: .biweekly, wages: Decimal(string: "2512.37")!, w4: FormW4(filingStatus: .marriedFilingJointly), state: "OR",
                                      stateCertificate: StateCertificate(onFile: false))
            let (reference, fast, notes) = try Self.both(data, input)
            // 8 % × 2,512.37 = 200.9896 → 200.99 (the method rounds to the dollar: 201).
            #expect(reference == 201, "\(year)")
            #expect(fast == Self.cents(reference), "\(year)")
            #expect(notes.contains { $0.contains("no OR certificate on file") && $0.contains("8 %") }, "\(notes)")
            // An empty certificate is not "none on file": the formula.
            let (empty, _, _) = try Self.both(data, PaycheckInput(frequency: .biweekly, wages: Decimal(string: "2512.37")!, w4: FormW4(filingStatus: .marriedFilingJointly),
                                                                  state: "OR", stateCertificate: StateCertificate()))
            #expect(empty != reference)
        }
    }

    @Test("Oregon 2025, 150-206-436 (Rev. 12-10-24) Example 1: single, no allowances, $25,000 with $1,000 federal: $1,798")
    func oregon2025() throws {
        let method = try #require(try Self.year(2025).states["OR"]?.withholding)
        // 25,000 − 1,000 − 2,835 = 21,165; 661 + 8.75 % × 10,065 = 1,541.69 + 256 = 1,797.69 → 1,798.
        #expect(StateWithholdingFormula.perPeriod(method, StateCertificate(), wages: 25_000, frequency: .annual, federalStatus: .single, federalWithholding: 1_000) == 1_798)
    }

    @Test("a rule that is a certificate (Kansas: single, no allowances) withholds what that certificate would, with a note")
    func kansas() throws {
        let data = try Self.year(2026)
        let none = PaycheckInput(frequency: .monthly, wages: 5_000, w4: FormW4(filingStatus: .marriedFilingJointly), state: "KS", stateCertificate: StateCertificate(onFile: false))
        let single = PaycheckInput(frequency: .monthly, wages: 5_000, w4: FormW4(filingStatus: .marriedFilingJointly), state: "KS",
                                   stateCertificate: StateCertificate(filingStatus: .single, allowances: 0))
        let (withheld, fast, notes) = try Self.both(data, none)
        #expect(withheld == (try Self.both(data, single)).0)
        #expect(fast == Self.cents(withheld))
        #expect(notes.contains("no KS certificate on file: withheld as single, 0 allowances, as KS requires"), "\(notes)")
    }

    @Test("a state whose rule is not in the data: a certificate that claims nothing, and a note that says so")
    func unknownRule() throws {
        let data = try Self.year(2026)
        let code = try #require(data.states.keys.sorted().first { code in
            guard let method = data.states[code]?.withholding else { return false }
            return method.noCertificate == nil && method.midYear == nil && !method.certificate.isEmpty
        })
        let (withheld, fast, notes) = try Self.both(data, PaycheckInput(frequency: .weekly, wages: 1_000, w4: FormW4(filingStatus: .single), state: code,
                                                                        stateCertificate: StateCertificate(onFile: false)))
        let (empty, _, _) = try Self.both(data, PaycheckInput(frequency: .weekly, wages: 1_000, w4: FormW4(filingStatus: .single), state: code))
        #expect(withheld == empty)
        #expect(fast == Self.cents(withheld))
        #expect(notes.contains { $0.contains("\(code)'s rule for an employee without a certificate is not in the data") }, "\(code): \(notes)")
    }

    @Test("a field given with onFile false is refused by name, in both calculators")
    func refused() throws {
        let data = try Self.year(2026)
        let input = PaycheckInput(frequency: .weekly, wages: 1_000, w4: FormW4(filingStatus: .single), state: "KS",
                                  stateCertificate: StateCertificate(allowances: 2, onFile: false))
        #expect { try PaycheckCalculator(data: data).calculate(input) } throws: { error in
            (error as? CalculationError)?.code == .inconsistentInput && "\(error)".contains("stateCertificate.allowances")
        }
        let fast = try FixedPaycheckCalculator(data: data)
        #expect(throws: CalculationError.self) { try FixedPaycheckCalculator.Input(input, calculator: fast) }
    }

    @Test("a made-up rule of one allowance and a rate table: the certificate it describes, and the flat rate rounded as the method")
    func madeUp() {
        let method = StateWithholding(certificate: ["filingStatus", "allowances", "rateTable"], allowance: 1_000,
                                      rateTables: ["A": [Bracket(floor: 0, ceiling: nil, rate: Decimal(string: "0.05")!, baseTax: 0)],
                                                   "B": [Bracket(floor: 0, ceiling: nil, rate: Decimal(string: "0.03")!, baseTax: 0)]],
                                      statusRateTable: StatusTable(uniform: "A"),
                                      noCertificate: .init(allowances: 1, rateTable: "B"))
        let (certificate, rate, note) = try! StateWithholdingFormula.onFile(StateCertificate(onFile: false), method, state: "ZZ")
        #expect(certificate == StateCertificate(allowances: 1, rateTable: "B"))
        #expect(rate == nil)
        #expect(note == "no ZZ certificate on file: withheld as 1 allowance, rate table B, as ZZ requires")
        // Weekly 1,000 × 52 = 52,000 − 1,000 = 51,000 × 3 % = 1,530 / 52 = 29.42.
        #expect(StateWithholdingFormula.perPeriod(method, certificate, wages: 1_000, frequency: .weekly, federalStatus: .single) == Decimal(string: "29.42"))
        var flat = method
        // 6.99 % × 1,234.56 = 86.2957: 86.30, or 86 to the dollar.
        flat.noCertificate = .init(rate: Decimal(string: "0.0699")!)
        #expect(StateWithholdingFormula.flat(flat, rate: Decimal(string: "0.0699")!, wages: Decimal(string: "1234.56")!) == Decimal(string: "86.3"))
        flat.rounding = "dollar"
        #expect(StateWithholdingFormula.flat(flat, rate: Decimal(string: "0.0699")!, wages: Decimal(string: "1234.56")!) == 86)
    }
}
