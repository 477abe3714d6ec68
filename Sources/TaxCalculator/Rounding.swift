import Foundation
import TaxDataCore

/// The one place results are rounded: each reported component (a tax, a deduction, a pay-period
/// amount) is rounded to the cent, half away from zero, after it is computed exactly.
/// Intermediate arithmetic is exact `Decimal`; totals are sums of rounded components.
enum Rounding {
    static func cent(_ value: Decimal) -> Decimal { Money.roundedToCent(value) }

    /// `value` up to the next whole dollar (a whole dollar stays as it is); never below zero.
    static func dollarUp(_ value: Decimal) -> Decimal {
        var input = Swift.max(0, value), output = Decimal()
        NSDecimalRound(&output, &input, 0, .up)
        return output
    }

    /// `value` to `scale` decimal places (0 the dollar, 1 the dime), half away from zero.
    static func places(_ value: Decimal, _ scale: Int) -> Decimal {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, scale, .plain)
        return output
    }
}
