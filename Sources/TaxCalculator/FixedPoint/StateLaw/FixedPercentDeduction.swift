import Foundation
import TaxDataCore

struct FixedPercentDeduction: Sendable {
    var rate: Int64
    var minimum: [Int64], maximum: [Int64]
    func amount(income: Int64, status s: Int) -> Int64 {
        Swift.min(maximum[s], Swift.max(minimum[s], FixedPoint.roundToCent(income * rate)))
    }
}

extension FixedTableCompiler {
    func percentDeduction(_ rule: PercentStandardDeduction) throws -> FixedPercentDeduction {
        FixedPercentDeduction(rate: try rate(rule.rate, "\(code) standard deduction rate"),
                              minimum: try table(rule.minimum, "standard deduction minimum"),
                              maximum: try table(rule.maximum, "standard deduction maximum"))
    }
}
