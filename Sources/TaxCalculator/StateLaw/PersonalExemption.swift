import Foundation
import TaxDataCore

extension StateTax {
    func personalExemption(_ work: inout Work, _ input: Input) {
        work.subtracted += phased(.personalExemption, state.personalExemption?[status] ?? 0, &work, input)
    }
}
