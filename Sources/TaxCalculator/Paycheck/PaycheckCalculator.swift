import Foundation
import TaxDataCore

/// What one paycheck withholds, from a year's data: federal income tax by Publication 15-T's
/// percentage method for automated payroll systems (from the employee's Form W-4, supplemental
/// wages at the flat rate), Social Security up to the wage base and Medicare with the Additional
/// Medicare Tax above $200,000 of the year's wages from this employer.
///
/// The state's income tax by its own withholding method where the data has it (`StateWithholding`).
/// The state's payroll contributions and the local income taxes of the places named
/// (`localities`, `workLocality`) too. `TaxCalculator` gives the year's liability,
/// and the two differ by design (the withholding tables of 2025 are built on the standard
/// deduction before P.L. 119-21, for one).
public struct PaycheckCalculator: Sendable {
    public let data: TaxYearData

    public init(data: TaxYearData) { self.data = data }

    /// The Additional Medicare Tax's withholding threshold: an employer withholds it on wages
    /// above $200,000 in the year, whatever the filing status (IRC 3102(f)(1)).
    public static let additionalMedicareWithholdingThreshold: Decimal = 200_000
    /// The largest wages or supplemental payment of one paycheck taken ($1,000,000,000, as the
    /// fixed-point calculator bounds a year's).
    public static let maxAmount: Decimal = 1_000_000_000

    public func calculate(_ input: PaycheckInput) throws -> PaycheckResult {
        let year = data.meta.taxYear
        guard let method = data.federal.withholding else {
            throw CalculationError(.dataUnusable, "the \(year) data has no federal withholding (Publication 15-T, schema 1.14)")
        }
        for (field, amount) in [("wages", input.wages), ("yearToDateWages", input.yearToDateWages), ("supplemental", input.supplemental),
                                ("yearToDateSupplemental", input.yearToDateSupplemental)] where amount < 0 {
            throw CalculationError.negative(field)
        }
        for (field, amount) in [("wages", input.wages), ("supplemental", input.supplemental)] where amount > Self.maxAmount {
            throw CalculationError.outOfRange("\(field) above \(Money.text(Self.maxAmount)) is out of range")
        }
        for deduction in input.preTax where deduction.amount < 0 { throw CalculationError.negative("pre-tax \(deduction.kind.rawValue)") }
        try input.w4.validate(taxYear: year)
        try Self.validateDates(input, year: year)
        var notes: [String] = []

        let regular = input.wages
        let requested = input.preTax.reduce(Decimal(0)) { $0 + $1.amount }
        let preTax = Swift.min(requested, regular)
        if requested > regular {
            notes.append("pre-tax deductions of \(Money.text(requested)) exceed the period's wages of \(Money.text(regular)): \(Money.text(preTax)) applied")
        }
        let cafeteriaRequested = input.preTax.filter { [.hsa, .hsaSelf, .section125].contains($0.kind) }.reduce(Decimal(0)) { $0 + $1.amount }
        let cafeteria = Swift.min(cafeteriaRequested, preTax)

        // Federal income tax: the regular wages by Worksheet 1A, the supplemental at the flat rate.
        var wagesForWithholding = regular - preTax
        if input.w4.nonresidentAlien, let tables = method.nonresidentAlien {
            let table = input.w4.isRedesigned ? tables.table2 : tables.table1
            let added = table[input.frequency.rawValue] ?? 0
            wagesForWithholding += added
            notes.append("nonresident alien: \(Money.text(added)) added to the wages for figuring the withholding only (Pub 15-T Table \(input.w4.isRedesigned ? 2 : 1))")
        }
        var regularWithholding: Decimal = 0
        if input.w4.exempt {
            notes.append("Form W-4 claims exemption: no federal income tax withheld")
        } else {
            let exact = PercentageMethod.perPeriod(method, w4: input.w4, wages: wagesForWithholding, frequency: input.frequency)
            regularWithholding = input.roundToDollar ? Money.roundedToDollar(exact) : Rounding.cent(exact)
        }
        let supplemental = method.supplemental
        let room = Swift.max(0, supplemental.mandatoryThreshold - input.yearToDateSupplemental)
        let atRate = Swift.min(input.supplemental, room), above = input.supplemental - atRate
        var supplementalWithholding: Decimal
        if input.w4.exempt || input.supplementalMethod == .aggregate {
            // Aggregated: the total as one payment, less the regular wages' withholding (none for a
            // Form W-4 that claims exemption, on either method); the mandatory rate above $1,000,000.
            var aggregated: Decimal = 0
            if !input.w4.exempt, atRate > 0 {
                let exact = PercentageMethod.perPeriod(method, w4: input.w4, wages: wagesForWithholding + atRate, frequency: input.frequency)
                aggregated = Swift.max(0, (input.roundToDollar ? Money.roundedToDollar(exact) : Rounding.cent(exact)) - regularWithholding)
            }
            var mandatory = Rounding.cent(above * supplemental.mandatoryRate)
            if input.roundToDollar { mandatory = Money.roundedToDollar(mandatory) }
            supplementalWithholding = aggregated + mandatory
            if input.w4.exempt && atRate > 0 {
                notes.append("Form W-4 claims exemption: no federal income tax withheld on the supplemental wages up to \(Money.text(supplemental.mandatoryThreshold)) either")
            }
        } else {
            supplementalWithholding = Rounding.cent(atRate * supplemental.rate + above * supplemental.mandatoryRate)
            if input.roundToDollar { supplementalWithholding = Money.roundedToDollar(supplementalWithholding) }
        }
        if above > 0 {
            notes.append("\(Money.text(above)) of supplemental wages above \(Money.text(supplemental.mandatoryThreshold)) in the year withheld at \(Money.percent(supplemental.mandatoryRate)), whatever the Form W-4")
        }

        // FICA on this paycheck, with what this employer paid earlier in the year.
        let ficaWages = Swift.max(0, regular + input.supplemental - cafeteria)
        let ss = data.fica.socialSecurity, medicare = data.fica.medicare
        let ssWages = Swift.min(ficaWages, Swift.max(0, ss.wageBase - input.yearToDateWages))
        if ssWages < ficaWages { notes.append("Social Security stops at the \(year) wage base of \(Money.text(ss.wageBase))") }
        let threshold = Self.additionalMedicareWithholdingThreshold
        let additional = Swift.max(0, input.yearToDateWages + ficaWages - Swift.max(threshold, input.yearToDateWages))
        let socialSecurity = Rounding.cent(ssWages * ss.rate)
        let medicareTax = Rounding.cent(ficaWages * medicare.rate + additional * medicare.additionalRate)
        if additional > 0 { notes.append("Additional Medicare Tax withheld on \(Money.text(additional)) above \(Money.text(threshold)) of the year's wages from this employer") }

        let federal = regularWithholding + supplementalWithholding
        // The year to date's, as this calculator withholds them on the year's wages so far (`ficaDeduction`).
        let ytd = input.yearToDateWages
        let ficaYearToDate = Rounding.cent(Swift.min(ytd, ss.wageBase) * ss.rate)
            + Rounding.cent(ytd * medicare.rate + Swift.max(0, ytd - threshold) * medicare.additionalRate)
        let stateWithholding = try state(input, regular: regular, preTax: preTax, federalRegular: regularWithholding,
                                         fica: (socialSecurity + medicareTax, ficaYearToDate), notes: &notes)
        let contributions = try payrollContributions(input, regular: regular, preTax: preTax, ficaWages: ficaWages, notes: &notes)
        let contributed = contributions.reduce(Decimal(0)) { $0 + $1.amount }
        let local = try localTaxes(input, regular: regular, preTax: preTax, notes: &notes)
        let localWithholding = local.map { $0.reduce(Decimal(0)) { $0 + $1.amount } }
        if data.meta.status == .draft { notes.append("\(year) is a draft year, not published: its figures may change") }
        return PaycheckResult(
            taxYear: year, dataVersion: data.meta.version.description, input: input,
            withholdingWages: Rounding.cent(wagesForWithholding), federalWithholding: federal, supplementalWithholding: supplementalWithholding,
            stateWithholding: stateWithholding, socialSecurity: socialSecurity, medicare: medicareTax, payrollContributions: contributions,
            localTaxes: local ?? [], localWithholding: localWithholding, preTaxDeductions: Rounding.cent(preTax),
            netPay: regular + input.supplemental - Rounding.cent(preTax) - federal - (stateWithholding ?? 0) - socialSecurity - medicareTax
                - contributed - (localWithholding ?? 0),
            notes: notes)
    }

    /// The local taxes of the places the paycheck names, each the year's tax on this paycheck's
    /// wages (regular and supplemental, less the pre-tax deductions, over the year) divided by the
    /// periods, to the cent: exactly the rate of the paycheck's wages for a tax on wages (Ohio's
    /// cities, Pennsylvania's earned income taxes, Kentucky's occupational taxes), and an even share
    /// of the year's tax for one on income (Maryland's counties, New York City's), which an
    /// employer withholds by its own tables (a note says so). Nil when no locality is named.
    func localTaxes(_ input: PaycheckInput, regular: Decimal, preTax: Decimal, notes: inout [String]) throws -> [PayResult.LocalTaxLine]? {
        guard !input.localities.isEmpty || input.workLocality != nil else { return nil }
        guard let code = input.state?.uppercased() else {
            throw CalculationError(.inconsistentInput, "localities: a locality needs its state (state)")
        }
        let periods = Decimal(input.frequency.periods)
        let year = PayInput(grossAnnual: (regular + input.supplemental) * periods, status: input.w4.filingStatus, state: code,
                            preTax: input.preTax.map { PreTaxDeduction($0.kind, $0.amount * periods) },
                            localities: input.localities, workLocality: input.workLocality)
        let named = data.states[code]?.localities?.filter { (input.localities + [input.workLocality].compactMap { $0 }).contains($0.id) } ?? []
        // A local tax whose rate changes during the year: the one in force on the pay date, as if all year
        // (a wage tax is then exactly its rate of this paycheck); without a pay date, the year's blend, said so.
        var dated = data
        let changing = named.filter { locality in locality.taxes.contains { $0.effective != nil } }
        if let day = input.payDate, !changing.isEmpty {
            dated.states[code]?.localities = data.states[code]?.localities?.map { locality in
                var locality = locality
                locality.taxes = locality.taxes.compactMap { tax in
                    guard let effective = tax.effective else { return tax }
                    guard let from = ISODate(effective.from), let to = ISODate(effective.to), from <= day, day <= to else { return nil }
                    var tax = tax
                    tax.effective = nil
                    return tax
                }
                return locality
            }
        } else {
            for locality in changing {
                notes.append("\(locality.name)'s tax changes during the year: withheld here at its rates over the year; give the pay date (payDate) for the one in force")
            }
        }
        let liability = try TaxCalculator(data: dated).calculate(year)
        // A state whose method says so withholds its localities' rate of state taxable income on the
        // method's taxable wages of the period (Indiana's counties: Departmental Notice #1).
        var byRate: [String: Decimal] = [:]
        if let state = data.states[code], let first = state.withholding,
           let (method, _) = StateWithholdingFormula.inForce(first, payDate: input.payDate, periodStart: input.periodStart, periodEnd: input.periodEnd).0,
           method.localBase == "withholdingWages", method.unreadKeys.isEmpty,
           input.stateCertificate.exempt != true,
           // Without a certificate on file, the one the state prescribes (a flat rate has no taxable wages: none withheld this way).
           let resolved = try? StateWithholdingFormula.onFile(input.stateCertificate, method, state: code), resolved.flatRate == nil {
            let wages = stateWages(input, state, regular: regular, preTax: preTax).wages
            // The taxes as dated: a county whose rate changes during the year, on a paycheck without a pay date, keeps the year's blend.
            let inForce = dated.states[code]?.localities?.filter { locality in named.contains { $0.id == locality.id } } ?? []
            var flat: [(id: String, name: String, rate: Decimal)] = []
            for locality in inForce where input.localities.contains(locality.id) {
                for tax in locality.taxes where tax.effective == nil {
                    guard let part = tax.resident, part.base == LocalTaxBase.stateTaxableIncome.rawValue, let rate = part.rate else { continue }
                    flat.append((tax.id, locality.name, rate))
                }
            }
            if method.perPeriod != nil {
                if let taxable = StateWithholdingFormula.periodTaxableWages(method, resolved.certificate, wages: wages, frequency: input.frequency,
                                                                            federalStatus: input.w4.filingStatus) {
                    for tax in flat {
                        byRate[tax.id] = Rounding.cent(tax.rate * taxable)
                        notes.append("\(tax.name)'s tax is withheld at its rate of the \(code) withholding's taxable wages (\(Money.text(tax.rate)) × \(Money.text(Rounding.cent(taxable))))")
                    }
                }
            } else if let (lines, withheldAt) = StateWithholdingFormula.annualizedLocalLines(method, resolved.certificate, wages: wages, frequency: input.frequency,
                                                                                               federalStatus: input.w4.filingStatus, rates: flat.map(\.rate)) {
                // On the year's taxable wages, the state's tax and the localities' rounded once, as one combined rate.
                for (i, tax) in flat.enumerated() {
                    byRate[tax.id] = lines[i]
                    let percent = { (rate: Decimal) in "\(Money.text(rate * 100)) %" }
                    let at = withheldAt[i] == tax.rate ? percent(tax.rate) : "\(percent(withheldAt[i])) (the \(code) tables' rate for its \(percent(tax.rate)))"
                    notes.append("\(tax.name): withheld at \(at) of the \(code) withholding's yearly taxable wages, rounded once with the state's")
                }
            }
        }
        let onIncome = Set(named.filter { locality in
            locality.taxes.contains { tax in byRate[tax.id] == nil && [tax.resident, tax.nonresident].contains { part in
                part.map { $0.base != LocalTaxBase.wages.rawValue && $0.base != LocalTaxBase.flat.rawValue } ?? false } }
        }.map(\.name))
        for name in onIncome.sorted() {
            notes.append("\(name)'s tax is on income, not wages: withheld here as the year's tax over the paychecks; the employer's own tables may differ")
        }
        return liability.localTaxes.map { PayResult.LocalTaxLine(id: $0.id, name: $0.name, amount: byRate[$0.id] ?? Rounding.cent($0.amount / periods)) }
    }

    /// Wages are taxed in the year they are paid: a pay date in another year is another year's
    /// paycheck. A period ends on or after it starts.
    static func validateDates(_ input: PaycheckInput, year: Int) throws {
        if let date = input.payDate, date.year != year {
            throw CalculationError(.inconsistentInput, "payDate \(date) is not in \(year): wages are withheld on by the rules of the year they are paid in")
        }
        if let start = input.periodStart, let end = input.periodEnd, end < start {
            throw CalculationError(.inconsistentInput, "periodEnd \(end) is before periodStart \(start)")
        }
    }

    /// The state's wages of this paycheck: the regular wages less the pre-tax deductions the state
    /// excludes (those it taxes go back in), with the supplemental wages.
    func stateWages(_ input: PaycheckInput, _ state: StateData, regular: Decimal, preTax: Decimal) -> (wages: Decimal, taxedBack: Decimal) {
        let taxedKinds = Set(state.preTaxTreatment?.taxed ?? [])
        let taxedBack = Swift.min(preTax, input.preTax.filter { taxedKinds.contains($0.kind == .hsaSelf ? "hsa" : $0.kind.rawValue) }
            .reduce(Decimal(0)) { $0 + $1.amount })
        return (regular - preTax + taxedBack + input.supplemental, taxedBack)
    }

    /// The state's payroll contributions on this paycheck, one line per id: the employee's rate of
    /// the wages its definition names (`gross`; `fica`, the Medicare wages; `taxable`, the state's
    /// wages), up to what is left of the wage base after the year to date (`yearToDateWages`, taken
    /// for every definition), and at most the weekly maximum for the weeks of the period (× 52 /
    /// periods), each to the cent. Not computed, with a note: one in force for part of the year
    /// (the paycheck has no date), and one charged per hour (it has no hours).
    func payrollContributions(_ input: PaycheckInput, regular: Decimal, preTax: Decimal, ficaWages: Decimal,
                              notes: inout [String]) throws -> [PayResult.ContributionLine] {
        guard let code = input.state?.uppercased(), let state = data.states[code] else { return [] }
        let periods = Decimal(input.frequency.periods)
        var lines: [PayResult.ContributionLine] = []
        for contribution in state.contributionsInForce {
            guard let definition = WageDefinition(rawValue: contribution.wages) else { continue }
            let (before, last) = contribution.days(in: data.meta.taxYear)
            if before != 0 || last != YearDays.count(data.meta.taxYear) {
                notes.append("\(code): \(contribution.name) is in force for part of \(data.meta.taxYear) only: not computed for a paycheck without a date")
                continue
            }
            let base: Decimal
            switch definition {
            case .gross: base = regular + input.supplemental
            case .fica: base = ficaWages
            case .taxable: base = stateWages(input, state, regular: regular, preTax: preTax).wages
            case .hours:
                notes.append("\(code): \(contribution.name) is charged per hour worked: not computed for a paycheck")
                continue
            }
            let wages = contribution.wageBase.map { Swift.min(base, Swift.max(0, $0 - input.yearToDateWages)) } ?? base
            var amount = Rounding.cent(wages * contribution.employeeRate)
            if let weekly = contribution.maxWeekly { amount = Swift.min(amount, Rounding.cent(weekly * 52 / periods)) }
            if let i = lines.firstIndex(where: { $0.id == contribution.id }) {
                lines[i].amount += amount
            } else {
                lines.append(.init(id: contribution.id, name: contribution.name, jurisdiction: code, amount: amount))
            }
        }
        return lines
    }

    /// The state's withholding by its method: on the period's wages less the pre-tax deductions the
    /// state excludes, with the supplemental wages (aggregated: withheld as if paid with the
    /// regular wages). Nil when no state is asked, or its method is not in the data (a note says).
    private func state(_ input: PaycheckInput, regular: Decimal, preTax: Decimal, federalRegular: Decimal,
                       fica: (paycheck: Decimal, yearToDate: Decimal), notes: inout [String]) throws -> Decimal? {
        let given = input.stateCertificate
        guard let code = input.state?.uppercased() else {
            if let field = given.given.first {
                throw CalculationError(.inconsistentInput, "stateCertificate.\(field): a state certificate needs a state")
            }
            return nil
        }
        let year = data.meta.taxYear
        guard let state = data.states[code] else { throw CalculationError.unknownState(code, year: year) }
        if state.type == .noTax {
            if let field = given.given.first {
                throw CalculationError(.inconsistentInput, "stateCertificate.\(field): \(code) has no income tax on wages, and no withholding certificate")
            }
            return 0
        }
        guard let first = state.withholding else {
            notes.append("\(code)'s \(year) withholding method is not in the data yet: no state withholding computed")
            return nil
        }
        let unread = first.unreadKeys + (first.midYear ?? []).flatMap { change in change.method.unreadKeys.map { "midYear \(change.from) \($0)" } }
        if !unread.isEmpty {
            notes.append("\(code)'s \(year) withholding method uses \(unread.joined(separator: ", ")), newer than this library: "
                         + "no state withholding computed (update TaxCalculator)")
            return nil
        }
        let (inForce, why) = StateWithholdingFormula.inForce(first, payDate: input.payDate, periodStart: input.periodStart, periodEnd: input.periodEnd)
        guard let (method, change) = inForce else {
            try StateWithholdingFormula.validate(given, for: first, state: code)
            _ = try StateWithholdingFormula.onFile(given, first, state: code)
            notes.append("\(code)'s \(year) withholding: \(why ?? ""): no state withholding computed")
            return nil
        }
        if let change {
            let when = change.appliesBy == "periodStart" ? "pay periods beginning" : change.appliesBy == "periodEnd" ? "pay periods ending" : "wages paid"
            notes.append("\(code): withheld by its method for \(when) on or after \(change.from)")
        }
        try StateWithholdingFormula.validate(input.stateCertificate, for: method, state: code)
        let (certificate, flatRate, onFileNote) = try StateWithholdingFormula.onFile(input.stateCertificate, method, state: code)
        // The pre-tax deductions the state taxes go back into its wages (as the year's calculation does).
        let (wages, taxedBack) = stateWages(input, state, regular: regular, preTax: preTax)
        if taxedBack > 0 { notes.append("\(code) taxes \(Money.text(taxedBack)) of the pre-tax deductions: added back to its wages") }
        if input.supplemental > 0 { notes.append("\(code): the supplemental wages are withheld with the regular wages (aggregate method)") }
        if method.provenance == .estimated {
            notes.append("\(code)'s \(year) withholding figures are estimated\(method.pending.map { " (to be confirmed by \($0))" } ?? "")")
        }
        if certificate.exempt == true { notes.append("the \(code) certificate claims exemption: no \(code) income tax withheld") }
        if let onFileNote { notes.append(onFileNote) }
        if let flatRate { return StateWithholdingFormula.flat(method, rate: flatRate, wages: wages) }
        if method.federalWithholdingDeduction == true {
            notes.append("\(code) takes the federal income tax withheld on the regular wages (\(Money.text(federalRegular)) a period) off its wages")
        }
        if let deduction = method.ficaDeduction {
            let taken = Swift.min(fica.paycheck, Swift.max(0, deduction.cap - fica.yearToDate))
            notes.append("\(code) takes \(Money.text(taken)) of this paycheck's Social Security and Medicare off its wages (at most \(Money.text(deduction.cap)) a year, "
                         + "counting \(Money.text(fica.yearToDate)) withheld on the year to date's wages; retirement contributions it also allows are not known here)")
        }
        guard let withheld = StateWithholdingFormula.perPeriod(method, certificate, wages: wages, frequency: input.frequency,
                                                               federalStatus: input.w4.filingStatus, federalWithholding: federalRegular,
                                                               fica: fica.paycheck, ficaYearToDate: fica.yearToDate, state: state) else {
            notes.append("\(code) prints no \(input.frequency.rawValue) withholding table: no state withholding computed")
            return nil
        }
        return withheld
    }
}
