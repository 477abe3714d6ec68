import Foundation
import TaxDataCore

struct FixedAddBack: Sendable {
    var start: [Int64], rate: [Int64]
    var step: FixedStep?
    var maximum: [Int64]
    func amount(income: Int64, status s: Int) -> Int64 {
        guard income > start[s] else { return 0 }
        let excess = step.map { $0.counted(income - start[s], status: s) } ?? (income - start[s])
        return Swift.min(maximum[s], FixedPoint.roundToCent(excess * rate[s]))
    }
}

extension FixedState {
    /// `StateTax.taxAddBacks`, in units.
    @inline(__always)
    func taxAddBacks(_ work: inout Work, _ input: Input) {
        for index in tables.addBacks.indices {
            work.units += tables.addBacks[index].amount(income: input.incomeWages, status: input.status) * FixedPoint.unitsPerCent
        }
    }
}

extension FixedTableCompiler {
    func addBack(_ addBack: TaxAddBack) throws -> FixedAddBack {
        FixedAddBack(start: try table(addBack.start, "add-back start"), rate: try rates(addBack.rate, addBack.rates, "add-back rate"),
                     step: try step(addBack.step, "add-back"), maximum: try table(addBack.maximum, "add-back maximum"))
    }
}
