import Foundation

/// 1.6: a tax table that prints, for each row of taxable income, the tax at the row's midpoint
/// rounded to whole dollars (Arkansas's Regular Tax Table, net income below 100,001). Below
/// `below`, taxable income falls in a row `rowWidth` dollars wide that starts at a multiple of the
/// width plus the offset in force (the last `rowOffsets` entry whose `from` taxable income reaches;
/// Arkansas's rows start one dollar above a multiple of 100 from 75,000). The row covers whole
/// dollars from its start to one dollar below the next row, and its tax is the bracket tax at the
/// midpoint of those dollars, rounded half up to a whole dollar.
public struct TaxTable: Sendable, Equatable, Codable {
    public struct Offset: Sendable, Equatable, Codable {
        public var from: Decimal
        public var offset: Decimal
        public init(from: Decimal, offset: Decimal) {
            self.from = from
            self.offset = offset
        }
    }
    /// Taxable income from which the formula applies to the exact amount.
    public var below: Decimal
    public var rowWidth: Decimal
    public var rowOffsets: [Offset]?

    public init(below: Decimal, rowWidth: Decimal, rowOffsets: [Offset]? = nil) {
        self.below = below
        self.rowWidth = rowWidth
        self.rowOffsets = rowOffsets
    }

    /// The income the tax is computed on: the midpoint of the row of `taxable`, or `taxable` itself
    /// at and above `below`.
    public func incomeTaxed(_ taxable: Decimal) -> Decimal {
        guard taxable < below, rowWidth > 0 else { return taxable }
        let offset = rowOffsets?.last { taxable >= $0.from }?.offset ?? 0
        var rows = (taxable - offset) / rowWidth, whole = Decimal()
        NSDecimalRound(&whole, &rows, 0, .down)
        return whole * rowWidth + offset + (rowWidth - 1) / 2
    }

    /// Whether `taxable` is read from the table (its tax is then rounded to whole dollars).
    public func applies(to taxable: Decimal) -> Bool { taxable < below && rowWidth > 0 }
}
