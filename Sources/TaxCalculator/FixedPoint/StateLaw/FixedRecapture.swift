import Foundation
import TaxDataCore

struct FixedRecapture: Sendable {
    struct Row: Sendable {
        var over: Int64
        var flatRate: Int64?
        var base: Int64, benefit: Int64
    }
    var start: [Int64]
    var width: Int64
    var flat: (over: Int64, rate: Int64)?
    var rows: [[Row]]


    /// The same arithmetic as `TaxRecapture.amount`, in cents.
    func amount(income: Int64, taxable: Int64, bracketUnits: Int64, status s: Int) -> Int64 {
        guard income > start[s], width > 0 else { return 0 }
        if let flat, income > flat.over { return Swift.max(0, FixedPoint.roundToCent(taxable * flat.rate - bracketUnits)) }
        guard let row = rows[s].last(where: { $0.over == 0 || taxable > $0.over }) else { return 0 }
        if let flatRate = row.flatRate {
            let difference = taxable * flatRate - bracketUnits
            guard difference > 0 else { return 0 }
            return FixedPoint.multiplyDivideRounded(difference, Swift.min(income - start[s], width), width * FixedPoint.unitsPerCent)
        }
        let excess = Swift.min(Swift.max(0, income - Swift.max(start[s], row.over)), width)
        return row.base + FixedPoint.multiplyDivideRounded(row.benefit, excess, width)
    }
}

extension FixedState {
    /// `StateTax.recapture`, in units.
    @inline(__always)
    func recapture(_ work: inout Work, _ input: Input) {
        guard let recapture = tables.recapture, tables.type == .progressive else { return }
        work.units += recapture.amount(income: input.incomeWages, taxable: work.out.taxable, bracketUnits: work.units,
                                       status: input.status) * FixedPoint.unitsPerCent
    }
}

extension FixedTableCompiler {
    func recapture(_ rule: TaxRecapture) throws -> FixedRecapture {
        FixedRecapture(start: try table(rule.start, "recapture start"), width: try cents(rule.width, "\(code) recapture width"),
                       flat: try rule.flatAbove.map { (over: try cents($0.over, "\(code) recapture flat threshold"), rate: try rate($0.rate, "\(code) recapture flat rate")) },
                       rows: try statuses.map { status in
                           try (rule.rows[status] ?? []).map { row in
                               FixedRecapture.Row(over: try cents(row.over, "\(code) recapture row"),
                                                  flatRate: try row.flatRate.map { try rate($0, "\(code) recapture flat rate") },
                                                  base: try cents(row.base ?? 0, "\(code) recapture base"),
                                                  benefit: try cents(row.benefit ?? 0, "\(code) recapture benefit"))
                           }
                       })
    }
}
