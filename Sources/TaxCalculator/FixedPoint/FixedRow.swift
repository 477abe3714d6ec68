import Foundation
import TaxDataCore

struct FixedRow: Sendable {
    var over: Int64
    var amount: Int64?
    /// Millionths.
    var share: Int64?
    /// The row applies from income equal to `over` too.
    var inclusive: Bool
    /// The row of the highest `over` that income exceeds (reaches, for an inclusive row; the
    /// `over: 0` row from zero).
    static func row(_ rows: [FixedRow], income: Int64) -> FixedRow? {
        rows.last { income > $0.over || $0.over == 0 || ($0.inclusive && income == $0.over) }
    }
}
