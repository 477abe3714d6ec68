import Foundation
import TaxDataCore

/// The local income taxes of where a person lives and works (schema 1.13 `localities`), from the
/// state's figures. The `Decimal` reference.
///
/// - A residence tax's `resident` part is due from the people who live in the place; its
///   `nonresident` part from those who work there and live elsewhere.
/// - A `workplace` tax (an occupational tax) is due only on work done in the place: its `resident`
///   part from residents who work there, its `nonresident` part from the others who do.
/// - A person may live in several localities at once (an Ohio city and its school district); each
///   charges its own taxes.
/// - Without a work locality, the person works where they live.
/// - Wages are taken as paid evenly over the year: an entry in force for part of the year charges
///   that share of the annual amount, in twelfths for whole months (Philadelphia's rate from July 1,
///   Indiana's county rates from October 1), else in days. A flat amount per month
///   is due for each month whose wages (gross / 12) reach `minimumWages`.
/// - A resident credit (Ohio, Pennsylvania's Act 32) takes `share` of the work place's taxes on
///   wages, on at most `rateLimit` × wages (Medicare wages), off the resident tax, never below zero;
///   an entry in force for part of the year takes that part of the credit. The work place's tax is
///   credited once: a second place of residence with a credit takes what the first left.
/// - Each entry is rounded to the cent; lines are per tax id, in the data's order.
enum LocalTaxes {
    struct Income {
        var taxYear: Int
        var status: FilingStatus
        var gross: Decimal, ficaWages: Decimal, stateWages: Decimal
        var stateTaxable: Decimal, stateTax: Decimal
        /// New York City's tax, computed by the state's steps (`nycTax`).
        var newYorkCityTax: Decimal
    }

    struct Outcome {
        var lines: [PayResult.LocalTaxLine] = []
        var marginalRate: Decimal = 0
        var notes: [String] = []
    }

    static func compute(residences: [Locality], work: Locality?, income: Income) -> Outcome {
        var outcome = Outcome()
        var workWageTaxes: Decimal = 0
        // Work place first: its wage taxes are what a resident credit is measured against.
        if let work, !residences.contains(where: { $0.id == work.id }) {
            for tax in work.taxes {
                guard let part = tax.nonresident else { continue }
                let amount = charge(part, tax, income, &outcome)
                if LocalTaxBase(rawValue: part.base) == .wages { workWageTaxes += amount }
                add(tax, amount, &outcome)
            }
        }
        // Credits the places of residence before this one took: the work place's tax is credited once.
        var credited: Decimal = 0
        for residence in residences {
            // Without a work locality, the person works where they live.
            let worksHere = work.map { $0.id == residence.id } ?? true
            var taken: Decimal = 0
            for tax in residence.taxes {
                if tax.workplace == true && !worksHere { continue }
                guard let part = tax.resident else { continue }
                var amount = charge(part, tax, income, &outcome)
                if let credit = tax.residentCredit, workWageTaxes > 0, amount > 0 {
                    // The year's creditable tax, for the part of the year this entry is in force.
                    let creditable = Swift.max(0, Swift.min(workWageTaxes, credit.rateLimit * income.ficaWages) - credited)
                    let (numerator, denominator) = Self.fraction(of: tax.effective, in: income.taxYear)
                    let allowed = Swift.min(amount, Rounding.cent(creditable * credit.share * Decimal(numerator) / Decimal(denominator)))
                    amount -= allowed
                    taken += allowed
                    outcome.notes.append("\(tax.name): \(Money.text(allowed)) credit for the tax paid where you work")
                }
                add(tax, amount, &outcome)
            }
            credited += taken
        }
        return outcome
    }

    private static func add(_ tax: LocalIncomeTax, _ amount: Decimal, _ outcome: inout Outcome) {
        if let i = outcome.lines.firstIndex(where: { $0.id == tax.id }) {
            outcome.lines[i].amount += amount
        } else {
            outcome.lines.append(.init(id: tax.id, name: tax.name, amount: amount))
        }
    }

    /// One entry's amount for the days it is in force, to the cent.
    private static func charge(_ part: LocalTaxPart, _ tax: LocalIncomeTax, _ income: Income, _ outcome: inout Outcome) -> Decimal {
        let (numerator, denominator) = Self.fraction(of: tax.effective, in: income.taxYear)
        // Multiplied, then divided: the exact share of the annual amount before it is rounded.
        func share(_ value: Decimal) -> Decimal { value * Decimal(numerator) / Decimal(denominator) }
        guard let base = LocalTaxBase(rawValue: part.base) else { return 0 }
        var annual: Decimal
        var marginal: Decimal = 0
        switch base {
        case .wages, .stateTaxableIncome:
            let amount: Decimal = switch base {
            case .wages:
                switch part.wages.flatMap(WageDefinition.init(rawValue:)) {
                case .gross?: income.gross
                case .taxable?: income.stateWages
                default: income.ficaWages
                }
            default: income.stateTaxable
            }
            (annual, marginal) = rated(part, on: amount, status: income.status)
        case .stateTax:
            annual = (part.rate ?? 0) * income.stateTax
        case .nycTax:
            annual = income.newYorkCityTax
        case .flat:
            let amount = part.amount ?? 0, minimum = part.minimumWages ?? 0
            if part.per == "month" {
                annual = income.gross >= minimum * 12 ? amount * 12 : 0
            } else {
                annual = income.gross >= minimum ? amount : 0
            }
        }
        // In millionths, as a payroll contribution's share of the marginal rate is.
        var part = share(marginal), rounded = Decimal()
        NSDecimalRound(&rounded, &part, 6, .plain)
        outcome.marginalRate += rounded
        return Rounding.cent(share(annual))
    }

    /// `rate` × amount, or the brackets' tax on it, with the rate on the next dollar.
    private static func rated(_ part: LocalTaxPart, on amount: Decimal, status: FilingStatus) -> (tax: Decimal, marginal: Decimal) {
        if let rate = part.rate { return (rate * Swift.max(0, amount), rate) }
        guard let brackets = part.brackets?[status], amount > 0, let bracket = brackets.bracket(for: amount) else { return (0, 0) }
        if LocalBracketMethod(rawValue: part.method ?? "") == .wholeIncome {
            // The bracket the whole income falls in, its ceiling included ("not exceeding $25,000").
            let rate = brackets.first { $0.ceiling.map { amount <= $0 } ?? true }?.rate ?? bracket.rate
            return (amount * rate, rate)
        }
        return (brackets.tax(on: amount), bracket.rate)
    }

    /// The share of the year an entry is in force: whole months count as twelfths (Indiana's
    /// months-weighted rate for a county that changes on October 1, IC 6-3.6-8-1: 3/4 + 1/4), other
    /// spans as days over the year's days. Dates the rule refuses count as the whole year.
    static func share(of effective: PayrollContribution.DateRange?, in year: Int) -> Decimal {
        let (numerator, denominator) = fraction(of: effective, in: year)
        return Decimal(numerator) / Decimal(denominator)
    }

    /// `share(of:in:)` as a fraction: months over 12, or days over the year's days.
    static func fraction(of effective: PayrollContribution.DateRange?, in year: Int) -> (numerator: Int, denominator: Int) {
        guard let effective, let from = YearDays.day(effective.from, in: year), let to = YearDays.day(effective.to, in: year), from <= to else {
            return (1, 1)
        }
        if from == 1 && to == YearDays.count(year) { return (1, 1) }
        if let first = month(effective.from), let last = month(effective.to), effective.from.hasSuffix("-01"),
           to == (last == 12 ? YearDays.count(year) : YearDays.day(String(format: "%04d-%02d-01", year, last + 1), in: year).map { $0 - 1 }) {
            return (last - first + 1, 12)
        }
        return (to - from + 1, YearDays.count(year))
    }

    /// The month of a `YYYY-MM-DD` date.
    private static func month(_ date: String) -> Int? {
        let parts = date.split(separator: "-")
        return parts.count == 3 ? Int(parts[1]) : nil
    }
}
