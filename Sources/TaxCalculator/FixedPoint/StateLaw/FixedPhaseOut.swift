import Foundation
import TaxDataCore

struct FixedStep: Sendable {
    /// Per status, cents.
    var size: [Int64]
    var up: Bool
    /// `excess` cents counted in whole steps.
    func counted(_ excess: Int64, status s: Int) -> Int64 {
        let size = self.size[s]
        guard size > 0, excess > 0 else { return excess }
        return (up ? (excess + size - 1) / size : excess / size) * size
    }
}

/// A final class, for the reason `FixedState` is one.
final class FixedPhaseOut: Sendable {
    let part: PhaseOut.Part
    let method: PhaseOut.Method
    /// Per status, cents.
    let start: [Int64]
    /// Linear: millionths of a dollar lost per dollar above start, per status.
    let rate: [Int64]
    let step: FixedStep?
    let minimum: [Int64]?
    let range: [Int64]
    let table: [[FixedRow]]


    init(part: PhaseOut.Part, method: PhaseOut.Method, start: [Int64], rate: [Int64], step: FixedStep?, minimum: [Int64]?,
         range: [Int64], table: [[FixedRow]]) {
        self.part = part
        self.method = method
        self.start = start
        self.rate = rate
        self.step = step
        self.minimum = minimum
        self.range = range
        self.table = table
    }

    /// The same arithmetic as `PhaseOut.apply`, in cents (reductions rounded half up to the cent).
    func apply(_ amount: Int64, income: Int64, status s: Int) -> Int64 {
        if method == .table {
            guard let row = FixedRow.row(table[s], income: income) else { return amount }
            if let value = row.amount { return value }
            return FixedPoint.roundToCent(amount * (row.share ?? FixedPoint.rateScale))
        }
        guard income > start[s] else { return amount }
        let excess = step.map { $0.counted(income - start[s], status: s) } ?? (income - start[s])
        switch method {
        case .cliff: return 0
        case .linear:
            let reduction = FixedPoint.roundToCent(excess * rate[s])
            return Swift.max(Swift.min(amount, minimum?[s] ?? 0), amount - reduction)
        case .proportional:
            let width = range[s]
            guard width > 0 else { return amount }
            guard excess < width else { return 0 }
            return Swift.max(0, amount - FixedPoint.multiplyDivideRounded(amount, excess, width))
        case .table: return amount
        }
    }
}

extension FixedTableCompiler {
    func phaseOut(_ phaseOut: PhaseOut) throws -> FixedPhaseOut {
        FixedPhaseOut(part: phaseOut.part, method: phaseOut.method, start: try table(phaseOut.start, "phase-out start"),
                      rate: try rates(phaseOut.rate, phaseOut.rates, "phase-out rate"), step: try step(phaseOut.step, "phase-out"),
                      minimum: try phaseOut.minimum.map { try table($0, "phase-out minimum") },
                      range: try table(phaseOut.range, "phase-out range"), table: try rows(phaseOut.table, "phase-out table"))
    }
}
