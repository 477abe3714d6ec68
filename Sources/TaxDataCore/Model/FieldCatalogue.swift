import Foundation

/// What a value is, and how `new-year` indexes it.
public struct FieldSpec: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// Dollars: deductions, limits, thresholds, bracket bounds. Never negative.
        case amount
        /// A fraction of something, in [0, 1): a tax rate, a share of a credit.
        case rate
        /// A share of another amount, never negative, which may exceed 1 (South Carolina's earned
        /// income credit is 125% of the federal one).
        case share
        /// Years of age.
        case age
        /// A number of people or rows (dependents, children).
        case count
        /// A name, a choice, a label, a date, a version, a flag.
        case text
        /// No row in `FieldCatalogue`: a field someone added to the model and not to the catalogue.
        case unclassified
    }

    /// Why a value follows from others of the same year (`check` enforces it as an error).
    public enum Derivation: Sendable, Equatable {
        /// A bracket floor: 0 first, then the previous ceiling.
        case floor
        /// A bracket's base tax, unless the law fixes it (`statutoryBaseTax`).
        case baseTax
        /// A maximum tax: rate × wage base, to the cent.
        case maxTax
        /// The federal earned income credit's maximum: phaseInRate × earnedAmount.
        case creditMaximum
    }

    public var kind: Kind
    public var indexing: Indexing?
    public var derivation: Derivation?

    public init(_ kind: Kind, indexing: Indexing? = nil, derived derivation: Derivation? = nil) {
        self.kind = kind
        self.indexing = indexing
        self.derivation = derivation
    }
}

/// How an amount indexed for inflation is rounded after multiplying it by (1 + index).
public struct Indexing: Sendable, Equatable {
    public var multiple: Decimal
    public var down: Bool
    /// The increase is rounded, not the total (IRC 402(g)(4), 414(v)(2)(C), 415(d)(4), 401(a)(17),
    /// 219(b)(5)(C), 223(g)(2): "any increase … which is not a multiple of $X shall be rounded to
    /// the next lowest multiple"), so an amount that is not itself a multiple never goes down.
    public var ofIncrease: Bool
    /// Only where the state declares `indexed: true`.
    public var onlyIndexedStates: Bool

    public static func nearest(_ multiple: Decimal) -> Indexing { Indexing(multiple: multiple, down: false, ofIncrease: false, onlyIndexedStates: false) }
    public static func down(_ multiple: Decimal) -> Indexing { Indexing(multiple: multiple, down: true, ofIncrease: false, onlyIndexedStates: false) }
    public static func increaseDown(_ multiple: Decimal) -> Indexing { Indexing(multiple: multiple, down: true, ofIncrease: true, onlyIndexedStates: false) }
    /// A state's amount, indexed when the state says so, to the dollar.
    public static let stateDollar = Indexing(multiple: 1, down: false, ofIncrease: false, onlyIndexedStates: true)

    public var label: String {
        let what = ofIncrease ? "increase " : ""
        return down ? "\(what)rounded down to a multiple of \(Money.text(multiple))" : "\(what)rounded to the nearest \(Money.text(multiple))"
    }

    /// `old` indexed by `factor` and rounded.
    public func apply(_ old: Decimal, factor: Decimal) -> Decimal {
        let indexed = old * factor
        guard ofIncrease else { return round(indexed) }
        return old + max(0, round(indexed - old))
    }

    private func round(_ value: Decimal) -> Decimal {
        var scaled = value / multiple, rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, down ? .down : .plain)
        return rounded * multiple
    }
}

/// One row per field of the model: what it is and how it is indexed. A path is looked up with
/// filing statuses written `*` and array positions `[]` (`federal/brackets.*[].ceiling`): first
/// with its statuses as they are (an exception for one status), then with `*`, then by its last
/// key alone for the fields that mean the same wherever they sit (`label`, `over`, `rate`).
public enum FieldCatalogue {
    /// Fields by where they sit: the indexed amounts (`taxdata new-year`), and exceptions to `byName`.
    static let rows: [String: FieldSpec] = written.merging(
        // A state's later withholding methods (`midYear`) have a method's fields, and their first day and date.
        written.filter { $0.key.hasPrefix("states/withholding.") }
            .map { ("states/withholding.midYear[]." + $0.key.dropFirst("states/withholding.".count), $0.value) }
            + [("states/withholding.midYear[].from", FieldSpec(.text)), ("states/withholding.midYear[].appliesBy", FieldSpec(.text))]
    ) { first, _ in first }

    private static let written: [String: FieldSpec] = [
        // Rev. Proc. tables: IRC 1(f)(6)(A) and 63(c)(4) round down to a multiple of $50.
        "federal/standardDeduction.*": FieldSpec(.amount, indexing: .down(50)),
        "federal/brackets.*[].ceiling": FieldSpec(.amount, indexing: .down(50)),
        // IRC 32(j)(2)(A): the earned income and phase-out amounts, to the nearest $10; the maximum
        // credit is phaseInRate × earnedAmount (the `eitc.*` rule holds it to the dollar).
        "federal/earnedIncomeCredit[].earnedAmount": FieldSpec(.amount, indexing: .nearest(10)),
        "federal/earnedIncomeCredit[].phaseOutStart.*": FieldSpec(.amount, indexing: .nearest(10)),
        "federal/earnedIncomeCredit[].maximum": FieldSpec(.amount, derived: .creditMaximum),
        // 42 U.S.C. 430(b)(2): the contribution and benefit base, to the nearest $300.
        "fica/socialSecurity.wageBase": FieldSpec(.amount, indexing: .nearest(300)),
        // IRC 402(g)(4), 414(v)(2)(C), 415(d)(4), 219(b)(5)(C), 408(p)(2)(E), 401(a)(17), 223(g)(2),
        // 408A(c)(3)(C): the increase rounded down to a multiple of the amount each section names.
        "retirement/401k.employeeLimit": FieldSpec(.amount, indexing: .increaseDown(500)),
        "retirement/401k.catchUpContribution": FieldSpec(.amount, indexing: .increaseDown(500)),
        "retirement/401k.enhancedCatchUp.contribution": FieldSpec(.amount, indexing: .increaseDown(500)),
        "retirement/401k.totalLimit": FieldSpec(.amount, indexing: .increaseDown(1000)),
        "retirement/403b.employeeLimit": FieldSpec(.amount, indexing: .increaseDown(500)),
        "retirement/403b.catchUpContribution": FieldSpec(.amount, indexing: .increaseDown(500)),
        "retirement/403b.enhancedCatchUp.contribution": FieldSpec(.amount, indexing: .increaseDown(500)),
        "retirement/403b.totalLimit": FieldSpec(.amount, indexing: .increaseDown(1000)),
        "retirement/457b.employeeLimit": FieldSpec(.amount, indexing: .increaseDown(500)),
        "retirement/457b.catchUpContribution": FieldSpec(.amount, indexing: .increaseDown(500)),
        "retirement/457b.enhancedCatchUp.contribution": FieldSpec(.amount, indexing: .increaseDown(500)),
        "retirement/457b.totalLimit": FieldSpec(.amount, indexing: .increaseDown(1000)),
        "retirement/ira.traditionalLimit": FieldSpec(.amount, indexing: .increaseDown(500)),
        "retirement/ira.rothLimit": FieldSpec(.amount, indexing: .increaseDown(500)),
        "retirement/ira.catchUpContribution": FieldSpec(.amount, indexing: .increaseDown(100)),
        "retirement/rothIncomePhaseout.*.start": FieldSpec(.amount, indexing: .increaseDown(1000)),
        "retirement/rothIncomePhaseout.*.end": FieldSpec(.amount, indexing: .increaseDown(1000)),
        // The married-filing-separately range ($0 to $10,000) is statutory: 408A(c)(3)(B)(iii).
        "retirement/rothIncomePhaseout.married_filing_separately.start": FieldSpec(.amount),
        "retirement/rothIncomePhaseout.married_filing_separately.end": FieldSpec(.amount),
        "retirement/simpleIra.employeeLimit": FieldSpec(.amount, indexing: .increaseDown(500)),
        "retirement/simpleIra.catchUpContribution": FieldSpec(.amount, indexing: .increaseDown(500)),
        "retirement/simpleIra.enhancedCatchUp.contribution": FieldSpec(.amount, indexing: .increaseDown(500)),
        "retirement/sepIra.limit": FieldSpec(.amount, indexing: .increaseDown(1000)),
        "retirement/sepIra.maxCompensation": FieldSpec(.amount, indexing: .increaseDown(5000)),
        "retirement/hsa.individual": FieldSpec(.amount, indexing: .increaseDown(50)),
        "retirement/hsa.family": FieldSpec(.amount, indexing: .increaseDown(50)),
        // A state that declares `indexed: true`: its standard deductions and bracket ceilings, to
        // the dollar (each state's own rounding is for the author to apply from its publication).
        "states/standardDeduction.*": FieldSpec(.amount, indexing: .stateDollar),
        "states/brackets.*[].ceiling": FieldSpec(.amount, indexing: .stateDollar),
        // A phase-out or an add-back reduces by a share of the income over its start, which may be
        // all of it (1: dollar for dollar).
        "states/phaseOuts[].rate": FieldSpec(.share),
        "states/phaseOuts[].rates.*": FieldSpec(.share),
        "states/phaseOutSchedules[].rate": FieldSpec(.share),
        "states/phaseOutSchedules[].rates.*": FieldSpec(.share),
        "states/taxAddBacks[].rate": FieldSpec(.share),
        "states/taxAddBacks[].rates.*": FieldSpec(.share),
        // Arkansas's tax-table row offset is a dollar adjustment, not a bound.
        "states/taxTable.rowOffsets[].offset": FieldSpec(.amount),
        // 1.12: a payroll contribution's identity, wage definition and dates; its employee share
        // and an amount per hour (dollars, with up to 6 decimals) are shares, never negative.
        "states/payrollContributions[].id": FieldSpec(.text),
        "states/payrollContributions[].wages": FieldSpec(.text),
        "states/payrollContributions[].inSDI": FieldSpec(.text),
        "states/payrollContributions[].effective.from": FieldSpec(.text),
        "states/payrollContributions[].effective.to": FieldSpec(.text),
        "states/payrollContributions[].employeeShare": FieldSpec(.share),
        "states/payrollContributions[].perHour": FieldSpec(.share),
        "states/preTaxTreatment.taxed[]": FieldSpec(.text),
        // 1.13: a locality's identity and its taxes' shape; local rates are checked by
        // `locality.rate` (so not twice, as `rate.range`), shares and credits likewise.
        "states/localities[].id": FieldSpec(.text),
        "states/localities[].taxes[].id": FieldSpec(.text),
        "states/localities[].taxes[].workplace": FieldSpec(.text),
        "states/localities[].taxes[].effective.from": FieldSpec(.text),
        "states/localities[].taxes[].effective.to": FieldSpec(.text),
        "states/localities[].taxes[].residentCredit.share": FieldSpec(.share),
        "states/localities[].taxes[].residentCredit.rateLimit": FieldSpec(.share),
        "states/localities[].taxes[].resident.base": FieldSpec(.text),
        "states/localities[].taxes[].resident.wages": FieldSpec(.text),
        "states/localities[].taxes[].resident.per": FieldSpec(.text),
        "states/localities[].taxes[].resident.rate": FieldSpec(.share),
        "states/localities[].taxes[].resident.brackets.*[].rate": FieldSpec(.share),
        "states/localities[].taxes[].resident.minimumWages": FieldSpec(.amount),
        "states/localities[].taxes[].nonresident.base": FieldSpec(.text),
        "states/localities[].taxes[].nonresident.wages": FieldSpec(.text),
        "states/localities[].taxes[].nonresident.per": FieldSpec(.text),
        "states/localities[].taxes[].nonresident.rate": FieldSpec(.share),
        "states/localities[].taxes[].nonresident.brackets.*[].rate": FieldSpec(.share),
        "states/localities[].taxes[].nonresident.minimumWages": FieldSpec(.amount),
        // 1.12: the poverty guideline a poverty level credit is measured against.
        "states/povertyLevelCredit.firstPerson": FieldSpec(.amount),
        "states/povertyLevelCredit.additionalPerson": FieldSpec(.amount),
        // 1.14: Publication 15-T, as printed each year (not indexed by rule: the IRS rebuilds the
        // tables from the year's brackets and standard deduction); its rates are checked by
        // `withholding.schedule` (so not twice, as `rate.range`).
        "federal/withholding.standard.*[].atLeast": FieldSpec(.amount),
        "federal/withholding.standard.*[].lessThan": FieldSpec(.amount),
        "federal/withholding.standard.*[].tentative": FieldSpec(.amount),
        "federal/withholding.standard.*[].rate": FieldSpec(.share),
        "federal/withholding.checkbox.*[].atLeast": FieldSpec(.amount),
        "federal/withholding.checkbox.*[].lessThan": FieldSpec(.amount),
        "federal/withholding.checkbox.*[].tentative": FieldSpec(.amount),
        "federal/withholding.checkbox.*[].rate": FieldSpec(.share),
        "federal/withholding.standardAllowance.married_filing_jointly": FieldSpec(.amount),
        "federal/withholding.standardAllowance.single": FieldSpec(.amount),
        "federal/withholding.standardAllowance.head_of_household": FieldSpec(.amount),
        "federal/withholding.allowance": FieldSpec(.amount),
        "federal/withholding.supplemental.rate": FieldSpec(.share),
        "federal/withholding.supplemental.mandatoryRate": FieldSpec(.share),
        "federal/withholding.supplemental.mandatoryThreshold": FieldSpec(.amount),
        // 1.14: a state's withholding method (its rates checked by `state.withholding`).
        "states/withholding.certificate[]": FieldSpec(.text),
        "states/withholding.standardDeduction.*": FieldSpec(.amount),
        "states/withholding.allowance": FieldSpec(.amount),
        "states/withholding.additionalAllowance": FieldSpec(.amount),
        "states/withholding.creditPerAllowance": FieldSpec(.amount),
        "states/withholding.rate": FieldSpec(.share),
        "states/withholding.electedRates[]": FieldSpec(.share),
        "states/withholding.federalFilingStatus": FieldSpec(.text),
        "states/withholding.standardDeductionPhaseOut.start.*": FieldSpec(.amount),
        "states/withholding.standardDeductionPhaseOut.rate.*": FieldSpec(.share),
        "states/withholding.allowanceWageLimit": FieldSpec(.amount),
        "states/withholding.personalAllowance.count.*": FieldSpec(.count),
        "states/withholding.personalAllowance.amount.*": FieldSpec(.amount),
        "states/withholding.perPeriod.floors": FieldSpec(.text),
        "states/withholding.perPeriod.dailyFloors": FieldSpec(.text),
        "states/withholding.perPeriod.allowanceTotals": FieldSpec(.text),
        "states/withholding.perPeriod.rows": FieldSpec(.text),
        "states/withholding.perPeriod.bases": FieldSpec(.text),
        "states/withholding.localBase": FieldSpec(.text),
        "states/withholding.exemptionAmountDefault.*": FieldSpec(.amount),
        "states/withholding.standardDeductionShare.rate": FieldSpec(.share),
        "states/withholding.standardDeductionShare.max": FieldSpec(.amount),
        "states/withholding.standardDeductionShare.minAllowances": FieldSpec(.count),
        "states/withholding.creditPhaseOut.amount.*": FieldSpec(.amount),
        "states/withholding.creditPhaseOut.start.*": FieldSpec(.amount),
        "states/withholding.creditPhaseOut.rate": FieldSpec(.rate),
        "states/withholding.wageFloor.*": FieldSpec(.amount),
        "states/withholding.standardDeductionPhaseOut.step.*": FieldSpec(.amount),
        "states/withholding.standardDeductionPhaseOut.minimum.*": FieldSpec(.amount),
        "states/withholding.federalWithholdingDeduction": FieldSpec(.text),
        "states/withholding.maxAllowances": FieldSpec(.count),
        "states/withholding.additionalAllowanceByWages[].through": FieldSpec(.amount),
        "states/withholding.additionalAllowanceByWages[].amount": FieldSpec(.amount),
        "states/withholding.byAllowances.*.atLeast": FieldSpec(.count),
        "states/withholding.byAllowances.*.counting": FieldSpec(.text),
        "states/withholding.byAllowances.*.standardDeduction": FieldSpec(.amount),
        "states/withholding.byAllowances.*.wageFloor": FieldSpec(.amount),
        "states/withholding.flatRateAbove.threshold.*": FieldSpec(.amount),
        // The printed per-period deductions, by frequency (the keys are the frequencies).
        "states/withholding.perPeriod.deductions.weekly.standardDeduction.*": FieldSpec(.amount),
        "states/withholding.perPeriod.deductions.biweekly.standardDeduction.*": FieldSpec(.amount),
        "states/withholding.perPeriod.deductions.semimonthly.standardDeduction.*": FieldSpec(.amount),
        "states/withholding.perPeriod.deductions.monthly.standardDeduction.*": FieldSpec(.amount),
        "states/withholding.perPeriod.deductions.quarterly.standardDeduction.*": FieldSpec(.amount),
        "states/withholding.perPeriod.deductions.semiannual.standardDeduction.*": FieldSpec(.amount),
        "states/withholding.perPeriod.deductions.annual.standardDeduction.*": FieldSpec(.amount),
        "states/withholding.perPeriod.deductions.daily.standardDeduction.*": FieldSpec(.amount),
        "states/withholding.perPeriod.deductions.weekly.allowance": FieldSpec(.amount),
        "states/withholding.perPeriod.deductions.biweekly.allowance": FieldSpec(.amount),
        "states/withholding.perPeriod.deductions.semimonthly.allowance": FieldSpec(.amount),
        "states/withholding.perPeriod.deductions.monthly.allowance": FieldSpec(.amount),
        "states/withholding.perPeriod.deductions.quarterly.allowance": FieldSpec(.amount),
        "states/withholding.perPeriod.deductions.semiannual.allowance": FieldSpec(.amount),
        "states/withholding.perPeriod.deductions.annual.allowance": FieldSpec(.amount),
        "states/withholding.perPeriod.deductions.daily.allowance": FieldSpec(.amount),
        "states/withholding.flatRateAbove.tiers[].atLeast": FieldSpec(.amount),
        "states/withholding.flatRateAbove.tiers[].rate": FieldSpec(.share),
        "states/withholding.brackets.*[].statutoryBaseTax": FieldSpec(.text),
        "states/withholding.brackets.*[].rate": FieldSpec(.share),
        "states/withholding.brackets.*[].floor": FieldSpec(.amount),
        "states/withholding.brackets.*[].ceiling": FieldSpec(.amount),
        "states/withholding.brackets.*[].baseTax": FieldSpec(.amount),
        "states/withholding.statusRateTable.*": FieldSpec(.text),
        "states/withholding.ficaDeduction.cap": FieldSpec(.amount),
        "states/withholding.federalWithholdingCap.*[].atLeast": FieldSpec(.amount),
        "states/withholding.federalWithholdingCap.*[].amount": FieldSpec(.amount),
        "states/withholding.allowanceWageLimitByStatus.*": FieldSpec(.amount),
        "states/withholding.lowWageAddition.below": FieldSpec(.amount),
        "states/withholding.lowWageAddition.amount": FieldSpec(.amount),
        "states/withholding.noCertificate.filingStatus": FieldSpec(.text),
        "states/withholding.noCertificate.allowances": FieldSpec(.count),
        "states/withholding.noCertificate.rateTable": FieldSpec(.text),
        "states/withholding.noCertificate.rate": FieldSpec(.rate),
        "states/withholding.localTableRates[]": FieldSpec(.rate),
        "states/withholding.standardDeductionShare.min": FieldSpec(.amount),
        "states/withholding.annualTaxRounding": FieldSpec(.text),
        "states/withholding.taxableLookup.step": FieldSpec(.amount),
        "states/withholding.taxableLookup.add": FieldSpec(.amount),
        "states/withholding.taxableLookup.below": FieldSpec(.amount),
        "states/withholding.standardDeductionPhaseOut.stepsFrom": FieldSpec(.text),
        "states/withholding.useLiability[]": FieldSpec(.text),
        "states/withholding.standardDeductionPhaseOut.rounding": FieldSpec(.text),
        "states/withholding.byAllowances.*.brackets": FieldSpec(.text),
        "states/withholding.periodDeductions": FieldSpec(.text),
        "states/withholding.periodWageFloor.amount": FieldSpec(.amount),
        "states/withholding.periodWageFloor.withAllowances": FieldSpec(.text),
        "states/withholding.periodCredits.byStatus.*": FieldSpec(.amount),
        "states/withholding.periodCredits.perAdditionalAllowance": FieldSpec(.amount),
        "states/withholding.dailyPeriods": FieldSpec(.count),
        "states/withholding.rounding": FieldSpec(.text),
        "states/withholding.pending": FieldSpec(.text),
    ].merging(PayFrequency.allCases.flatMap { frequency in
        ["table1", "table2"].map { ("federal/withholding.nonresidentAlien.\($0).\(frequency.rawValue)", FieldSpec(.amount)) }
            // A state's printed per-period tables, by frequency (the keys are the frequencies).
            + ["floor", "ceiling", "baseTax"].map { ("states/withholding.perPeriod.tables.\(frequency.rawValue).*[].\($0)", FieldSpec(.amount)) }
            + [("states/withholding.perPeriod.tables.\(frequency.rawValue).*[].rate", FieldSpec(.share)),
               ("states/withholding.perPeriod.tables.\(frequency.rawValue).*[].statutoryBaseTax", FieldSpec(.text))]
    }) { first, _ in first }

    /// Every beginning of a row's pattern that ends where a component does (`federal`,
    /// `federal/brackets`, `federal/brackets.*`, `federal/brackets.*[]`…): beyond them no row can
    /// match, so the walk stops spelling the pattern out (most of a state's values).
    static let prefixes: Set<String> = {
        var prefixes: Set<String> = []
        for pattern in rows.keys {
            prefixes.insert(pattern)
            for (offset, character) in pattern.enumerated() where "/.[".contains(character) {
                prefixes.insert(String(pattern.prefix(offset)))
            }
        }
        return prefixes
    }()

    /// Fields that mean the same wherever they sit, by their last key (a filing status skipped).
    static let byName: [String: FieldSpec] = {
        var names: [String: FieldSpec] = [:]
        for name in ["floor"] { names[name] = FieldSpec(.amount, derived: .floor) }
        for name in ["baseTax"] { names[name] = FieldSpec(.amount, derived: .baseTax) }
        for name in ["maxTax"] { names[name] = FieldSpec(.amount, derived: .maxTax) }
        for name in ["ceiling", "standardDeduction", "personalExemption", "personalCredit", "dependentExemption",
                     "dependentCredit", "refundableDependentCredit", "childExemption", "extraTax", "thresholds",
                     "threshold", "wageBase", "maxWeekly", "employeeLimit", "catchUpContribution", "contribution",
                     "totalLimit", "traditionalLimit", "rothLimit", "individual", "family", "limit", "maxCompensation",
                     "perChild", "perOtherDependent", "phaseOutAmount", "phaseOutStart", "phaseOutStep",
                     "earnedThreshold", "earnedAmount", "maximum", "minimum", "over", "upTo", "amount", "through",
                     "start", "end", "cap", "range", "size", "width", "base", "benefit", "below", "rowWidth", "from",
                     "atLeast", "perDependent", "incomeLimit"] {
            names[name] = FieldSpec(.amount)
        }
        for name in ["rate", "rates", "phaseInRate", "phaseOutRate", "additionalRate", "flatRate", "maxPercentage"] {
            names[name] = FieldSpec(.rate)
        }
        for name in ["share", "childlessShare", "refundableAlternative"] { names[name] = FieldSpec(.share) }
        for name in ["catchUpAge", "minAge", "maxAge"] { names[name] = FieldSpec(.age) }
        for name in ["children", "exceptFirst", "maxDependents", "dependents"] { names[name] = FieldSpec(.count) }
        for name in ["year", "name", "type", "notes", "provenance", "kind", "title", "url", "label", "method", "part",
                     "round", "measure", "on", "incomeBase", "lessRefundable", "indexed", "pending", "hasLocalTax",
                     "itemized", "inclusive", "statutoryBaseTax",
                     // A withholding code's (its name is the state's own: Connecticut's A-F).
                     "status", "exemption", "credit"] {
            names[name] = FieldSpec(.text)
        }
        return names
    }()

    /// The row for the value the walk is at, from the patterns it built on its way down. A
    /// state's row indexes only for a state that declares `indexed: true` (`fields()` decides).
    static func lookup(_ context: WalkContext) -> FieldSpec {
        if let row = context.literal.flatMap({ rows[$0] }) ?? context.wildcard.flatMap({ rows[$0] }) { return row }
        if let name = context.name, let row = byName[name] { return row }
        return FieldSpec(.unclassified)
    }

    static func documentName(_ document: DataPath.Document) -> String {
        switch document {
        case .year: "year"
        case .federal: "federal"
        case .fica: "fica"
        case .retirement: "retirement"
        case .state: "states"
        }
    }

    /// `federal/brackets.*[].ceiling`; `states/…` for every state.
    public static func pattern(_ path: DataPath, statuses wildcard: Bool) -> String {
        var text = documentName(path.document)
        var first = true
        for component in path.components {
            switch component {
            case .key(let name):
                let shown = wildcard && FilingStatus(rawValue: name) != nil ? "*" : name
                text += first ? "/\(shown)" : ".\(shown)"
            case .index:
                text += "[]"
            }
            first = false
        }
        return text
    }
}
