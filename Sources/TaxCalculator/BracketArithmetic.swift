import Foundation
import TaxDataCore

/// Bracket arithmetic: the tax a progressive schedule gives an income. The `Decimal` reference
/// (`TaxCalculator`) uses these; `FixedPointCalculator` has its own integer form of the same
/// search, tested equal at every bracket boundary.
extension Array where Element == Bracket {
    /// Tax on `income` under this schedule: baseTax + rate × (income − floor) of the bracket that
    /// holds it, found by binary search. Exact (not rounded).
    public func tax(on income: Decimal) -> Decimal {
        guard income > 0, let bracket = bracket(for: income) else { return 0 }
        return bracket.baseTax + bracket.rate * (income - bracket.floor)
    }

    /// The bracket whose [floor, ceiling) holds `income` (the top bracket above its floor).
    public func bracket(for income: Decimal) -> Bracket? {
        guard !isEmpty else { return nil }
        var low = 0, high = count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if self[mid].floor <= income { low = mid } else { high = mid - 1 }
        }
        return self[low]
    }
}
