import Foundation

/// A state's withholding method (schema 1.14): what an employer withholds from each paycheck for
/// the state's income tax, by the state's own formula for computerized payroll, which is not the
/// liability computation (Virginia annualizes daily pay by 300; Illinois takes its allowances off
/// the wages and ignores the phase-out). The annualized percentage formula most states print:
///
/// 1. annual wages = the period's state wages × `periods` (daily: `dailyPeriods`, 260 unless set);
/// 2. less `standardDeduction` (by the certificate's filing status), `allowance` × allowances and
///    `additionalAllowance` × additional allowances;
/// 3. the tax of `brackets` (by status) or `rate` × that, less `creditPerAllowance` × allowances,
///    never below zero;
/// 4. divided by the periods, rounded (`rounding`: `cent` or `dollar`), plus the extra amount the
///    certificate asks for.
///
/// The certificate (Form IL-W-4, VA-4, …) has only the fields `certificate` lists; anything else is
/// refused, by name.
///
/// A state whose employees elect their rate (Arizona's Form A-4) lists the rates they may elect in
/// `electedRates`, and its certificate `electedRate`; `rate` is then the rate withheld when the
/// employee elected none (Arizona: 2.0 %). A state without a certificate of its own that takes the
/// filing status from the federal Form W-4 (North Dakota) says `federalFilingStatus: true`.
///
/// `standardDeductionPhaseOut` shrinks the standard deduction as the year's wages rise (Wisconsin:
/// less 12 % of the wages above 17,780 for single), never below zero; `allowanceWageLimit` takes
/// the allowances away entirely above that year's wages (Rhode Island: none above $290,800).
///
/// `personalAllowance` values the first allowances by the filing status (Kansas: the first is
/// $9,160, or for a joint K-4 the first two together $18,320; each further one `allowance`). An
/// employee's `exemptionAmount` is a yearly dollar amount the certificate claims (Mississippi's
/// Form 89-350), taken off like an allowance.
///
/// A state that prints a table for each pay period (`perPeriod`: Kansas, New Mexico) does not
/// annualize: each deduction is its yearly amount divided by the periods, to the cent; each
/// bracket's floor is divided and rounded as the state rounds it (`floors`, `dailyFloors`), its
/// base tax to the cent; and the period's wages are taxed by that table, a row applying to wages
/// over its floor. A flat `rate` is then the period's wages less the period's deductions, times it.
public struct StateWithholding: Sendable, Equatable, Codable {
    /// Items of `StateWithholding.certificateFields`, as strings so that the rule, not the decoder,
    /// refuses an unknown one.
    public var certificate: [String]
    public var standardDeduction: StatusTable<Decimal>?
    public var allowance: Decimal?
    public var additionalAllowance: Decimal?
    public var rate: Decimal?
    public var brackets: StatusTable<[Bracket]>?
    /// Named yearly schedules in place of `brackets`, one of which the certificate may choose
    /// (`rateTable`: New Jersey's NJ-W4 line 3, Rate Tables A-E); without a choice, the status's
    /// (`statusRateTable`: A for single, B for married filing jointly, …).
    public var rateTables: [String: [Bracket]]?
    public var statusRateTable: StatusTable<String>?
    public var creditPerAllowance: Decimal?
    /// The rates an employee may elect on the certificate (`electedRate`), `rate` among them.
    public var electedRates: [Decimal]?
    /// The filing status is the federal Form W-4's (Step 1(c)), not a state certificate's.
    public var federalFilingStatus: Bool?
    /// A linear phase-out of `standardDeduction` by the year's wages (wages × periods).
    public var standardDeductionPhaseOut: DeductionPhaseOut?
    /// Above these yearly wages, `allowance` counts for nothing.
    public var allowanceWageLimit: Decimal?
    /// The first allowances' value by filing status, in place of `allowance`.
    public var personalAllowance: PersonalAllowance?
    /// The state's tables are per pay period, derived from the yearly ones by this rounding.
    public var perPeriod: PerPeriod?
    /// A flat rate on the whole of high wages, in place of the tables (per-period methods only).
    public var flatRateAbove: FlatRateAbove?
    /// The yearly exemption in dollars when the certificate claims none (`exemptionAmount` absent),
    /// by filing status: Colorado's $5,000 / $10,000 by the federal W-4's status, which a DR 0004's
    /// amount replaces.
    public var exemptionAmountDefault: StatusTable<Decimal>?
    /// A standard deduction that is a share of the year's wages, at most `max`, and none with fewer
    /// than `minAllowances` allowances claimed (South Carolina: 10 %, at most $7,500, none at 0).
    public var standardDeductionShare: DeductionShare?

    /// A credit that shrinks as the wages rise, taken off the tax (per-period methods only).
    public var creditPhaseOut: CreditPhaseOut?
    /// No withholding (but the certificate's extra amount) when the year's wages are at or below
    /// this, by filing status (California's low-income exemption). Annualized methods only.
    public var wageFloor: StatusTable<Decimal>?
    /// Statuses whose figures change with the allowances claimed (California: married with two or
    /// more allowances takes the head of household's standard deduction and low-income exemption),
    /// keyed by the status's name. Annualized methods only.
    public var byAllowances: [String: AllowanceColumn]?

    /// `withholdingWages`: the state's localities that tax a rate of the state's taxable income are
    /// withheld at that rate of this method's taxable wages of the period (Indiana's counties,
    /// Departmental Notice #1: the county rate × the same wages less the deduction constants).
    /// A per-period method with a flat rate only.
    /// On a method on the year's wages, `withholdingWages` withholds each such locality at its rate
    /// of the year's taxable wages (the wages less the method's deductions), the state's and the
    /// localities' yearly tax over the periods rounded once: each locality's line is what its tax
    /// adds to the rounded total (Maryland's counties: the guide prints one combined rate).
    public var localBase: String?
    public static let localBases: [String] = ["withholdingWages"]
    /// The rates the state's tables print for the localities: a locality's rate is withheld at the
    /// least of them at or above it (Maryland: Carroll's 3.03 % at 3.05 %); above them all, as is.
    public var localTableRates: [Decimal]?
    /// The methods that replace this one during the year (Georgia from 2026-05-11, Ohio for periods
    /// ending from 2026-08-01), in order: each a whole method, graded and cited on its own.
    public var midYear: [Change]?

    /// What is withheld when the employee has given no certificate (`StateCertificate.onFile`
    /// false): as if they had filed the one it describes (Maryland: one exemption; New Jersey: Rate
    /// Table A, no allowance), or a flat rate of the period's state wages in place of the method
    /// (Oregon: 8 % under HB 2119).
    public var noCertificate: NoCertificate?

    /// The most allowances the certificate can claim (Louisiana's L-4: 0, 1 or 2; Alabama's A-4: the
    /// personal exemption, 0 or 1); more is refused, by name.
    public var maxAllowances: Int?

    /// Massachusetts' Circular M, on an annualized method: the Social Security and Medicare this
    /// paycheck withholds come off its wages first, no more than what is left of `cap` a year after
    /// the year to date's (`ficaDeduction`); the deductions come off the period's wages, each yearly
    /// amount's share rounded to the `cent` or `dollar`, before the year's wages are figured
    /// (`periodDeductions`: 4,400 / 52 = 85); nothing is withheld (but the extra amount) when the
    /// period's wages are below `periodWageFloor`'s share rounded as the deductions, with at least
    /// one allowance when it says so; and yearly credits come off the period's rounded tax, each
    /// its share to the cent (`periodCredits`: head of household 120 / 52 = 2.31, and 110 for each
    /// additional allowance, blindness).
    public var ficaDeduction: FicaDeduction?
    /// Oregon's formula, on an annualized method: the federal withholding taken off
    /// (`federalWithholdingDeduction`) is at most the amount of the last tier whose `atLeast` the
    /// year's wages reach, by status (`federalWithholdingCap`: $8,750, phased out from $125,000
    /// single); above `allowanceWageLimitByStatus[status]` yearly wages the certificate's allowances
    /// count as none (their deduction, their credit and `byAllowances` too); while the year's wages
    /// are below `lowWageAddition.below`, its amount is added to the year's tax ($263 under $50,000).
    public var federalWithholdingCap: StatusTable<[CapTier]>?
    public var allowanceWageLimitByStatus: StatusTable<Decimal>?
    public var lowWageAddition: LowWageAddition?

    public var periodDeductions: String?
    public var periodWageFloor: PeriodWageFloor?
    public var periodCredits: PeriodCredits?

    /// The paycheck's federal income tax withheld on its regular wages, times the periods, is taken
    /// off the year's wages (Alabama).
    public var federalWithholdingDeduction: Bool?
    /// Each additional allowance is worth the amount of the first tier whose `through` the year's
    /// wages do not pass (Alabama's dependents: $1,000 to $50,000, $500 to $100,000, $300 above).
    public var additionalAllowanceByWages: [WageTier]?

    /// The codes the certificate chooses the figures by (`withholdingCode`), in place of a filing
    /// status: Connecticut's CT-W4 A to F.
    public var withholdingCodes: [String: WithholdingCode]?
    /// The state's own liability steps this method applies on the year's wages, by the status the
    /// certificate gives: `taxAddBacks` added to the tax, then `taxCredit`'s share taken off it
    /// (Connecticut's TPG-211: Tables C, D and E are the return's).
    public var useLiability: [String]?
    public static let liabilitySteps: [String] = ["taxAddBacks", "taxCredit"]

    /// `dollar`: the year's tax is rounded to the dollar before it is divided by the periods (Maine,
    /// Arkansas). Methods on the year's wages only.
    public var annualTaxRounding: String?
    /// The year's taxable wages looked up by bands (Arkansas's "$50 midrange"): below `below`, the
    /// wages are taxed as floor(wages / step) x step + add. Methods on the year's wages only.
    public var taxableLookup: TaxableLookup?

    /// The periods a year of daily pay (260 unless the state says otherwise: Virginia and Delaware 300).
    public var dailyPeriods: Int?
    /// `cent` (the default) or `dollar`.
    public var rounding: String?
    public var provenance: Provenance?
    public var pending: String?
    /// Its publications (empty in the app form; `ProvenanceDocument.Entry.withholding`).
    public var sources: [Citation]
    /// Keys of the decoded method this build does not know: a newer minor's part of the method.
    /// The yearly schedule a paycheck is withheld by: the rate table the certificate elects, or
    /// the status's (`rateTables`), or the status's `brackets`.
    public func schedule(for status: FilingStatus, rateTable: String?) -> [Bracket]? {
        if let tables = rateTables { return (rateTable ?? statusRateTable?[status]).flatMap { tables[$0] } }
        return brackets?[status]
    }

    /// A per-period method's printed schedule for the frequency (`perPeriod.tables` or
    /// `perPeriod.rateTables`); nil when it prints none for it (then `printsTable(for:)` says
    /// whether the yearly one divided applies).
    public func printedSchedule(_ frequency: String, for status: FilingStatus, rateTable: String?) -> [Bracket]? {
        if let printed = perPeriod?.rateTables?[frequency] { return (rateTable ?? statusRateTable?[status]).flatMap { printed[$0] } }
        return perPeriod?.tables?[frequency]?[status]
    }

    /// Whether a per-period method has a table for the frequency: without printed tables every
    /// frequency has one (the yearly one divided); with them, the ones printed and annual pay.
    public func printsTable(for frequency: String) -> Bool {
        guard let perPeriod else { return true }
        if perPeriod.tables == nil && perPeriod.rateTables == nil { return true }
        return frequency == "annual" || perPeriod.tables?[frequency] != nil || perPeriod.rateTables?[frequency] != nil
    }

    /// A calculator must not compute a method it reads only in part (it would withhold a wrong
    /// amount without saying so), so it treats one with unread keys as not in the data, and says so.
    /// Never encoded.
    public var unreadKeys: [String] = []

    /// The fields a state's withholding certificate may have: a filing status, allowances (personal
    /// exemptions), additional allowances (Illinois line 2: age 65 or blind), an extra amount per
    /// paycheck, a yearly exemption amount in dollars (taken off the wages), a yearly credit in
    /// dollars (taken off the tax: Iowa's IA W-4 line 7), the rate table elected (New Jersey's NJ-W4
    /// line 3), and exemption from withholding.
    public static let certificateFields: [String] = ["filingStatus", "allowances", "additionalAllowances", "electedRate", "exemptionAmount",
                                                     "creditAmount", "rateTable", "extraWithholding", "exempt", "withholdingCode",
                                                     "reducedWithholding"]
    /// `dollarUp`: up to the next whole dollar (Montana's 2025 guide: "All amounts to be withheld must
    /// be rounded up to the nearest dollar").
    public static let roundings: [String] = ["cent", "dollar", "dollarUp"]
    public static let periodDeductionRoundings: [String] = ["cent", "dollar"]

    public init(certificate: [String], standardDeduction: StatusTable<Decimal>? = nil, allowance: Decimal? = nil, additionalAllowance: Decimal? = nil,
                rate: Decimal? = nil, brackets: StatusTable<[Bracket]>? = nil, rateTables: [String: [Bracket]]? = nil,
                statusRateTable: StatusTable<String>? = nil, creditPerAllowance: Decimal? = nil, electedRates: [Decimal]? = nil, federalFilingStatus: Bool? = nil,
                standardDeductionPhaseOut: DeductionPhaseOut? = nil, allowanceWageLimit: Decimal? = nil,
                personalAllowance: PersonalAllowance? = nil, perPeriod: PerPeriod? = nil, flatRateAbove: FlatRateAbove? = nil,
                exemptionAmountDefault: StatusTable<Decimal>? = nil, standardDeductionShare: DeductionShare? = nil, creditPhaseOut: CreditPhaseOut? = nil,
                wageFloor: StatusTable<Decimal>? = nil, byAllowances: [String: AllowanceColumn]? = nil,
                federalWithholdingDeduction: Bool? = nil, additionalAllowanceByWages: [WageTier]? = nil, maxAllowances: Int? = nil,
                ficaDeduction: FicaDeduction? = nil, periodDeductions: String? = nil, periodWageFloor: PeriodWageFloor? = nil,
                periodCredits: PeriodCredits? = nil, federalWithholdingCap: StatusTable<[CapTier]>? = nil,
                allowanceWageLimitByStatus: StatusTable<Decimal>? = nil, lowWageAddition: LowWageAddition? = nil,
                noCertificate: NoCertificate? = nil, localBase: String? = nil, localTableRates: [Decimal]? = nil, annualTaxRounding: String? = nil, taxableLookup: TaxableLookup? = nil,
                withholdingCodes: [String: WithholdingCode]? = nil, useLiability: [String]? = nil, midYear: [Change]? = nil, dailyPeriods: Int? = nil,
                rounding: String? = nil, provenance: Provenance? = nil, pending: String? = nil, sources: [Citation] = []) {
        self.certificate = certificate
        self.standardDeduction = standardDeduction
        self.allowance = allowance
        self.additionalAllowance = additionalAllowance
        self.rate = rate
        self.brackets = brackets
        self.rateTables = rateTables
        self.statusRateTable = statusRateTable
        self.creditPerAllowance = creditPerAllowance
        self.electedRates = electedRates
        self.federalFilingStatus = federalFilingStatus
        self.standardDeductionPhaseOut = standardDeductionPhaseOut
        self.allowanceWageLimit = allowanceWageLimit
        self.personalAllowance = personalAllowance
        self.perPeriod = perPeriod
        self.flatRateAbove = flatRateAbove
        self.exemptionAmountDefault = exemptionAmountDefault
        self.standardDeductionShare = standardDeductionShare
        self.creditPhaseOut = creditPhaseOut
        self.wageFloor = wageFloor
        self.byAllowances = byAllowances
        self.federalWithholdingDeduction = federalWithholdingDeduction
        self.additionalAllowanceByWages = additionalAllowanceByWages
        self.maxAllowances = maxAllowances
        self.ficaDeduction = ficaDeduction
        self.periodDeductions = periodDeductions
        self.periodWageFloor = periodWageFloor
        self.periodCredits = periodCredits
        self.federalWithholdingCap = federalWithholdingCap
        self.allowanceWageLimitByStatus = allowanceWageLimitByStatus
        self.lowWageAddition = lowWageAddition
        self.noCertificate = noCertificate
        self.localBase = localBase
        self.localTableRates = localTableRates
        self.annualTaxRounding = annualTaxRounding
        self.taxableLookup = taxableLookup
        self.withholdingCodes = withholdingCodes
        self.useLiability = useLiability
        self.midYear = midYear
        self.dailyPeriods = dailyPeriods
        self.rounding = rounding
        self.provenance = provenance
        self.pending = pending
        self.sources = sources
    }

    enum CodingKeys: String, CodingKey {
        case certificate, standardDeduction, allowance, additionalAllowance, rate, brackets, rateTables, statusRateTable, creditPerAllowance, electedRates, federalFilingStatus, standardDeductionPhaseOut, allowanceWageLimit, personalAllowance, perPeriod, flatRateAbove, exemptionAmountDefault, standardDeductionShare, creditPhaseOut, wageFloor, byAllowances, federalWithholdingDeduction, additionalAllowanceByWages, maxAllowances, ficaDeduction, periodDeductions, periodWageFloor, periodCredits, federalWithholdingCap, allowanceWageLimitByStatus, lowWageAddition, noCertificate, localBase, localTableRates, annualTaxRounding, taxableLookup, withholdingCodes, useLiability, midYear, dailyPeriods, rounding,
             provenance, pending, sources
    }

    /// Any key of the method's object, to find the ones `CodingKeys` lacks.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // The keys this build does not know, at the top and inside the parts that have keys of their own.
        let any = try decoder.container(keyedBy: AnyKey.self)
        var unread = any.allKeys.map(\.stringValue).filter { CodingKeys(stringValue: $0) == nil }
        let parts: [(String, Set<String>)] = [("perPeriod", ["floors", "dailyFloors", "allowanceTotals", "rows", "deductions", "bases", "tables", "rateTables"]),
                                              ("personalAllowance", ["count", "amount"]), ("flatRateAbove", ["threshold", "tiers"]),
                                              ("standardDeductionPhaseOut", ["start", "rate", "step", "minimum", "rounding", "stepsFrom"]),
                                              ("standardDeductionShare", ["rate", "max", "minAllowances", "min"]),
                                              ("creditPhaseOut", ["amount", "start", "rate"]), ("ficaDeduction", ["cap"]),
                                              ("periodWageFloor", ["amount", "withAllowances"]), ("periodCredits", ["byStatus", "perAdditionalAllowance"]), ("lowWageAddition", ["below", "amount"]), ("taxableLookup", ["step", "add", "below"]),
                                              ("noCertificate", ["filingStatus", "allowances", "rateTable", "rate"])]
        for (part, known) in parts {
            guard any.contains(AnyKey(stringValue: part)), let inner = try? any.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: part)) else { continue }
            unread += inner.allKeys.map(\.stringValue).filter { !known.contains($0) }.map { "\(part).\($0)" }
        }
        // Lists of objects: each item's keys.
        for (list, part, known) in [("additionalAllowanceByWages", nil as String?, Set(["through", "amount"])), ("tiers", "flatRateAbove", Set(["atLeast", "rate"]))] {
            var container = any
            if let part {
                guard any.contains(AnyKey(stringValue: part)), let inner = try? any.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: part)) else { continue }
                container = inner
            }
            guard container.contains(AnyKey(stringValue: list)), var items = try? container.nestedUnkeyedContainer(forKey: AnyKey(stringValue: list)) else { continue }
            let name = part.map { "\($0).\(list)" } ?? list
            while !items.isAtEnd {
                guard let item = try? items.nestedContainer(keyedBy: AnyKey.self) else { break }
                unread += item.allKeys.map(\.stringValue).filter { !known.contains($0) }.map { "\(name)[].\($0)" }
            }
        }
        // byAllowances: a map of statuses, each with keys of its own.
        if any.contains(AnyKey(stringValue: "byAllowances")), let statuses = try? any.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "byAllowances")) {
            for status in statuses.allKeys {
                guard let inner = try? statuses.nestedContainer(keyedBy: AnyKey.self, forKey: status) else { continue }
                unread += inner.allKeys.map(\.stringValue).filter { !["atLeast", "counting", "standardDeduction", "wageFloor", "brackets"].contains($0) }
                    .map { "byAllowances.\(status.stringValue).\($0)" }
            }
        }
        // withholdingCodes: a map of codes, each with keys of its own.
        if any.contains(AnyKey(stringValue: "withholdingCodes")), let codes = try? any.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "withholdingCodes")) {
            for code in codes.allKeys {
                guard let inner = try? codes.nestedContainer(keyedBy: AnyKey.self, forKey: code) else { continue }
                unread += inner.allKeys.map(\.stringValue).filter { !["status", "exemption", "credit"].contains($0) }
                    .map { "withholdingCodes.\(code.stringValue).\($0)" }
            }
        }
        // useLiability: names a newer build may add.
        if let steps = try? c.decodeIfPresent([String].self, forKey: .useLiability) {
            unread += steps.filter { !StateWithholding.liabilitySteps.contains($0) }.map { "useLiability.\($0)" }
        }
        // federalWithholdingCap: a map of statuses, each a list of tiers (or a sameAs).
        if any.contains(AnyKey(stringValue: "federalWithholdingCap")),
           let statuses = try? any.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "federalWithholdingCap")) {
            for status in statuses.allKeys {
                guard var items = try? statuses.nestedUnkeyedContainer(forKey: status) else { continue }
                while !items.isAtEnd {
                    guard let item = try? items.nestedContainer(keyedBy: AnyKey.self) else { break }
                    unread += item.allKeys.map(\.stringValue).filter { !["atLeast", "amount"].contains($0) }
                        .map { "federalWithholdingCap.\(status.stringValue)[].\($0)" }
                }
            }
        }
        unreadKeys = unread.sorted()
        certificate = try c.decode([String].self, forKey: .certificate)
        standardDeduction = try c.decodeIfPresent(StatusTable<Decimal>.self, forKey: .standardDeduction)
        allowance = try c.decodeIfPresent(Decimal.self, forKey: .allowance)
        additionalAllowance = try c.decodeIfPresent(Decimal.self, forKey: .additionalAllowance)
        rate = try c.decodeIfPresent(Decimal.self, forKey: .rate)
        brackets = try c.decodeIfPresent(StatusTable<[Bracket]>.self, forKey: .brackets)
        rateTables = try c.decodeIfPresent([String: [Bracket]].self, forKey: .rateTables)
        statusRateTable = try c.decodeIfPresent(StatusTable<String>.self, forKey: .statusRateTable)
        creditPerAllowance = try c.decodeIfPresent(Decimal.self, forKey: .creditPerAllowance)
        electedRates = try c.decodeIfPresent([Decimal].self, forKey: .electedRates)
        federalFilingStatus = try c.decodeIfPresent(Bool.self, forKey: .federalFilingStatus)
        standardDeductionPhaseOut = try c.decodeIfPresent(DeductionPhaseOut.self, forKey: .standardDeductionPhaseOut)
        allowanceWageLimit = try c.decodeIfPresent(Decimal.self, forKey: .allowanceWageLimit)
        personalAllowance = try c.decodeIfPresent(PersonalAllowance.self, forKey: .personalAllowance)
        perPeriod = try c.decodeIfPresent(PerPeriod.self, forKey: .perPeriod)
        flatRateAbove = try c.decodeIfPresent(FlatRateAbove.self, forKey: .flatRateAbove)
        exemptionAmountDefault = try c.decodeIfPresent(StatusTable<Decimal>.self, forKey: .exemptionAmountDefault)
        standardDeductionShare = try c.decodeIfPresent(DeductionShare.self, forKey: .standardDeductionShare)
        creditPhaseOut = try c.decodeIfPresent(CreditPhaseOut.self, forKey: .creditPhaseOut)
        wageFloor = try c.decodeIfPresent(StatusTable<Decimal>.self, forKey: .wageFloor)
        federalWithholdingDeduction = try c.decodeIfPresent(Bool.self, forKey: .federalWithholdingDeduction)
        additionalAllowanceByWages = try c.decodeIfPresent([WageTier].self, forKey: .additionalAllowanceByWages)
        maxAllowances = try c.decodeIfPresent(Int.self, forKey: .maxAllowances)
        ficaDeduction = try c.decodeIfPresent(FicaDeduction.self, forKey: .ficaDeduction)
        periodDeductions = try c.decodeIfPresent(String.self, forKey: .periodDeductions)
        periodWageFloor = try c.decodeIfPresent(PeriodWageFloor.self, forKey: .periodWageFloor)
        periodCredits = try c.decodeIfPresent(PeriodCredits.self, forKey: .periodCredits)
        federalWithholdingCap = try c.decodeIfPresent(StatusTable<[CapTier]>.self, forKey: .federalWithholdingCap)
        allowanceWageLimitByStatus = try c.decodeIfPresent(StatusTable<Decimal>.self, forKey: .allowanceWageLimitByStatus)
        lowWageAddition = try c.decodeIfPresent(LowWageAddition.self, forKey: .lowWageAddition)
        noCertificate = try c.decodeIfPresent(NoCertificate.self, forKey: .noCertificate)
        byAllowances = try c.decodeIfPresent([String: AllowanceColumn].self, forKey: .byAllowances)
        localBase = try c.decodeIfPresent(String.self, forKey: .localBase)
        localTableRates = try c.decodeIfPresent([Decimal].self, forKey: .localTableRates)
        annualTaxRounding = try c.decodeIfPresent(String.self, forKey: .annualTaxRounding)
        taxableLookup = try c.decodeIfPresent(TaxableLookup.self, forKey: .taxableLookup)
        withholdingCodes = try c.decodeIfPresent([String: WithholdingCode].self, forKey: .withholdingCodes)
        useLiability = try c.decodeIfPresent([String].self, forKey: .useLiability)
        midYear = try c.decodeIfPresent([Change].self, forKey: .midYear)
        dailyPeriods = try c.decodeIfPresent(Int.self, forKey: .dailyPeriods)
        rounding = try c.decodeIfPresent(String.self, forKey: .rounding)
        provenance = try c.decodeIfPresent(Provenance.self, forKey: .provenance)
        pending = try c.decodeIfPresent(String.self, forKey: .pending)
        sources = try c.decodeIfPresent([Citation].self, forKey: .sources) ?? []
    }

    /// `sources` is left out when empty (the app form).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(certificate, forKey: .certificate)
        try c.encodeIfPresent(standardDeduction, forKey: .standardDeduction)
        try c.encodeIfPresent(allowance, forKey: .allowance)
        try c.encodeIfPresent(additionalAllowance, forKey: .additionalAllowance)
        try c.encodeIfPresent(rate, forKey: .rate)
        try c.encodeIfPresent(brackets, forKey: .brackets)
        try c.encodeIfPresent(rateTables, forKey: .rateTables)
        try c.encodeIfPresent(statusRateTable, forKey: .statusRateTable)
        try c.encodeIfPresent(creditPerAllowance, forKey: .creditPerAllowance)
        try c.encodeIfPresent(electedRates, forKey: .electedRates)
        try c.encodeIfPresent(federalFilingStatus, forKey: .federalFilingStatus)
        try c.encodeIfPresent(standardDeductionPhaseOut, forKey: .standardDeductionPhaseOut)
        try c.encodeIfPresent(allowanceWageLimit, forKey: .allowanceWageLimit)
        try c.encodeIfPresent(personalAllowance, forKey: .personalAllowance)
        try c.encodeIfPresent(perPeriod, forKey: .perPeriod)
        try c.encodeIfPresent(flatRateAbove, forKey: .flatRateAbove)
        try c.encodeIfPresent(exemptionAmountDefault, forKey: .exemptionAmountDefault)
        try c.encodeIfPresent(standardDeductionShare, forKey: .standardDeductionShare)
        try c.encodeIfPresent(creditPhaseOut, forKey: .creditPhaseOut)
        try c.encodeIfPresent(wageFloor, forKey: .wageFloor)
        try c.encodeIfPresent(federalWithholdingDeduction, forKey: .federalWithholdingDeduction)
        try c.encodeIfPresent(additionalAllowanceByWages, forKey: .additionalAllowanceByWages)
        try c.encodeIfPresent(maxAllowances, forKey: .maxAllowances)
        try c.encodeIfPresent(ficaDeduction, forKey: .ficaDeduction)
        try c.encodeIfPresent(periodDeductions, forKey: .periodDeductions)
        try c.encodeIfPresent(periodWageFloor, forKey: .periodWageFloor)
        try c.encodeIfPresent(periodCredits, forKey: .periodCredits)
        try c.encodeIfPresent(federalWithholdingCap, forKey: .federalWithholdingCap)
        try c.encodeIfPresent(allowanceWageLimitByStatus, forKey: .allowanceWageLimitByStatus)
        try c.encodeIfPresent(lowWageAddition, forKey: .lowWageAddition)
        try c.encodeIfPresent(noCertificate, forKey: .noCertificate)
        try c.encodeIfPresent(byAllowances, forKey: .byAllowances)
        try c.encodeIfPresent(localBase, forKey: .localBase)
        try c.encodeIfPresent(localTableRates, forKey: .localTableRates)
        try c.encodeIfPresent(annualTaxRounding, forKey: .annualTaxRounding)
        try c.encodeIfPresent(taxableLookup, forKey: .taxableLookup)
        try c.encodeIfPresent(withholdingCodes, forKey: .withholdingCodes)
        try c.encodeIfPresent(useLiability, forKey: .useLiability)
        try c.encodeIfPresent(midYear, forKey: .midYear)
        try c.encodeIfPresent(dailyPeriods, forKey: .dailyPeriods)
        try c.encodeIfPresent(rounding, forKey: .rounding)
        try c.encodeIfPresent(provenance, forKey: .provenance)
        try c.encodeIfPresent(pending, forKey: .pending)
        if !sources.isEmpty { try c.encode(sources, forKey: .sources) }
    }
}
