import Foundation
import TaxDataCore

/// A year's localities in fixed point: what `LocalTaxes` computes in `Decimal`, to the cent. Flat
/// tables of plain values (a locality is a range of `taxes`; a schedule an index into `schedules`),
/// so that a calculation reads them in place and never retains or releases anything.
struct FixedLocalTables: Sendable {
    var localities: [FixedLocality] = []
    var taxes: [FixedLocalTax] = []
    /// Five per bracketed part, one per status in `FilingStatus.allCases` order.
    var schedules: [FixedSchedule] = []
    /// The id of each of `localities`, for errors only (a calculation reads plain values).
    var ids: [String] = []
}

struct FixedLocality: Sendable {
    /// The index of its state in the calculator's states.
    var state: Int
    /// Its taxes: `taxes[first ..< first + count]`.
    var first: Int, count: Int
    /// A resident part on New York City's brackets: the state's city step computes it.
    var newYorkCity: Bool
    /// Its kind, an index in `Locality.kinds` (a person lives in one of each).
    var kind: UInt8
}

struct FixedLocalTax: Sendable {
    var resident: FixedLocalPart
    var nonresident: FixedLocalPart
    var workplace: Bool
    /// The share of the year in force: `shareNumerator / shareDenominator` (12ths or days).
    var shareNumerator: Int64, shareDenominator: Int64
    /// A resident credit: share and rate limit, in millionths (`hasCredit` false: none).
    var hasCredit: Bool, creditShare: Int64, creditRateLimit: Int64
}

struct FixedLocalPart: Sendable {
    enum Kind: UInt8, Sendable { case none, rate, schedule, wholeIncome, stateTax, newYorkCity, flatMonth, flatYear }
    enum Income: UInt8, Sendable { case gross, fica, taxable, stateTaxable }
    var kind: Kind = .none
    var income: Income = .fica
    /// In millionths (`rate`, `stateTax`).
    var rate: Int64 = 0
    /// For `schedule` and `wholeIncome`: the first of its five schedules.
    var schedule: Int = 0
    /// For a flat amount: cents per month or year, due from `minimum` cents of wages in that period.
    var amount: Int64 = 0, minimum: Int64 = 0
    /// A part on wages (what a resident credit measures the work place's taxes by).
    var onWages: Bool { kind != .none && kind != .stateTax && kind != .newYorkCity && kind != .flatMonth && kind != .flatYear && income != .stateTaxable }
}

extension FixedTableCompiler {
    /// A state's localities, appended to `tables` in the data's order.
    func localities(_ state: StateData, stateIndex: Int, into tables: inout FixedLocalTables) throws {
        for locality in state.localities ?? [] {
            let first = tables.taxes.count
            for tax in locality.taxes { tables.taxes.append(try localTax(tax, locality.id, &tables)) }
            tables.localities.append(FixedLocality(state: stateIndex, first: first, count: locality.taxes.count,
                                                   newYorkCity: locality.taxes.contains { $0.resident?.base == LocalTaxBase.nycTax.rawValue },
                                                   kind: UInt8(Locality.kinds.firstIndex(of: locality.kind) ?? Locality.kinds.count)))
            tables.ids.append(locality.id)
        }
    }

    private func localTax(_ tax: LocalIncomeTax, _ id: String, _ tables: inout FixedLocalTables) throws -> FixedLocalTax {
        let (numerator, denominator) = LocalTaxes.fraction(of: tax.effective, in: year)
        return FixedLocalTax(
            resident: try tax.resident.map { try part($0, "\(id) \(tax.id) resident", &tables) } ?? FixedLocalPart(),
            nonresident: try tax.nonresident.map { try part($0, "\(id) \(tax.id) nonresident", &tables) } ?? FixedLocalPart(),
            workplace: tax.workplace == true, shareNumerator: Int64(numerator), shareDenominator: Int64(denominator),
            hasCredit: tax.residentCredit != nil,
            creditShare: try tax.residentCredit.map { try share($0.share, "\(code) \(id) credit share") } ?? 0,
            creditRateLimit: try tax.residentCredit.map { try rate($0.rateLimit, "\(code) \(id) credit rate limit") } ?? 0)
    }

    private func part(_ part: LocalTaxPart, _ what: String, _ tables: inout FixedLocalTables) throws -> FixedLocalPart {
        var fixed = FixedLocalPart()
        fixed.income = switch (LocalTaxBase(rawValue: part.base), part.wages.flatMap(WageDefinition.init(rawValue:))) {
        case (.wages?, .gross?): .gross
        case (.wages?, .taxable?): .taxable
        case (.wages?, _): .fica
        default: .stateTaxable
        }
        switch LocalTaxBase(rawValue: part.base) {
        case .wages?, .stateTaxableIncome?:
            if let value = part.rate {
                fixed.kind = .rate
                fixed.rate = try rate(value, what)
            } else {
                fixed.kind = LocalBracketMethod(rawValue: part.method ?? "") == .wholeIncome ? .wholeIncome : .schedule
                fixed.schedule = tables.schedules.count
                for status in statuses { tables.schedules.append(try schedule(part.brackets?[status], "\(what) \(status.rawValue)")) }
            }
        case .stateTax?:
            fixed.kind = .stateTax
            fixed.rate = try rate(part.rate ?? 0, what)
        case .nycTax?: fixed.kind = .newYorkCity
        case .flat?:
            fixed.kind = part.per == "month" ? .flatMonth : .flatYear
            fixed.amount = try cents(part.amount ?? 0, "\(what) amount")
            fixed.minimum = try cents(part.minimumWages ?? 0, "\(what) minimum wages")
        case nil: throw CalculationError.dataUnusable("\(year) \(code) \(what): base '\(part.base)' is not one this build computes")
        }
        return fixed
    }
}

extension FixedPointCalculator {
    /// What the local taxes read, in cents.
    struct LocalIncome {
        var gross: Int64, fica: Int64, taxable: Int64, stateTaxable: Int64, stateTax: Int64, newYorkCity: Int64
        var status: Int
    }

    /// The local taxes of where the person lives and works (`LocalTaxes.compute`), summed, and
    /// their share of the marginal rate, in millionths. `work` indexes `local.localities`.
    func localTaxes(residences: Localities, work: Int?, _ income: LocalIncome) -> (cents: Int64, marginal: Int64) {
        var total: Int64 = 0, marginal: Int64 = 0, workWageTaxes: Int64 = 0
        var livesAtWork = false
        for i in 0 ..< residences.count where residences.index(i) == work { livesAtWork = true }
        if let work, !livesAtWork {
            let first = local.localities[work].first, count = local.localities[work].count
            for t in first ..< first + count where local.taxes[t].nonresident.kind != .none {
                let (amount, rate) = charge(local.taxes[t].nonresident, t, income)
                if local.taxes[t].nonresident.onWages { workWageTaxes += amount }
                total += amount
                marginal += rate
            }
        }
        // The work place's tax is credited once: a later place of residence takes what is left.
        var credited: Int64 = 0
        for i in 0 ..< residences.count {
            let residence = residences.index(i)
            let worksHere = work == nil || work == residence
            let first = local.localities[residence].first, count = local.localities[residence].count
            var taken: Int64 = 0
            for t in first ..< first + count where local.taxes[t].resident.kind != .none {
                if local.taxes[t].workplace && !worksHere { continue }
                var (amount, rate) = charge(local.taxes[t].resident, t, income)
                if local.taxes[t].hasCredit, workWageTaxes > 0, amount > 0 {
                    // (min(work taxes, limit × wages) − credited) × share × the entry's share of the year, to the cent.
                    let creditable = Swift.max(0, Swift.min(workWageTaxes * FixedPoint.rateScale, local.taxes[t].creditRateLimit * income.fica)
                                                  - credited * FixedPoint.rateScale)
                    let scaled = FixedPoint.multiplyDivideRounded(creditable, local.taxes[t].creditShare * local.taxes[t].shareNumerator,
                                                                  FixedPoint.rateScale * local.taxes[t].shareDenominator * FixedPoint.unitsPerCent)
                    let allowed = Swift.min(amount, scaled)
                    amount -= allowed
                    taken += allowed
                }
                total += amount
                marginal += rate
            }
            credited += taken
        }
        return (total, marginal)
    }

    /// One entry (`local.taxes[t]`'s part): its amount for the part of the year it is in force, to
    /// the cent, and its share of the marginal rate (millionths, rounded).
    @inline(__always)
    private func charge(_ part: FixedLocalPart, _ t: Int, _ income: LocalIncome) -> (Int64, Int64) {
        let n = local.taxes[t].shareNumerator, d = local.taxes[t].shareDenominator
        func cents(units: Int64) -> Int64 { FixedPoint.multiplyDivideRounded(units, n, d * FixedPoint.unitsPerCent) }
        func share(_ rate: Int64) -> Int64 { FixedPoint.multiplyDivideRounded(rate, n, d) }
        let base: Int64 = switch part.income {
        case .gross: income.gross
        case .fica: income.fica
        case .taxable: income.taxable
        case .stateTaxable: income.stateTaxable
        }
        switch part.kind {
        case .none:
            return (0, 0)
        case .rate:
            return (cents(units: Swift.max(0, base) * part.rate), share(part.rate))
        case .schedule:
            guard base > 0 else { return (0, 0) }
            let (units, rate) = local.schedules[part.schedule + income.status].tax(on: base)
            return (cents(units: units), share(rate))
        case .wholeIncome:
            guard base > 0 else { return (0, 0) }
            // The bracket the whole income falls in, its ceiling (the next floor) included.
            let rate = local.schedules[part.schedule + income.status].brackets.withUnsafeBufferPointer { brackets -> Int64 in
                guard !brackets.isEmpty else { return 0 }
                var i = 0
                while i + 1 < brackets.count && base > brackets[i + 1].floor { i += 1 }
                return brackets[i].rate
            }
            return (cents(units: base * rate), share(rate))
        case .stateTax:
            return (cents(units: income.stateTax * part.rate), 0)
        case .newYorkCity:
            return (FixedPoint.multiplyDivideRounded(income.newYorkCity, n, d), 0)
        case .flatMonth:
            return (FixedPoint.multiplyDivideRounded(income.gross >= 12 * part.minimum ? 12 * part.amount : 0, n, d), 0)
        case .flatYear:
            return (FixedPoint.multiplyDivideRounded(income.gross >= part.minimum ? part.amount : 0, n, d), 0)
        }
    }
}
