import Foundation
import TaxDataCore

extension StateTax {
    /// An exemption for each qualifying child.
    func childExemption(_ work: inout Work, _ input: Input) {
        let amount = Decimal(input.children) * (state.childExemption ?? 0)
        work.subtracted += amount
        if amount > 0 {
            work.result.notes.append("\(code): child exemption \(input.children) × \(Money.text(state.childExemption ?? 0)) applied")
        }
    }
}
