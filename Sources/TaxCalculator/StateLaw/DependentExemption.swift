import Foundation
import TaxDataCore

extension StateTax {
    /// The same exemption for each dependent, phased out.
    func dependentExemption(_ work: inout Work, _ input: Input) {
        let dependents = input.dependents
        let perDependent = dependents > 0 ? phased(.dependentExemption, state.dependentExemption ?? 0, &work, input) : 0
        let amount = Decimal(dependents) * perDependent
        work.subtracted += amount
        if dependents > 0, amount > 0 {
            work.result.notes.append("\(code): dependent exemption \(dependents) × \(Money.text(perDependent)) applied")
        }
    }
}
