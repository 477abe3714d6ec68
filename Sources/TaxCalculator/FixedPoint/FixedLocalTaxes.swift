import Foundation
import TaxDataCore

/// A locality's taxes in fixed point: what `LocalTaxes` computes in `Decimal`, to the cent.
struct FixedLocality: Sendable {
    var taxes: [FixedLocalTax]
    /// A resident part on New York City's brackets: the state's city step computes it.
    var newYorkCity: Bool
}

struct FixedLocalTax: Sendable {
    var resident: FixedLocalPart?
    var nonresident: FixedLocalPart?
    var workplace: Bool
    /// The share of the year in force: `shareNumerator / shareDenominator` (12ths or days).
    var shareNumerator: Int64, shareDenominator: Int64
    /// A resident credit: share and rate limit, in millionths.
    var credit: (share: Int64, rateLimit: Int64)?
}

struct FixedLocalPart: Sendable {
    enum Income: Sendable { case gross, fica, taxable, stateTaxable }
    enum Kind: Sendable {
        case rate(Income, Int64)
        /// Per status; `whole`: the whole income at the rate of its bracket, the ceiling included.
        case schedule(Income, [FixedSchedule], whole: Bool)
        case stateTax(Int64)
        case newYorkCity
        /// Cents per month (12 × when the month's wages reach the minimum) or per year.
        case flat(amount: Int64, monthly: Bool, minimum: Int64)
    }
    var kind: Kind
    /// Wages, for a resident credit: a part on wages.
    var onWages: Bool
}

extension FixedTableCompiler {
    /// A state's localities, in the data's order.
    func localities(_ state: StateData) throws -> [FixedLocality] {
        try (state.localities ?? []).map { locality in
            FixedLocality(taxes: try locality.taxes.map { try localTax($0, locality.id) },
                          newYorkCity: locality.taxes.contains { $0.resident?.base == LocalTaxBase.nycTax.rawValue })
        }
    }

    private func localTax(_ tax: LocalIncomeTax, _ id: String) throws -> FixedLocalTax {
        let (numerator, denominator) = LocalTaxes.fraction(of: tax.effective, in: year)
        return FixedLocalTax(
            resident: try tax.resident.map { try part($0, "\(id) \(tax.id) resident") },
            nonresident: try tax.nonresident.map { try part($0, "\(id) \(tax.id) nonresident") },
            workplace: tax.workplace == true, shareNumerator: Int64(numerator), shareDenominator: Int64(denominator),
            credit: try tax.residentCredit.map { (share: try share($0.share, "\(code) \(id) credit share"),
                                                  rateLimit: try rate($0.rateLimit, "\(code) \(id) credit rate limit")) })
    }

    private func part(_ part: LocalTaxPart, _ what: String) throws -> FixedLocalPart {
        let income: FixedLocalPart.Income = switch (LocalTaxBase(rawValue: part.base), part.wages.flatMap(WageDefinition.init(rawValue:))) {
        case (.wages?, .gross?): .gross
        case (.wages?, .taxable?): .taxable
        case (.wages?, _): .fica
        default: .stateTaxable
        }
        let kind: FixedLocalPart.Kind
        switch LocalTaxBase(rawValue: part.base) {
        case .wages?, .stateTaxableIncome?:
            if let value = part.rate {
                kind = .rate(income, try rate(value, what))
            } else {
                kind = .schedule(income, try statuses.map { try schedule(part.brackets?[$0], "\(what) \($0.rawValue)") },
                                 whole: LocalBracketMethod(rawValue: part.method ?? "") == .wholeIncome)
            }
        case .stateTax?: kind = .stateTax(try rate(part.rate ?? 0, what))
        case .nycTax?: kind = .newYorkCity
        case .flat?:
            kind = .flat(amount: try cents(part.amount ?? 0, "\(what) amount"), monthly: part.per == "month",
                         minimum: try cents(part.minimumWages ?? 0, "\(what) minimum wages"))
        case nil: throw CalculationError.dataUnusable("\(year) \(code) \(what): base '\(part.base)' is not one this build computes")
        }
        return FixedLocalPart(kind: kind, onWages: LocalTaxBase(rawValue: part.base) == .wages)
    }
}

extension FixedPointCalculator {
    /// What the local taxes read, in cents.
    struct LocalIncome {
        var gross: Int64, fica: Int64, taxable: Int64, stateTaxable: Int64, stateTax: Int64, newYorkCity: Int64
        var status: Int
    }

    /// The local taxes of where the person lives and works (`LocalTaxes.compute`), summed, and
    /// their share of the marginal rate, in millionths.
    static func localTaxes(residence: FixedLocality?, work: FixedLocality?, sameLocality: Bool, _ income: LocalIncome) -> (cents: Int64, marginal: Int64) {
        var total: Int64 = 0, marginal: Int64 = 0, workWageTaxes: Int64 = 0
        if let work, !sameLocality {
            for tax in work.taxes {
                guard let part = tax.nonresident else { continue }
                let (amount, rate) = charge(part, tax, income)
                if part.onWages { workWageTaxes += amount }
                total += amount
                marginal += rate
            }
        }
        if let residence {
            let worksHere = work == nil || sameLocality
            for tax in residence.taxes {
                if tax.workplace && !worksHere { continue }
                guard let part = tax.resident else { continue }
                var (amount, rate) = charge(part, tax, income)
                if let credit = tax.credit, workWageTaxes > 0, amount > 0 {
                    // min(work taxes, limit × wages) × share × the entry's share of the year, to the cent.
                    let creditable = Swift.min(workWageTaxes * FixedPoint.rateScale, credit.rateLimit * income.fica)
                    let scaled = FixedPoint.multiplyDivideRounded(creditable, credit.share * tax.shareNumerator,
                                                                  FixedPoint.rateScale * tax.shareDenominator * FixedPoint.unitsPerCent)
                    amount -= Swift.min(amount, scaled)
                }
                total += amount
                marginal += rate
            }
        }
        return (total, marginal)
    }

    /// One entry: its amount for the part of the year it is in force, to the cent, and its
    /// share of the marginal rate (millionths, rounded).
    private static func charge(_ part: FixedLocalPart, _ tax: FixedLocalTax, _ income: LocalIncome) -> (Int64, Int64) {
        func base(_ which: FixedLocalPart.Income) -> Int64 {
            switch which {
            case .gross: income.gross
            case .fica: income.fica
            case .taxable: income.taxable
            case .stateTaxable: income.stateTaxable
            }
        }
        let n = tax.shareNumerator, d = tax.shareDenominator
        func cents(units: Int64) -> Int64 { FixedPoint.multiplyDivideRounded(units, n, d * FixedPoint.unitsPerCent) }
        func share(_ rate: Int64) -> Int64 { FixedPoint.multiplyDivideRounded(rate, n, d) }
        switch part.kind {
        case .rate(let which, let rate):
            return (cents(units: Swift.max(0, base(which)) * rate), share(rate))
        case .schedule(let which, let schedules, let whole):
            let amount = base(which)
            guard amount > 0 else { return (0, 0) }
            let schedule = schedules[income.status]
            if whole {
                // The bracket the whole income falls in, its ceiling (the next floor) included.
                let brackets = schedule.brackets
                var i = 0
                while i + 1 < brackets.count && amount > brackets[i + 1].floor { i += 1 }
                let rate = brackets.isEmpty ? 0 : brackets[i].rate
                return (cents(units: amount * rate), share(rate))
            }
            let (units, rate) = schedule.tax(on: amount)
            return (cents(units: units), share(rate))
        case .stateTax(let rate):
            return (cents(units: income.stateTax * rate), 0)
        case .newYorkCity:
            return (FixedPoint.multiplyDivideRounded(income.newYorkCity, n, d), 0)
        case .flat(let amount, let monthly, let minimum):
            let annual = monthly ? (income.gross >= 12 * minimum ? 12 * amount : 0) : (income.gross >= minimum ? amount : 0)
            return (FixedPoint.multiplyDivideRounded(annual, n, d), 0)
        }
    }
}
