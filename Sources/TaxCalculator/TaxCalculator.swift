import Foundation
import TaxDataCore

/// Federal, FICA and state tax on annual wages, from a year's data (a loaded bundle or the
/// client's active data). All arithmetic is `Decimal`; see `Rounding` for the one rounding rule.
///
/// Model (what a take-home-pay estimate needs, not a tax return):
/// - pre-tax deductions are capped at the year's limits (see `PreTaxCaps`: 401(k) and 403(b) share
///   one limit, 457(b) has its own, plus the catch-up for the age given; HSA family or self-only);
///   401(k)-type deferrals do not reduce FICA wages, HSA and section 125 deductions do;
/// - federal taxable income = gross − pre-tax − the standard deduction for the status;
/// - the state starts from the same wages less pre-tax deductions (state conformity differs;
///   e.g. California taxes HSA contributions, Pennsylvania taxes 401(k) deferrals: not modelled),
///   less its standard deduction and personal exemption, taxed by its brackets or flat rate, less
///   its personal credit; plus SDI, California's mental health tax and New York City's tax.
public struct TaxCalculator: Sendable {
    public let data: TaxYearData

    public init(data: TaxYearData) { self.data = data }

    public func calculate(_ input: PayInput) throws -> PayResult {
        guard input.grossAnnual >= 0 else { throw CalculationError.negative("gross pay (\(Money.text(input.grossAnnual)))") }
        let code = input.state?.uppercased()
        let state = try code.map { code in
            guard let state = data.states[code] else { throw CalculationError.unknownState(code, year: data.meta.taxYear) }
            return state
        }
        if input.newYorkCity && code != "NY" { throw CalculationError.newYorkCityOutsideNewYork }
        if input.newYorkCity && input.locality != nil { throw CalculationError.newYorkCityAndLocality }
        let residences = try residenceLocalities(input.localities, state: code)
        let work = try input.workLocality.map { try locality($0, state: code) }
        // New York City's tax is the state's nycTax step, whether asked for as --city NYC or as its locality.
        let newYorkCity = input.newYorkCity || residences.contains { $0.taxes.contains { $0.resident?.base == LocalTaxBase.nycTax.rawValue } }
        guard (0...PayInput.maxDependents).contains(input.dependents) else {
            throw CalculationError.dependents(input.dependents)
        }
        guard (0...input.dependents).contains(input.children) else {
            throw CalculationError.children(input.children, dependents: input.dependents)
        }
        guard (0...input.children).contains(input.childrenUnder6) else {
            throw CalculationError.childrenUnder6(input.childrenUnder6, children: input.children)
        }
        if let hours = input.hoursWorked, !(0...PayInput.maxHours).contains(hours) { throw CalculationError.hours(hours) }
        for deduction in input.preTax where deduction.amount < 0 {
            throw CalculationError.negative("pre-tax \(deduction.kind.rawValue)")
        }

        var notes: [String] = []
        let caps = PreTaxCaps(limits: data.retirement, age: input.age)
        let requested = PreTaxRequest(input.preTax)
        func allow(_ amount: Decimal, _ cap: Decimal, _ what: String) -> Decimal {
            guard amount > cap else { return amount }
            notes.append("\(what) capped at the \(data.meta.taxYear) limit of \(Money.text(cap))")
            return cap
        }
        let elective = allow(requested.elective401k403b, caps.elective401k403b, "401(k)/403(b) deferrals")
        let allowed = PreTaxAllowed(
            plan401k: Swift.min(requested.plan401k, elective), plan403b: elective - Swift.min(requested.plan401k, elective),
            plan457b: allow(requested.plan457b, caps.plan457b, "457(b) deferrals"),
            hsa: allow(requested.hsaFamily, caps.hsaFamily, "HSA (family)") + allow(requested.hsaSelf, caps.hsaSelf, "HSA (self-only)"),
            section125: requested.section125)
        let deferral = allowed.plan401k + allowed.plan403b + allowed.plan457b
        let cafeteria = allowed.hsa + allowed.section125
        let preTax = Swift.min(input.grossAnnual, deferral + cafeteria)
        if deferral + cafeteria > input.grossAnnual {
            notes.append("pre-tax deductions of \(Money.text(deferral + cafeteria)) exceed gross wages of \(Money.text(input.grossAnnual)): \(Money.text(preTax)) applied")
        }
        let incomeWages = input.grossAnnual - preTax
        let ficaWages = Swift.max(0, input.grossAnnual - cafeteria)

        // Federal.
        let federalDeduction = data.federal.standardDeduction[input.status] ?? 0
        let federalTaxable = Swift.max(0, incomeWages - federalDeduction)
        guard let federalBrackets = data.federal.brackets[input.status] else { throw CalculationError.dataUnusable("no federal brackets for \(input.status.rawValue)") }
        let federalTaxBeforeCredits = Rounding.cent(federalBrackets.tax(on: federalTaxable))
        var federalTax = federalTaxBeforeCredits
        var childCreditAllowed: Decimal = 0, additionalChildCredit: Decimal = 0
        if let ctc = data.federal.childTaxCredit, input.dependents > 0 {
            let credit = ctc.amount(children: input.children, others: input.dependents - input.children, income: incomeWages, status: input.status)
            let applied = Swift.min(credit, federalTaxBeforeCredits)
            federalTax -= applied
            if applied > 0 {
                notes.append("federal child tax credit / credit for other dependents: \(Money.text(applied)) applied (nonrefundable part\(applied < credit ? ", limited to the tax" : ""))")
            }
            // The child tax credit allowed, its refundable part included (what states take a share of).
            // Schedule 8812 part II-A (the alternative for three or more children is not modelled).
            let refundable = ctc.refundable?.amount(children: input.children, unused: credit - applied, earned: incomeWages) ?? 0
            childCreditAllowed = applied + refundable
            additionalChildCredit = refundable
        }
        let earnedIncomeCredit = data.federal.earnedIncomeCredit.flatMap {
            EarnedIncomeCreditSchedule.credit($0, children: input.children, wages: incomeWages, status: input.status)
        } ?? 0

        // FICA.
        let ss = data.fica.socialSecurity, medicare = data.fica.medicare
        let socialSecurity = Rounding.cent(Swift.min(ficaWages, ss.wageBase) * ss.rate)
        let threshold = medicare.thresholds[input.status] ?? 200000
        let medicareTax = Rounding.cent(ficaWages * medicare.rate + Swift.max(0, ficaWages - threshold) * medicare.additionalRate)

        // State (none: federal and FICA only). The pre-tax deductions the state taxes go back into
        // its wages (never above gross): the state's taxable wages, which local taxes read too.
        let taxed = state?.preTaxTreatment.map { allowed.taxed(by: $0) } ?? (names: [], sum: 0)
        let stateWages = Swift.min(input.grossAnnual, incomeWages + taxed.sum)
        let stateResult = state.map { state in
            if taxed.sum > 0, let code {
                notes.append("\(code) taxes \(taxed.names.joined(separator: ", ")) deductions: \(Money.text(stateWages - incomeWages)) added to state wages")
            }
            return StateTax(state: state, code: code!, status: input.status).calculate(StateTax.Input(
                taxYear: data.meta.taxYear, wages: stateWages, gross: input.grossAnnual, ficaWages: ficaWages,
                hours: input.hoursWorked ?? PayInput.fullTimeHours, hoursAssumed: input.hoursWorked == nil,
                newYorkCity: newYorkCity, dependents: input.dependents, children: input.children, childrenUnder6: input.childrenUnder6,
                federalTaxable: federalTaxable, federalDeduction: federalDeduction, federalTax: federalTax, fica: socialSecurity + medicareTax,
                federalEarnedIncomeCredit: earnedIncomeCredit, federalChildCredit: childCreditAllowed,
                federalAdditionalChildCredit: additionalChildCredit))
        } ?? StateTax.Result()
        notes += stateResult.notes
        if let state, let code {
            if let missing = state.missing, !missing.isEmpty {
                notes.append("\(code) \(data.meta.taxYear) data lacks \(missing.joined(separator: ", ")): the state figure may be high")
            }
            if state.provenance == .estimated {
                let until = state.pending.map { " until \($0) is published" } ?? ""
                notes.append("\(code) \(data.meta.taxYear) figures are estimated\(until): the state figure may change")
            }
        }

        if data.meta.status == .draft {
            let used = data.provisional.keys.filter { path in
                switch path.document {
                case .federal, .fica, .retirement: true
                case .state(let state): state == code
                case .year: false
                }
            }.count
            notes.append("\(data.meta.taxYear) is a draft year, not published: its figures may change"
                + (used > 0 ? "; \(used) of the values used here are provisional (derived from the year before, awaiting the official figures)" : ""))
        }

        // Local taxes, from the state's figures (the fixed-point calculator computes New York City's only).
        var local = LocalTaxes.compute(residences: residences, work: work, income: .init(
            taxYear: data.meta.taxYear, status: input.status, gross: input.grossAnnual, ficaWages: ficaWages,
            stateWages: stateWages,
            stateTaxable: stateResult.taxable, stateTax: stateResult.incomeTax, newYorkCityTax: stateResult.city))
        if newYorkCity && residences.isEmpty {
            let tax = data.states["NY"]?.localities?.lazy.flatMap(\.taxes).first { $0.resident?.base == LocalTaxBase.nycTax.rawValue }
            local.lines.append(.init(id: tax?.id ?? "ny-nyc", name: tax?.name ?? "New York City income tax", amount: stateResult.city))
        }
        notes += local.notes
        for place in residences + [work].compactMap({ $0 }) where place.provenance == .estimated {
            let pending = place.pending.map { " (to be confirmed by \($0))" } ?? ""
            notes.append("\(place.name) \(data.meta.taxYear) local figures are estimated\(pending): the local tax may change")
        }

        let marginal = federalBrackets.bracket(for: federalTaxable).map { federalTaxable > 0 ? $0.rate : 0 } ?? 0
        let ficaMarginal = (ficaWages < ss.wageBase ? ss.rate : 0) + medicare.rate + (ficaWages > threshold ? medicare.additionalRate : 0)
        var result = PayResult(
            taxYear: data.meta.taxYear, dataVersion: data.meta.version.description, input: input,
            preTaxDeductions: Rounding.cent(preTax), federalTaxableIncome: Rounding.cent(federalTaxable),
            federalIncomeTax: federalTax, socialSecurity: socialSecurity, medicare: medicareTax,
            stateTaxableIncome: Rounding.cent(stateResult.taxable), stateIncomeTax: stateResult.incomeTax,
            stateDisabilityInsurance: stateResult.sdi, payrollContributions: stateResult.contributions, mentalHealthTax: stateResult.mentalHealth,
            cityIncomeTax: local.lines.reduce(0) { $0 + $1.amount },
            marginalRate: marginal + ficaMarginal + stateResult.marginalRate + local.marginalRate, notes: notes)
        result.localTaxes = local.lines
        var refundable: [PayResult.CreditLine] = []
        if additionalChildCredit > 0 { refundable.append(.init(name: "additional child tax credit", jurisdiction: "US", amount: additionalChildCredit)) }
        if earnedIncomeCredit > 0 { refundable.append(.init(name: "earned income credit", jurisdiction: "US", amount: earnedIncomeCredit)) }
        result.refundableCredits = refundable + stateResult.refundable
        if result.netPay < 0 {
            result.notes.append("net pay is negative (\(Money.text(result.netPay))): the taxes exceed the wages left after pre-tax deductions"
                + (deferral > 0 ? " (401(k), 403(b) and 457(b) deferrals still owe Social Security and Medicare)" : ""))
        }
        return result
    }

    /// The localities of residence: each of the state, none twice, at most one of each kind (a
    /// person lives in one county, one city, one school district), `PayInput.maxLocalities` in all.
    func residenceLocalities(_ ids: [String], state code: String?) throws -> [Locality] {
        guard ids.count <= PayInput.maxLocalities else { throw CalculationError.tooManyLocalities(ids.count) }
        var found: [Locality] = []
        for id in ids {
            let place = try locality(id, state: code)
            if found.contains(where: { $0.id == place.id }) { throw CalculationError.localityTwice(id) }
            if let other = found.first(where: { $0.kind == place.kind }) {
                throw CalculationError.localitiesOfOneKind("\(other.id) (\(other.name))", "\(place.id) (\(place.name))", kind: place.kind)
            }
            found.append(place)
        }
        return found
    }

    /// The locality `id` of the state asked for: `locality.unknown` (`unknownLocality`) when the
    /// year has no such id, `localityNotInState` when it is in another state.
    func locality(_ id: String, state code: String?) throws -> Locality {
        let found = StateData.locality(id, in: data.states)
        guard let first = found.first else {
            let hint = code.map { " (taxdata localities --state \($0) lists \($0)'s)" } ?? ""
            throw CalculationError(.unknownLocality, "locality '\(id)' is not in the \(data.meta.taxYear) data\(hint)")
        }
        guard let code else {
            throw CalculationError(.localityNotInState, "locality \(id) (\(first.locality.name)) is in \(first.state): give the state, \(first.state)")
        }
        guard let match = found.first(where: { $0.state == code }) else {
            throw CalculationError(.localityNotInState, "locality \(id) (\(first.locality.name)) is in \(first.state), not in \(code)")
        }
        return match.locality
    }
}
