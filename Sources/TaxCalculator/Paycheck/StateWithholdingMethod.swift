import Foundation
import TaxDataCore

/// A state's annualized percentage formula (`StateWithholding`), on one paycheck's state wages.
enum StateWithholdingFormula {
    /// The method in force for a paycheck of these dates: the first, or the last of its `midYear`
    /// methods whose `from` the date it goes by has reached. Nil, with the reason, when a change
    /// goes by a date the paycheck does not give.
    /// With the method, the change that brought it in (nil: the first).
    static func inForce(_ method: StateWithholding, payDate: ISODate?, periodStart: ISODate?,
                        periodEnd: ISODate?) -> ((StateWithholding, StateWithholding.Change?)?, String?) {
        guard let index = inForceIndex(method, payDate: payDate, periodStart: periodStart, periodEnd: periodEnd) else {
            let missing = method.midYear!.first { date(of: $0, payDate: payDate, periodStart: periodStart, periodEnd: periodEnd) == nil }!
            return (nil, "its method changes on \(missing.from), by \(name(of: missing)), which this paycheck does not give")
        }
        guard index > 0 else { return ((method, nil), nil) }
        let change = method.midYear![index - 1]
        return ((change.method, change), nil)
    }

    /// `inForce`'s choice: 0 the first method, i the i-th of `midYear`; nil when a change goes by a
    /// date the paycheck does not give.
    static func inForceIndex(_ method: StateWithholding, payDate: ISODate?, periodStart: ISODate?, periodEnd: ISODate?) -> Int? {
        var index = 0
        for (i, change) in (method.midYear ?? []).enumerated() {
            guard let date = date(of: change, payDate: payDate, periodStart: periodStart, periodEnd: periodEnd) else { return nil }
            // `from` is a date (`state.withholding` checks it); one that is not never applies.
            if let from = ISODate(change.from), from <= date { index = i + 1 }
        }
        return index
    }

    private static func date(of change: StateWithholding.Change, payDate: ISODate?, periodStart: ISODate?, periodEnd: ISODate?) -> ISODate? {
        switch change.appliesBy {
        case "periodStart": periodStart
        case "periodEnd": periodEnd
        case "payDate": payDate
        default: nil
        }
    }

    private static func name(of change: StateWithholding.Change) -> String {
        switch change.appliesBy {
        case "periodStart": "the pay period's first day (periodStart)"
        case "periodEnd": "the pay period's last day (periodEnd)"
        default: "the pay date (payDate)"
        }
    }

    /// The fields of `certificate` the state's does not have, refused by name; negative or
    /// impossible values.
    static func validate(_ certificate: StateCertificate, for method: StateWithholding, state: String) throws {
        for field in certificate.given where !method.certificate.contains(field) {
            let fields = method.certificate.isEmpty ? "it has none" : "its fields: \(method.certificate.joined(separator: ", "))"
            throw CalculationError(.inconsistentInput, "stateCertificate.\(field): \(state)'s withholding certificate has no such field (\(fields))")
        }
        for (field, count) in [("allowances", certificate.allowances), ("additionalAllowances", certificate.additionalAllowances)] {
            if let count, !(0...FormW4.maxAllowances).contains(count) {
                throw CalculationError(.outOfRange, "stateCertificate.\(field): \(count) is not 0…\(FormW4.maxAllowances)")
            }
        }
        if let most = method.maxAllowances, let count = certificate.allowances, count > most {
            throw CalculationError(.outOfRange, "stateCertificate.allowances: \(state)'s certificate claims at most \(most), not \(count)")
        }
        if let extra = certificate.extraWithholding, extra < 0 { throw CalculationError.negative("stateCertificate.extraWithholding") }
        if let amount = certificate.exemptionAmount, amount < 0 { throw CalculationError.negative("stateCertificate.exemptionAmount") }
        if let amount = certificate.creditAmount, amount < 0 { throw CalculationError.negative("stateCertificate.creditAmount") }
        if let amount = certificate.reducedWithholding, amount < 0 { throw CalculationError.negative("stateCertificate.reducedWithholding") }
        if let name = certificate.rateTable, let tables = method.rateTables, tables[name] == nil {
            throw CalculationError(.outOfRange, "stateCertificate.rateTable: '\(name)' is not a table \(state)'s certificate offers (\(tables.keys.sorted().joined(separator: ", ")))")
        }
        if let codes = method.withholdingCodes {
            let names = codes.keys.sorted().joined(separator: ", ")
            if let name = certificate.withholdingCode, codes[name] == nil {
                throw CalculationError(.outOfRange, "stateCertificate.withholdingCode: '\(name)' is not a code \(state)'s certificate offers (\(names))")
            }
            if certificate.withholdingCode == nil, certificate.exempt != true, certificate.onFile != false {
                throw CalculationError(.inconsistentInput, "stateCertificate.withholdingCode: \(state)'s certificate chooses its figures by a code (\(names)); give it, or exempt, or onFile: false")
            }
        }
        if let elected = certificate.electedRate, let rates = method.electedRates, !rates.contains(elected) {
            throw CalculationError(.outOfRange, "stateCertificate.electedRate: \(Money.text(elected)) is not a rate \(state)'s certificate offers (\(rates.map { Money.text($0) }.joined(separator: ", ")))")
        }
    }

    /// The certificate a paycheck is withheld by: the one given, or when none is on file
    /// (`onFile` false) the one the state prescribes (`noCertificate`), or a certificate that claims
    /// nothing where the data has no rule (with a note); and the flat rate of the wages that
    /// replaces the method, where that is the state's rule. A field given with `onFile` false is
    /// refused by name.
    static func onFile(_ certificate: StateCertificate, _ method: StateWithholding, state: String) throws -> (certificate: StateCertificate, flatRate: Decimal?, note: String?) {
        guard certificate.onFile == false else { return (certificate, nil, nil) }
        if let field = certificate.given.first {
            throw CalculationError(.inconsistentInput, "stateCertificate.\(field): the certificate is not on file (onFile: false), so it has no fields")
        }
        guard let rule = method.noCertificate else {
            if method.certificate.isEmpty { return (StateCertificate(), nil, nil) }
            return (StateCertificate(), nil, "\(state)'s rule for an employee without a certificate is not in the data: withheld as a certificate that claims nothing")
        }
        if let rate = rule.rate {
            return (StateCertificate(), rate, "no \(state) certificate on file: withheld at \(Money.text(rate * 100)) % of the wages, as \(state) requires")
        }
        let resolved = StateCertificate(filingStatus: rule.filingStatus.flatMap(FilingStatus.init(rawValue:)), allowances: rule.allowances, rateTable: rule.rateTable)
        let what = [rule.filingStatus, rule.allowances.map { "\($0) allowance\($0 == 1 ? "" : "s")" }, rule.rateTable.map { "rate table \($0)" }].compactMap { $0 }
        return (resolved, nil, "no \(state) certificate on file: withheld as \(what.joined(separator: ", ")), as \(state) requires")
    }

    /// A flat rate of the period's wages, rounded as the method rounds (`noCertificate.rate`).
    static func flat(_ method: StateWithholding, rate: Decimal, wages: Decimal) -> Decimal {
        method.rounding == "dollar" ? Money.roundedToDollar(rate * wages) : Money.roundedToCent(rate * wages)
    }

    /// The status whose figures a paycheck is withheld by: the certificate's code's (`withholdingCodes`),
    /// or its filing status, or the federal Form W-4's where the state has no certificate of its own
    /// (`federalFilingStatus`), or single.
    static func status(_ method: StateWithholding, _ certificate: StateCertificate, federalStatus: FilingStatus) -> FilingStatus {
        if let name = certificate.withholdingCode, let code = method.withholdingCodes?[name] { return FilingStatus(rawValue: code.status) ?? .single }
        return certificate.filingStatus ?? (method.federalFilingStatus == true ? federalStatus : .single)
    }

    /// The period's withholding on `wages` (the state's wages of the period), rounded as the state
    /// says, with the certificate's extra amount. The filing status is the state certificate's, or
    /// the federal Form W-4's where the state has none of its own (`federalFilingStatus`), or single.
    /// Nil when the state prints no table for the frequency (`perPeriod.deductions` without it).
    /// `fica` is the paycheck's Social Security and Medicare, `ficaYearToDate` the year to date's
    /// (`ficaDeduction`).
    /// `state` is the state's liability, for the steps the method takes from it (`useLiability`).
    /// The certificate's reduction per pay period comes off last, never below zero (Connecticut's
    /// CT-W4 line 3).
    static func perPeriod(_ method: StateWithholding, _ certificate: StateCertificate, wages: Decimal, frequency: PayFrequency,
                          federalStatus: FilingStatus, federalWithholding: Decimal = 0, fica: Decimal = 0, ficaYearToDate: Decimal = 0,
                          state: StateData? = nil) -> Decimal? {
        guard let withheld = beforeReduction(method, certificate, wages: wages, frequency: frequency, federalStatus: federalStatus,
                                             federalWithholding: federalWithholding, fica: fica, ficaYearToDate: ficaYearToDate, state: state) else { return nil }
        return Swift.max(0, withheld - (certificate.reducedWithholding ?? 0))
    }

    private static func beforeReduction(_ method: StateWithholding, _ certificate: StateCertificate, wages: Decimal, frequency: PayFrequency,
                                        federalStatus: FilingStatus, federalWithholding: Decimal, fica: Decimal, ficaYearToDate: Decimal,
                                        state: StateData?) -> Decimal? {
        if certificate.exempt == true { return 0 }
        let periods = Decimal(frequency == .daily ? (method.dailyPeriods ?? frequency.periods) : frequency.periods)
        let status = Self.status(method, certificate, federalStatus: federalStatus)
        // Below the period's floor (with an allowance claimed, where it says so), nothing but the extra amount.
        if let floor = method.periodWageFloor, floor.withAllowances != true || (certificate.allowances ?? 0) > 0,
           wages < periodShare(method, floor.amount, periods: periods) {
            return certificate.extraWithholding ?? 0
        }
        let tax: Decimal
        if let rounding = method.perPeriod {
            guard let period = tables(rounding, method, certificate, wages: wages, periods: periods, frequency: frequency, status: status) else { return nil }
            // A yearly credit claimed in dollars: its share to the cent off the period's tax.
            tax = Swift.max(0, period - Rounding.cent((certificate.creditAmount ?? 0) / periods))
        } else {
            tax = annualized(method, certificate, wages: wages, periods: periods, status: status, federalWithholding: federalWithholding,
                             fica: fica, ficaYearToDate: ficaYearToDate, state: state)
        }
        var rounded: Decimal
        switch method.rounding {
        case "dollar": rounded = Money.roundedToDollar(tax)
        case "dollarUp": rounded = Rounding.dollarUp(tax)
        default: rounded = Money.roundedToCent(tax)
        }
        if let credits = method.periodCredits {
            // Yearly credits off the period's rounded tax, each its share to the cent.
            let credit = Rounding.cent((credits.byStatus?[status.rawValue] ?? 0) / periods)
                + Decimal(certificate.additionalAllowances ?? 0) * Rounding.cent((credits.perAdditionalAllowance ?? 0) / periods)
            rounded = Swift.max(0, rounded - credit)
        }
        return rounded + (certificate.extraWithholding ?? 0)
    }

    /// A yearly amount's share of the period, rounded as `periodDeductions` says (to the cent without it).
    static func periodShare(_ method: StateWithholding, _ yearly: Decimal, periods: Decimal) -> Decimal {
        method.periodDeductions == "dollar" ? Money.roundedToDollar(yearly / periods) : Rounding.cent(yearly / periods)
    }

    /// The allowances' value (`value(count, yearly amount)`: as the method counts them: the yearly
    /// total, or a period's share to the cent of each, or of their total).
    private static func allowances(_ method: StateWithholding, _ certificate: StateCertificate, status: FilingStatus, allowance: Decimal,
                                   value: (Int, Decimal) -> Decimal) -> Decimal {
        var count = certificate.allowances ?? 0
        var total: Decimal = 0
        if let personal = method.personalAllowance, let first = personal.count[status], let amount = personal.amount[status], count > 0 {
            let claimed = Swift.min(count, first)
            total = value(1, amount * Decimal(claimed) / Decimal(first))
            count -= claimed
        }
        return total + value(count, allowance) + value(certificate.additionalAllowances ?? 0, method.additionalAllowance ?? 0)
            + value(1, certificate.exemptionAmount ?? method.exemptionAmountDefault?[status] ?? 0)
    }

    /// The period's tax, unrounded, by the annualized formula.
    private static func annualized(_ method: StateWithholding, _ certificate: StateCertificate, wages: Decimal, periods: Decimal,
                                   status: FilingStatus, federalWithholding: Decimal, fica: Decimal, ficaYearToDate: Decimal, state: StateData?) -> Decimal {
        annualizedYear(method, certificate, wages: wages, periods: periods, status: status, federalWithholding: federalWithholding,
                       fica: fica, ficaYearToDate: ficaYearToDate, state: state).annual / periods
    }

    /// The annualized formula's year: the yearly tax, and the yearly taxable wages it is the tax of
    /// (0 at or below the wage floor).
    private static func annualizedYear(_ method: StateWithholding, _ certificate: StateCertificate, wages: Decimal, periods: Decimal,
                                       status: FilingStatus, federalWithholding: Decimal, fica: Decimal, ficaYearToDate: Decimal,
                                       state: StateData? = nil) -> (annual: Decimal, taxable: Decimal) {
        var certificate = certificate
        // The certificate's code (Connecticut's CT-W4): its status is `status`; it may switch off the deduction and the credit.
        let code = certificate.withholdingCode.flatMap { method.withholdingCodes?[$0] }
        // Above the status's limit, the allowances count as none (their credit and columns too).
        if let limit = method.allowanceWageLimitByStatus?[status], wages * periods > limit { certificate.allowances = 0 }
        var periodWages = wages
        // The paycheck's Social Security and Medicare, up to what is left of the year's cap.
        if let deduction = method.ficaDeduction {
            periodWages = Swift.max(0, periodWages - Swift.min(fica, Swift.max(0, deduction.cap - ficaYearToDate)))
        }
        // The deductions off the period's wages, each yearly amount's share rounded as the method says.
        let inPeriod = method.periodDeductions != nil
        if inPeriod {
            let share = { (yearly: Decimal) in periodShare(method, yearly, periods: periods) }
            let deductions = share(method.standardDeduction?[status] ?? 0)
                + allowances(method, certificate, status: status, allowance: method.allowance ?? 0) { Decimal($0) * share($1) }
            periodWages = Swift.max(0, periodWages - deductions)
        }
        let yearly = periodWages * periods
        // A status whose figures change with the allowances claimed (California's married with two or more).
        let column = method.byAllowances?[status.rawValue].flatMap { column -> StateWithholding.AllowanceColumn? in
            let count = (certificate.allowances ?? 0) + (column.counting == "allAllowances" ? certificate.additionalAllowances ?? 0 : 0)
            return count >= column.atLeast ? column : nil
        }
        // At or below the low-income floor, nothing is withheld (the certificate's extra amount still is).
        if let floor = column?.wageFloor ?? method.wageFloor?[status], yearly <= floor { return (0, 0) }
        var standard = inPeriod ? 0 : column?.standardDeduction ?? method.standardDeduction?[status] ?? 0
        if let phaseOut = method.standardDeductionPhaseOut, let start = phaseOut.start[status], let rate = phaseOut.rate[status] {
            let minimum = phaseOut.minimum?[status] ?? 0
            // To the cent, as the worksheets print it (Wisconsin's W-166: 6,702 − 12% × 420 = 6,651.60), or to the dollar (Maine).
            let round = phaseOut.rounding == "dollar" ? Money.roundedToDollar : Rounding.cent
            if let step = phaseOut.step?[status] {
                if phaseOut.stepsFrom == "over" {
                    // Each step or part of one over the start (Connecticut's Table A: $1,000 less for each $1,000 or part over $24,000).
                    if yearly > start {
                        var steps = (yearly - start) / step, whole = Decimal()
                        NSDecimalRound(&whole, &steps, 0, .up)
                        standard = Swift.max(minimum, round(standard - rate * step * whole))
                    }
                } else if yearly >= start {
                    // By steps, "for each $500 or part thereof", from the start itself (Alabama).
                    var steps = (yearly - start) / step, whole = Decimal()
                    NSDecimalRound(&whole, &steps, 0, .down)
                    standard = Swift.max(minimum, round(standard - rate * step * (whole + 1)))
                }
            } else if yearly > start {
                standard = Swift.max(minimum, round(standard - rate * (yearly - start)))
            }
        }
        if let share = method.standardDeductionShare {
            // A share of the year's wages, to the cent, at most the maximum; none below the allowances it needs.
            standard = (certificate.allowances ?? 0) >= share.minAllowances ? Swift.max(share.min ?? 0, Swift.min(Rounding.cent(share.rate * yearly), share.max)) : 0
        }
        if code?.exemption == false { standard = 0 }
        let allowance = method.allowanceWageLimit.map { yearly > $0 } == true ? 0 : (method.allowance ?? 0)
        var deductions = standard + (inPeriod ? 0 : allowances(method, certificate, status: status, allowance: allowance) { Decimal($0) * $1 })
        // The year's federal withholding (Alabama), and additional allowances valued by the year's wages (its dependents).
        if method.federalWithholdingDeduction == true {
            // At most the cap of the last tier the year's wages reach.
            let cap = method.federalWithholdingCap?[status]?.last { yearly >= $0.atLeast }?.amount
            deductions += cap.map { Swift.min(federalWithholding * periods, $0) } ?? federalWithholding * periods
        }
        if let tiers = method.additionalAllowanceByWages, let tier = tiers.first(where: { $0.through.map { yearly <= $0 } ?? true }) {
            deductions += Decimal(certificate.additionalAllowances ?? 0) * tier.amount
        }
        let taxable = Swift.max(0, yearly - deductions)
        var annual: Decimal
        if let rate = certificate.electedRate ?? method.rate {
            annual = taxable * rate
        } else {
            // Looked up by bands first where the state says so (Arkansas's $50 midrange).
            let looked = method.taxableLookup?.apply(taxable) ?? taxable
            annual = method.schedule(for: column?.brackets.flatMap(FilingStatus.init(rawValue:)) ?? status, rateTable: certificate.rateTable)?.tax(on: looked) ?? 0
        }
        // The liability's own steps on the year's wages (Connecticut's TPG-211: Tables C and D added, Table E's share taken off).
        if let steps = method.useLiability, let state, taxable > 0 {
            if steps.contains("taxAddBacks") { for addBack in state.taxAddBacks ?? [] { annual += addBack.amount(income: yearly, status: status) } }
            if steps.contains("taxCredit"), code?.credit != false, let credit = state.taxCredit { annual -= annual * credit.share(income: yearly, status: status) }
        }
        if let addition = method.lowWageAddition, yearly < addition.below { annual += addition.amount }
        annual = Swift.max(0, annual - Decimal(certificate.allowances ?? 0) * (method.creditPerAllowance ?? 0) - (certificate.creditAmount ?? 0))
        // The year's tax to the dollar before it is divided (Maine, Arkansas).
        if method.annualTaxRounding == "dollar" { annual = Money.roundedToDollar(annual) }
        return (annual, taxable)
    }

    /// A per-period method's taxable wages of the period: the wages less the period's deductions,
    /// never below zero (what `localBase: withholdingWages` withholds the localities on). Nil for an
    /// annualized method, or a frequency without a table.
    static func periodTaxableWages(_ method: StateWithholding, _ certificate: StateCertificate, wages: Decimal, frequency: PayFrequency,
                                   federalStatus: FilingStatus) -> Decimal? {
        guard let rounding = method.perPeriod else { return nil }
        guard method.printsTable(for: frequency.rawValue) else { return nil }
        let periods = Decimal(frequency == .daily ? (method.dailyPeriods ?? frequency.periods) : frequency.periods)
        let status = Self.status(method, certificate, federalStatus: federalStatus)
        return periodDeductions(rounding, method, certificate, periods: periods, frequency: frequency, status: status).map { Swift.max(0, wages - $0) }
    }

    /// On a method on the year's wages (`localBase: withholdingWages`), the localities' lines: each
    /// locality's yearly tax (its rate, or the least of `localTableRates` at or above it, × the
    /// year's taxable wages) added to the state's yearly tax, the total over the periods rounded to
    /// the cent once, less what is rounded before it (the state's line first), so that the lines add
    /// up to the combined rate's figure. Nil for a per-period method, an exempt certificate or a
    /// frequency without a table. `rates` are the localities' rates in the order of their lines.
    static func annualizedLocalLines(_ method: StateWithholding, _ certificate: StateCertificate, wages: Decimal, frequency: PayFrequency,
                                     federalStatus: FilingStatus, rates: [Decimal]) -> (lines: [Decimal], withheldAt: [Decimal])? {
        guard method.perPeriod == nil, certificate.exempt != true else { return nil }
        let periods = Decimal(frequency == .daily ? (method.dailyPeriods ?? frequency.periods) : frequency.periods)
        let status = Self.status(method, certificate, federalStatus: federalStatus)
        let year = annualizedYear(method, certificate, wages: wages, periods: periods, status: status, federalWithholding: 0, fica: 0, ficaYearToDate: 0)
        let withheldAt = rates.map { rate in method.localTableRates?.first { $0 >= rate } ?? rate }
        var total = year.annual
        var rounded = Money.roundedToCent(total / periods)
        var lines: [Decimal] = []
        for rate in withheldAt {
            total += rate * year.taxable
            let next = Money.roundedToCent(total / periods)
            lines.append(next - rounded)
            rounded = next
        }
        return (lines, withheldAt)
    }

    /// A per-period method's deductions of the period: as printed for the frequency (nil when it
    /// prints none), or each yearly amount's share to the cent.
    private static func periodDeductions(_ rounding: StateWithholding.PerPeriod, _ method: StateWithholding, _ certificate: StateCertificate,
                                         periods: Decimal, frequency: PayFrequency, status: FilingStatus) -> Decimal? {
        if let printed = rounding.deductions {
            guard let amounts = printed[frequency.rawValue] else { return nil }
            return (amounts.standardDeduction?[status] ?? 0) + Decimal(certificate.allowances ?? 0) * (amounts.allowance ?? 0)
        }
        let share = { (yearly: Decimal) in Rounding.cent(yearly / periods) }
        let totals = rounding.allowanceTotals == true
        return share(method.standardDeduction?[status] ?? 0)
            + allowances(method, certificate, status: status, allowance: method.allowance ?? 0) { totals ? share(Decimal($0) * $1) : Decimal($0) * share($1) }
    }

    /// The period's tax, unrounded, by the period's own table (`perPeriod`): deductions and base
    /// taxes the yearly ones' share to the cent (or the deductions as printed), floors rounded as the
    /// state prints them, a row applying to wages over its floor (or at least at it); above
    /// `flatRateAbove`'s threshold, the flat rate on the whole. Nil when no table is printed for it.
    private static func tables(_ rounding: StateWithholding.PerPeriod, _ method: StateWithholding, _ certificate: StateCertificate,
                               wages: Decimal, periods: Decimal, frequency: PayFrequency, status: FilingStatus) -> Decimal? {
        guard let deductions = periodDeductions(rounding, method, certificate, periods: periods, frequency: frequency, status: status) else { return nil }
        // The frequency's printed table (`tables`, `rateTables`); the yearly schedule divided without them, or for annual pay.
        guard method.printsTable(for: frequency.rawValue) else { return nil }
        let printed = method.printedSchedule(frequency.rawValue, for: status, rateTable: certificate.rateTable)
        let share = { (yearly: Decimal) in Rounding.cent(yearly / periods) }
        let taxable = Swift.max(0, wages - deductions)
        let scale = switch (frequency == .daily ? rounding.dailyFloors ?? rounding.floors : rounding.floors) {
        case "dollar": 0
        case "dime": 1
        default: 2
        }
        if let flat = method.flatRateAbove, let threshold = flat.threshold[status] {
            let yearly = taxable * periods
            if yearly >= threshold || taxable >= Rounding.places(threshold / periods, scale) {
                let rate = flat.tiers.last { yearly >= $0.atLeast }?.rate ?? 0
                return Rounding.cent(yearly * rate) / periods
            }
        }
        if let rate = certificate.electedRate ?? method.rate {
            return phasedCredit(method, taxable * rate, taxable: taxable, periods: periods, scale: scale, status: status)
        }
        guard taxable > 0, let rows = printed ?? method.schedule(for: status, rateTable: certificate.rateTable) else { return 0 }
        let atLeast = rounding.rows == "atLeast"
        let runningSum = rounding.bases == "runningSum"
        var tax: Decimal = 0, sum: Decimal = 0, below: (floor: Decimal, rate: Decimal)?
        for row in rows {
            if printed != nil {
                guard row.floor == 0 || taxable > row.floor || (atLeast && taxable == row.floor) else { break }
                tax = row.baseTax + row.rate * (taxable - row.floor)
                continue
            }
            let floor = Rounding.places(row.floor / periods, scale)
            // The sum of the rows below on the period's floors, or the yearly base's share.
            if let below { sum += below.rate * (floor - below.floor) }
            below = (floor, row.rate)
            guard row.floor == 0 || taxable > floor || (atLeast && taxable == floor) else { break }
            tax = (runningSum ? Rounding.cent(sum) : share(row.baseTax)) + row.rate * (taxable - floor)
        }
        return phasedCredit(method, tax, taxable: taxable, periods: periods, scale: scale, status: status)
    }

    /// The period's tax less `creditPhaseOut`'s credit (the yearly amount's and start's shares rounded
    /// as the floors are; with `rounding: dollar`, the tax and the reduction each to the dollar first),
    /// never below zero; the tax unchanged without one.
    private static func phasedCredit(_ method: StateWithholding, _ tax: Decimal, taxable: Decimal, periods: Decimal, scale: Int,
                                     status: FilingStatus) -> Decimal {
        guard let phase = method.creditPhaseOut, let amount = phase.amount[status], let start = phase.start[status] else { return tax }
        var reduction = phase.rate * Swift.max(0, taxable - Rounding.places(start / periods, scale))
        var before = tax
        if method.rounding == "dollar" {
            before = Money.roundedToDollar(before)
            reduction = Money.roundedToDollar(reduction)
        }
        return Swift.max(0, before - Swift.max(0, Rounding.places(amount / periods, scale) - reduction))
    }
}
