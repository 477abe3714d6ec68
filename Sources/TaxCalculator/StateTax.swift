import Foundation
import TaxDataCore

/// One state's tax on wages, with its extras.
struct StateTax {
    let state: StateData
    let code: String
    let status: FilingStatus

    struct Result {
        var taxable: Decimal = 0
        var incomeTax: Decimal = 0
        var sdi: Decimal = 0
        var mentalHealth: Decimal = 0
        var city: Decimal = 0
        var marginalRate: Decimal = 0
        var notes: [String] = []
    }

    func calculate(wages: Decimal, sdiWages: Decimal, newYorkCity: Bool, dependents: Int = 0) -> Result {
        var result = Result()
        if let sdi = state.sdi {
            var base = sdiWages
            if let wageBase = sdi.wageBase { base = Swift.min(base, wageBase) }
            var contribution = base * sdi.rate
            if let weekly = sdi.maxWeekly { contribution = Swift.min(contribution, weekly * 52) }
            result.sdi = Rounding.cent(contribution)
        }
        guard state.type != .noTax else { return result }
        let deduction = state.standardDeduction?[status] ?? 0
        let exemption = state.personalExemption?[status] ?? 0
        let count = Decimal(dependents)
        let dependentExemption = count * (state.dependentExemption ?? 0)
        let taxable = Swift.max(0, wages - deduction - exemption - dependentExemption)
        if dependents > 0, dependentExemption > 0 {
            result.notes.append("\(code): dependent exemption \(dependents) × \(Money.text(state.dependentExemption!)) applied")
        }
        result.taxable = taxable
        var tax: Decimal
        switch state.type {
        case .flat:
            tax = taxable * (state.rate ?? 0)
            result.marginalRate = taxable > 0 ? (state.rate ?? 0) : 0
        default:
            let brackets = state.brackets?[status] ?? []
            tax = brackets.tax(on: taxable)
            result.marginalRate = taxable > 0 ? (brackets.bracket(for: taxable)?.rate ?? 0) : 0
        }
        let dependentCredit = count * (state.dependentCredit ?? 0)
        if dependents > 0, dependentCredit > 0 {
            result.notes.append("\(code): dependent credit \(dependents) × \(Money.text(state.dependentCredit!)) applied (nonrefundable)")
        }
        tax = Swift.max(0, tax - (state.personalCredit?[status] ?? 0) - dependentCredit)
        result.incomeTax = Rounding.cent(tax)
        if let mental = state.mentalHealthTax {
            result.mentalHealth = Rounding.cent(Swift.max(0, taxable - mental.threshold) * mental.rate)
        }
        if newYorkCity, let city = state.nycTax?.brackets[status] {
            result.city = Rounding.cent(city.tax(on: taxable))
            result.marginalRate += taxable > 0 ? (city.bracket(for: taxable)?.rate ?? 0) : 0
        }
        if state.notes != nil { result.notes.append("\(code): parts of this state's tax are not modelled (see its notes)") }
        return result
    }
}
