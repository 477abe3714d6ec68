import Foundation
import TaxDataCore

extension StateTax {
    /// Every payroll contribution of the state (`StateData.contributionsInForce`), one line per id:
    /// the employee's rate of the wages its definition names, up to the wage base and the weekly
    /// maximum, or an amount per hour worked, for the days it is in force. Wages are taken as paid
    /// evenly over the year, so an entry in force from day a+1 to day b of a year of Y days charges
    /// `min(W·b, cap·Y) − min(W·a, cap·Y)` over Y: the wages paid in those days that are still
    /// under the cap. Each entry is rounded to the cent. A line counts in the marginal rate, at
    /// its share of the year, while the wages are under its cap and weekly maximum.
    func payrollContributions(_ work: inout Work, _ input: Input) {
        let yearDays = Decimal(YearDays.count(input.taxYear))
        for contribution in state.contributionsInForce {
            guard let wages = WageDefinition(rawValue: contribution.wages) else { continue }
            let base: Decimal = switch wages {
            case .gross: input.gross
            case .fica: input.ficaWages
            case .taxable: input.wages
            case .hours: Decimal(input.hours)
            }
            let (a, b) = contribution.days(in: input.taxYear)
            let rate = contribution.perHour ?? contribution.employeeRate
            let cap = contribution.wageBase.map { $0 * yearDays }
            func charged(_ day: Int) -> Decimal {
                let paid = base * Decimal(day)
                return cap.map { Swift.min(paid, $0) } ?? paid
            }
            var amount = Rounding.cent((charged(b) - charged(a)) * rate / yearDays)
            var below = cap.map { base * Decimal(b) < $0 } ?? true
            if let weekly = contribution.maxWeekly {
                below = below && amount < weekly * 52
                amount = Swift.min(amount, weekly * 52)
            }
            if below && contribution.perHour == nil {
                var share = rate * Decimal(b - a) / yearDays, rounded = Decimal()
                NSDecimalRound(&rounded, &share, 6, .plain)
                work.payrollMarginal += rounded
            }
            if let i = work.result.contributions.firstIndex(where: { $0.id == contribution.id }) {
                work.result.contributions[i].amount += amount
            } else {
                work.result.contributions.append(.init(id: contribution.id, name: contribution.name, jurisdiction: code, amount: amount))
            }
            if contribution.inSDI == true { work.result.sdi += amount }
            if wages == .hours && input.hoursAssumed {
                work.result.notes.append("\(code): \(contribution.name) is charged per hour worked: \(input.hours) hours assumed (pass the hours worked for the exact figure)")
            }
        }
    }
}

extension PayrollContribution {
    /// The days before it starts and the day it ends, as day numbers of `year` (0 and 365 or 366
    /// for the whole year). Dates the rule refuses count as the whole year.
    func days(in year: Int) -> (before: Int, last: Int) {
        let all = (0, YearDays.count(year))
        guard let effective, let from = YearDays.day(effective.from, in: year), let to = YearDays.day(effective.to, in: year), from <= to else { return all }
        return (from - 1, to)
    }
}
