import Foundation
import TaxDataCore

/// The one place results are rounded: each reported component (a tax, a deduction, a pay-period
/// amount) is rounded to the cent, half away from zero, after it is computed exactly.
/// Intermediate arithmetic is exact `Decimal`; totals are sums of rounded components.
enum Rounding {
    static func cent(_ value: Decimal) -> Decimal { Money.roundedToCent(value) }
}
