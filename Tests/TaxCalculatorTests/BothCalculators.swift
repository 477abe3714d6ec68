import Foundation
import Testing
@testable import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

/// One paycheck's state withholding by the reference calculator and by the fixed-point one, for the
/// tests of a state's method that check both.
enum BothCalculators {
    /// The reference's state withholding and notes, and the fixed-point path's cents.
    static func stateWithholding(_ data: TaxYearData, _ input: PaycheckInput) throws -> (reference: Decimal?, fixedCents: Int64?, notes: [String]) {
        let reference = try PaycheckCalculator(data: data).calculate(input)
        let fast = try FixedPaycheckCalculator(data: data)
        return (reference.stateWithholding, fast.calculate(try FixedPaycheckCalculator.Input(input, calculator: fast)).stateWithholdingCents, reference.notes)
    }

    /// The same, for a compiled year.
    static func stateWithholding(_ year: Int, _ input: PaycheckInput) throws -> (reference: Decimal?, fixedCents: Int64?, notes: [String]) {
        try stateWithholding(try #require(compiledYears.first { $0.meta.taxYear == year }), input)
    }
}
