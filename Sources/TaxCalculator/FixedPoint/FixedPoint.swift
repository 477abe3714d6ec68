import Foundation
import TaxDataCore

/// Exact fixed-point arithmetic for the fast calculator: money in whole cents, rates in millionths,
/// and products of the two in "units" of 10⁻⁶ cent. Every published figure fits exactly (money has
/// at most 2 decimal places, rates at most 6; `FixedPointCalculator.init` refuses any that does
/// not), so the integer results equal the exact `Decimal` ones, rounded by the same rule.
///
/// Never `Double`: conversions go through `Decimal`'s exact integer digits.
enum FixedPoint {
    /// Units per cent in a product cents × rate.
    static let unitsPerCent: Int64 = 1_000_000
    /// Rate scale: 0.0145 is 14_500.
    static let rateScale: Int64 = 1_000_000
    /// The largest gross accepted: $1,000,000,000.00. With rates ≤ 1 every intermediate product
    /// stays below 10¹⁷ units, far from `Int64.max` (9.2 × 10¹⁸).
    static let maxCents: Int64 = 100_000_000_000

    /// Cents of a money value, or nil if it has more than 2 decimal places or is beyond ±`maxCents`.
    static func cents(_ value: Decimal) -> Int64? { scaled(value, by: 100, limit: maxCents) }

    /// Cents of a money value, or an error naming `what` and the value.
    static func requireCents(_ value: Decimal, _ what: String) throws -> Int64 {
        guard let cents = cents(value) else { throw CalculationError.dataUnusable("\(what): \(Money.text(value)) is not a whole number of cents within range") }
        return cents
    }

    /// Millionths of a rate of the data, or `dataUnusable` naming `what`.
    static func requireRate(_ value: Decimal, _ what: String) throws -> Int64 {
        guard let rate = rate(value) else { throw CalculationError.dataUnusable("\(what): \(Money.text(value)) is not a rate of at most 6 decimals") }
        return rate
    }

    /// Millionths of a rate, or nil if it has more than 6 decimal places or is beyond ±1 (100 %).
    static func rate(_ value: Decimal) -> Int64? { scaled(value, by: rateScale, limit: rateScale) }

    /// Millionths of a share that may exceed 100 % (up to 200 %: South Carolina's 125 % of the
    /// federal earned income credit), or nil.
    static func share(_ value: Decimal) -> Int64? { scaled(value, by: rateScale, limit: 2 * rateScale) }

    private static func scaled(_ value: Decimal, by factor: Int64, limit: Int64) -> Int64? {
        let product = value * Decimal(factor)
        var rounded = Decimal(), input = product
        NSDecimalRound(&rounded, &input, 0, .plain)
        guard rounded == product, rounded.magnitude <= Decimal(limit) else { return nil }
        // An integral Decimal within ±10¹³ prints its exact digits; parse them back as an integer.
        return Int64(Money.text(rounded))
    }

    /// Units to cents, rounded half away from zero: the rule of `Rounding.cent`.
    @inline(__always)
    static func roundToCent(_ units: Int64) -> Int64 {
        units >= 0 ? (units + unitsPerCent / 2) / unitsPerCent : -((-units + unitsPerCent / 2) / unitsPerCent)
    }

    /// `numerator / denominator` (denominator > 0), rounded half away from zero to an integer.
    @inline(__always)
    static func divideRounded(_ numerator: Int64, _ denominator: Int64) -> Int64 {
        numerator >= 0 ? (2 * numerator + denominator) / (2 * denominator) : -((-2 * numerator + denominator) / (2 * denominator))
    }

    /// `value × factor / denominator` (all non-negative, denominator > 0) rounded half up, computed
    /// at double width so the product cannot overflow.
    /// When the product fits in 64 bits (the usual case), the division is a 64-bit one: the same
    /// quotient and remainder, without the double-width division's runtime call.
    @inline(__always)
    static func multiplyDivideRounded(_ value: Int64, _ factor: Int64, _ denominator: Int64) -> Int64 {
        let (product, overflow) = value.multipliedReportingOverflow(by: factor)
        if !overflow {
            let (quotient, remainder) = product.quotientAndRemainder(dividingBy: denominator)
            return quotient + (remainder * 2 >= denominator ? 1 : 0)
        }
        let (quotient, remainder) = denominator.dividingFullWidth(value.multipliedFullWidth(by: factor))
        return quotient + (remainder * 2 >= denominator ? 1 : 0)
    }

    /// Cents as the exact `Decimal` dollars.
    static func decimal(cents: Int64) -> Decimal { Decimal(cents) / 100 }

    /// Millionths as the exact `Decimal` rate.
    static func decimal(rate: Int64) -> Decimal { Decimal(rate) / Decimal(rateScale) }
}

/// One bracket in fixed point: tax units = `baseUnits` + `rate` × (cents − `floor`).
struct FixedBracket: Sendable {
    var floor: Int64
    var rate: Int64
    var baseUnits: Int64
}

/// A rate schedule in fixed point, searched like `[Bracket]`.
struct FixedSchedule: Sendable {
    var brackets: [FixedBracket]

    /// The index of the bracket whose floor is the highest not above `income` (the first bracket's
    /// when none is): the number of later floors at or below `income`, since floors rise. Counted
    /// without a branch: a schedule has at most a dozen brackets, and a binary search's branches,
    /// which the incomes of a sweep make unpredictable, cost more than the compares.
    @inline(__always)
    func index(for income: Int64) -> Int {
        brackets.withUnsafeBufferPointer { brackets in
            var index = 0
            for i in brackets.indices.dropFirst() { index &+= brackets[i].floor <= income ? 1 : 0 }
            return index
        }
    }

    /// Exact tax in units (0 for no income), and the marginal rate (0 for no income).
    @inline(__always)
    func tax(on income: Int64) -> (units: Int64, rate: Int64) {
        guard income > 0, !brackets.isEmpty else { return (0, 0) }
        let bracket = brackets[index(for: income)]
        return (bracket.baseUnits + bracket.rate * (income - bracket.floor), bracket.rate)
    }
}

/// An input of the fixed-point calculators: the pre-tax amounts requested, in cents, by kind.
protocol FixedPreTaxAmounts {
    var plan401k: Int64 { get set }
    var plan403b: Int64 { get set }
    var plan457b: Int64 { get set }
    var hsa: Int64 { get set }
    var hsaSelf: Int64 { get set }
    var section125: Int64 { get set }
}

extension FixedPreTaxAmounts {
    /// Adds each deduction's cents (`cents(amount, what)`, which refuses an amount it cannot hold) to its kind.
    mutating func addPreTax(_ deductions: [PreTaxDeduction], cents: (Decimal, String) throws -> Int64) rethrows {
        for deduction in deductions {
            let amount = try cents(deduction.amount, "pre-tax \(deduction.kind.rawValue)")
            switch deduction.kind {
            case .plan401k: plan401k += amount
            case .plan403b: plan403b += amount
            case .plan457b: plan457b += amount
            case .hsa: hsa += amount
            case .hsaSelf: hsaSelf += amount
            case .section125: section125 += amount
            }
        }
    }
}

extension FixedPointCalculator.Input: FixedPreTaxAmounts {}
extension FixedPaycheckCalculator.Input: FixedPreTaxAmounts {}
