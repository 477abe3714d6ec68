import Foundation
import TaxDataCore

/// A tax table's rows, in cents (see `TaxTable`).
struct FixedTaxTable: Sendable {
    var below: Int64, width: Int64
    var offsets: [(from: Int64, offset: Int64)]

    /// The midpoint of the row of `taxable` (below `below`).
    func midpoint(_ taxable: Int64) -> Int64 {
        let offset = offsets.last { taxable >= $0.from }?.offset ?? 0
        let shifted = taxable - offset
        let start = (shifted >= 0 ? shifted / width : (shifted - width + 1) / width) * width + offset
        return start + (width - 100) / 2
    }
}

extension FixedTableCompiler {
    func taxTable(_ table: TaxTable) throws -> FixedTaxTable {
        FixedTaxTable(below: try cents(table.below, "\(code) tax table bound"), width: try cents(table.rowWidth, "\(code) tax table row width"),
                      offsets: try (table.rowOffsets ?? []).map { (from: try cents($0.from, "\(code) tax table row offset"), offset: try cents($0.offset, "\(code) tax table row offset")) })
    }
}
