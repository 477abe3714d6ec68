import Foundation
import Testing
@testable import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

/// Connecticut's TPG-211: the CT-W4 code chooses the status (and D drops the exemption and the
/// credit); Table A phased out by each $1,000 or part over its start; the return's Tables C and D
/// added and Table E's share taken off, on the annual salary (`useLiability`); 6.99 % without a CT-W4.
@Suite("Connecticut withholding: TPG-211 by the CT-W4 code")
struct ConnecticutWithholdingTests {
    static func both(_ year: Int, _ frequency: PayFrequency, _ wages: Decimal, _ certificate: StateCertificate) throws -> (Decimal?, Int64?) {
        let both = try BothCalculators.stateWithholding(year, PaycheckInput(frequency: frequency, wages: wages, w4: FormW4(filingStatus: .single),
                                                                            state: "CT", stateCertificate: certificate))
        return (both.reference, both.fixedCents)
    }

    /// The research helper's cases (docs/research/37-withholding-states/drafts-5/CT/examples.json), computed there by an
    /// independent script from openbooks' transcription of TPG-211. Circular CT's Examples 8-10 are wage-bracket table cells
    /// (17.65, 39.97, 78.82), which the calculation rules do not reproduce: the rules give 17.79, 40.24 and 79.30.
    @Test("TPG-211 by code: the helper's independent cases, in both calculators", arguments: [
        (2026, PayFrequency.weekly, Decimal(700), "F", Decimal(string: "17.79")!),
        (2026, .weekly, 1_000, "A", Decimal(string: "40.24")!),
        (2026, .biweekly, 2_300, "B", Decimal(string: "79.3")!),
        (2026, .weekly, 1_000, "D", Decimal(string: "41.06")!),
        // Table A's boundary: $24,000 a year keeps the whole $12,000; a cent more loses $1,000.
        (2026, .monthly, 2_000, "A", Decimal(string: "20.54")!),
        (2026, .monthly, Decimal(string: "2000.01")!, "A", Decimal(string: "23.73")!),
        (2026, .monthly, 2_500, "F", Decimal(string: "30.1")!),
        (2026, .weekly, 400, "F", 1),
        (2026, .weekly, 500, "A", Decimal(string: "7.86")!),
        (2026, .biweekly, 1_500, "C", Decimal(string: "7.5")!),
        (2026, .semimonthly, 2_500, "F", Decimal(string: "96.56")!),
        (2026, .biweekly, 4_000, "B", Decimal(string: "184.62")!),
        // Above the credit and into Table D's recapture.
        (2026, .monthly, 20_000, "C", Decimal(string: "1045.83")!),
        (2026, .weekly, 12_000, "F", Decimal(string: "837.84")!),
        (2025, .weekly, 1_000, "A", Decimal(string: "40.24")!),
        (2025, .monthly, 20_000, "C", Decimal(string: "1045.83")!),
    ] as [(Int, PayFrequency, Decimal, String, Decimal)])
    func byCode(year: Int, frequency: PayFrequency, wages: Decimal, code: String, expected: Decimal) throws {
        let (reference, fast) = try Self.both(year, frequency, wages, StateCertificate(withholdingCode: code))
        #expect(reference == expected)
        #expect(fast == Int64(truncating: (expected * 100) as NSNumber))
    }

    @Test("no CT-W4: 6.99 % of the wages; code E (exempt): nothing; line 2 added, line 3 taken off; a code it does not print, or none, refused")
    func certificate() throws {
        #expect(try Self.both(2026, .weekly, 1_000, StateCertificate(onFile: false)).0 == Decimal(string: "69.9"))
        #expect(try Self.both(2026, .weekly, 1_000, StateCertificate(exempt: true)).0 == 0)
        #expect(try Self.both(2026, .weekly, 1_000, StateCertificate(extraWithholding: 10, withholdingCode: "A")).0 == Decimal(string: "50.24"))
        // Line 3 comes off last, never below zero: 40.24 − 15 = 25.24; − 100: 0.
        #expect(try Self.both(2026, .weekly, 1_000, StateCertificate(withholdingCode: "A", reducedWithholding: 15)) == (Decimal(string: "25.24"), 2_524))
        #expect(try Self.both(2026, .weekly, 1_000, StateCertificate(withholdingCode: "A", reducedWithholding: 100)) == (0, 0))
        for certificate in [StateCertificate(withholdingCode: "E"), StateCertificate(), StateCertificate(filingStatus: .single, withholdingCode: "F")] {
            #expect(throws: CalculationError.self, "\(certificate)") { try Self.both(2026, .weekly, 1_000, certificate) }
        }
    }
}
