import Foundation
import TaxDataCore

/// The same paycheck as `PaycheckCalculator`, compiled for bulk use: a year's withholding tables
/// are turned into fixed-point form once, and each paycheck is integer arithmetic with no
/// allocation (money in cents, rates in millionths, products in 10⁻⁶ cent, as `FixedPointCalculator`).
///
/// `PaycheckCalculator` (exact `Decimal`) is the reference and the one that explains itself with
/// notes; this one gives the same amounts to the cent (the tests compare the two over every
/// frequency, Form W-4, state method and certificate), for a chart of take-home pay over a range of
/// wages, a what-if sweep or a server.
///
/// ```swift
/// let fast = try FixedPaycheckCalculator(data: year)
/// var input = try FixedPaycheckCalculator.Input(PaycheckInput(frequency: .biweekly, wages: 3000,
///                                              w4: FormW4(filingStatus: .single), state: "IL"), calculator: fast)
/// fast.calculate(input).netPayCents
/// input.wagesCents = 320_000        // another paycheck, same W-4 and certificate
/// ```
public struct FixedPaycheckCalculator: Sendable {
    /// One row of a Pub 15-T annual schedule: cents at least, tentative amount in units, rate.
    struct Row: Sendable {
        var atLeast: Int64
        var tentativeUnits: Int64
        var rate: Int64
    }

    /// A payroll contribution, compiled: the employee's rate in 10⁻¹² (rate × share, both in
    /// millionths) of the wages its definition names, up to the wage base, at most the weekly
    /// maximum for the weeks of the period.
    struct Contribution: Sendable {
        /// 0 gross, 1 FICA (Medicare) wages, 2 the state's wages.
        var wages: UInt8
        var rate: Int64
        /// Cents; `.max` when uncapped.
        var wageBase: Int64
        /// Cents; -1 when none.
        var maxWeekly: Int64
    }

    enum StateKind: Sendable {
        case noTax
        case noMethod
        case method(StateMethod)
        /// A method that changes during the year: the first, then each `midYear` one
        /// (`Input.methodIndex` says which a paycheck's dates choose).
        case changing([StateMethod])
    }

    /// A state of this year's data, looked up once by USPS code.
    public struct StateID: Sendable, Hashable {
        let index: Int
    }

    let taxYear: Int
    /// Per W-4 column (married filing jointly, single, head of household): STANDARD and Step 2 Checkbox schedules.
    let standard: [[Row]], checkbox: [[Row]]
    let standardAllowance: [Int64]
    let allowance: Int64
    /// Per frequency (`PayFrequency.allCases` order), cents; empty when the year has none.
    let nonresidentTable1: [Int64], nonresidentTable2: [Int64]
    let supplementalRate: Int64, mandatoryRate: Int64, mandatoryThreshold: Int64
    let ssRate: Int64, ssWageBase: Int64, medicareRate: Int64, additionalRate: Int64
    let additionalThreshold: Int64
    let codes: [String]
    let states: [StateKind]
    /// Per state (by `StateID`), its payroll contributions a paycheck computes.
    let contributions: [[Contribution]]
    /// Per state, the pre-tax kinds it taxes (bit `kindBit`), for its wages: its withholding and its contributions.
    let taxedKinds: [UInt8]
    /// The methods as the data gives them (the certificates are checked against these).
    let methods: [String: StateWithholding]

    public init(data: TaxYearData) throws {
        guard let method = data.federal.withholding else {
            throw CalculationError(.dataUnusable, "the \(data.meta.taxYear) data has no federal withholding (Publication 15-T, schema 1.14)")
        }
        func cents(_ value: Decimal, _ what: String) throws -> Int64 { try FixedPoint.requireCents(value, what) }
        func rate(_ value: Decimal, _ what: String) throws -> Int64 { try FixedPoint.requireRate(value, what) }
        func rows(_ schedule: [WithholdingRow], _ what: String) throws -> [Row] {
            try schedule.map { row in
                Row(atLeast: try cents(row.atLeast, "\(what) atLeast"), tentativeUnits: try cents(row.tentative, "\(what) tentative") * FixedPoint.unitsPerCent,
                    rate: try rate(row.rate, "\(what) rate"))
            }
        }
        let columns: [FilingStatus] = [.marriedFilingJointly, .single, .headOfHousehold]
        taxYear = data.meta.taxYear
        standard = try columns.map { try rows(method.standard[$0], "standard \($0.rawValue)") }
        checkbox = try columns.map { try rows(method.checkbox[$0], "checkbox \($0.rawValue)") }
        standardAllowance = try columns.map { try cents(method.standardAllowance[$0], "standardAllowance") }
        allowance = try cents(method.allowance, "allowance")
        nonresidentTable1 = try method.nonresidentAlien.map { tables in try PayFrequency.allCases.map { try cents(tables.table1[$0.rawValue] ?? 0, "table1") } } ?? []
        nonresidentTable2 = try method.nonresidentAlien.map { tables in try PayFrequency.allCases.map { try cents(tables.table2[$0.rawValue] ?? 0, "table2") } } ?? []
        supplementalRate = try rate(method.supplemental.rate, "supplemental rate")
        mandatoryRate = try rate(method.supplemental.mandatoryRate, "mandatory rate")
        mandatoryThreshold = try cents(method.supplemental.mandatoryThreshold, "mandatory threshold")
        ssRate = try rate(data.fica.socialSecurity.rate, "Social Security rate")
        ssWageBase = try cents(data.fica.socialSecurity.wageBase, "wage base")
        medicareRate = try rate(data.fica.medicare.rate, "Medicare rate")
        additionalRate = try rate(data.fica.medicare.additionalRate, "Additional Medicare rate")
        additionalThreshold = try cents(PaycheckCalculator.additionalMedicareWithholdingThreshold, "threshold")
        codes = data.states.keys.sorted()
        methods = data.states.compactMapValues(\.withholding)
        let year = data.meta.taxYear
        contributions = try codes.map { code in
            try data.states[code]!.contributionsInForce.compactMap { c -> Contribution? in
                guard let wages = WageDefinition(rawValue: c.wages), wages != .hours, c.perHour == nil else { return nil }
                let (before, last) = c.days(in: year)
                guard before == 0, last == YearDays.count(year) else { return nil }
                let what = "\(code) \(c.id)"
                return Contribution(wages: wages == .gross ? 0 : wages == .fica ? 1 : 2,
                                    rate: try rate(c.rate ?? 0, what) * (try rate(c.employeeShare ?? 1, "\(what) employee share")),
                                    wageBase: try c.wageBase.map { try cents($0, "\(what) wage base") } ?? .max,
                                    maxWeekly: try c.maxWeekly.map { try cents($0, "\(what) weekly maximum") } ?? -1)
            }
        }
        taxedKinds = codes.map { code in
            var taxed: UInt8 = 0
            for kind in data.states[code]!.preTaxTreatment?.taxed ?? [] {
                if let bit = PreTaxKind(rawValue: kind).map(Self.kindBit) { taxed |= bit }
                if kind == PreTaxKind.hsa.rawValue { taxed |= Self.kindBit(.hsaSelf) }
            }
            return taxed
        }
        states = try codes.map { code in
            let state = data.states[code]!
            if state.type == .noTax { return .noTax }
            guard let method = state.withholding, method.unreadKeys.isEmpty else { return .noMethod }
            guard let changes = method.midYear, !changes.isEmpty else { return .method(try Self.compile(method, code: code, state: state, year: year)) }
            // A later method this build cannot read in full makes the state's withholding unknown from then on: none is computed.
            guard changes.allSatisfy({ $0.method.unreadKeys.isEmpty }) else { return .noMethod }
            return .changing(try ([method] + changes.map(\.method)).map { try Self.compile($0, code: code, state: state, year: year) })
        }
    }

    /// One withholding method compiled to integers, with the liability steps it uses from `state`.
    static func compile(_ method: StateWithholding, code: String, state: StateData, year: Int) throws -> StateMethod {
        let steps = method.useLiability ?? []
        let compiler = FixedTableCompiler(year: year, code: code)
        return try compile(method, code: code,
                           addBacks: steps.contains("taxAddBacks") ? try (state.taxAddBacks ?? []).map(compiler.addBack) : [],
                           creditRows: steps.contains("taxCredit") ? try state.taxCredit.map { try compiler.rows($0.table, "tax credit") } : nil)
    }

    /// One withholding method compiled to integers.
    static func compile(_ method: StateWithholding, code: String, addBacks: [FixedAddBack] = [], creditRows: [[FixedRow]]? = nil) throws -> StateMethod {
        func cents(_ value: Decimal, _ what: String) throws -> Int64 { try FixedPoint.requireCents(value, what) }
        func rate(_ value: Decimal, _ what: String) throws -> Int64 { try FixedPoint.requireRate(value, what) }
        func schedule(_ rows: [Bracket]) throws -> FixedSchedule {
            FixedSchedule(brackets: try rows.map { bracket in
                guard let base = Self.units(bracket.baseTax) else {
                    throw CalculationError.dataUnusable("\(code) withholding baseTax \(Money.text(bracket.baseTax)) is finer than 10⁻⁸ dollar")
                }
                return FixedBracket(floor: try cents(bracket.floor, "\(code) withholding floor"), rate: try rate(bracket.rate, "\(code) withholding rate"),
                                    baseUnits: base)
            })
        }
        // The schedules: by status, or by rate table name (sorted), with each status's table.
        let brackets: [FixedSchedule], scheduleForStatus: [Int]
        if let tables = method.rateTables {
            let names = tables.keys.sorted()
            brackets = try names.map { try schedule(tables[$0] ?? []) }
            scheduleForStatus = Self.statusOrder.map { status in method.statusRateTable?[status].flatMap { names.firstIndex(of: $0) } ?? 0 }
        } else {
            brackets = try method.brackets.map { table in try Self.statusOrder.map { try schedule(table[$0] ?? []) } } ?? []
            scheduleForStatus = Array(Self.statusOrder.indices)
        }
        return StateMethod(scheduleForStatus: scheduleForStatus,
            deduction: try FilingStatus.allCases.sorted { Self.statusIndex($0) < Self.statusIndex($1) }
                .map { try cents(method.standardDeduction?[$0] ?? 0, "\(code) withholding standardDeduction") },
            allowance: try cents(method.allowance ?? 0, "\(code) withholding allowance"),
            additional: try cents(method.additionalAllowance ?? 0, "\(code) withholding additionalAllowance"),
            credit: try cents(method.creditPerAllowance ?? 0, "\(code) withholding creditPerAllowance"),
            rate: try method.rate.map { try rate($0, "\(code) withholding rate") } ?? -1,
            brackets: brackets, dailyPeriods: Int64(method.dailyPeriods ?? PayFrequency.daily.periods),
            dollar: method.rounding == "dollar", dollarUp: method.rounding == "dollarUp", annualDollar: method.annualTaxRounding == "dollar",
            phaseOutDollar: method.standardDeductionPhaseOut?.rounding == "dollar", federalStatus: method.federalFilingStatus == true,
            phaseOutStart: try FilingStatus.allCases.sorted { Self.statusIndex($0) < Self.statusIndex($1) }.map { status in
                try method.standardDeductionPhaseOut?.start[status].map { try cents($0, "\(code) withholding phase-out start") } ?? .max
            },
            phaseOutRate: try FilingStatus.allCases.sorted { Self.statusIndex($0) < Self.statusIndex($1) }.map { status in
                try method.standardDeductionPhaseOut?.rate[status].map { try rate($0, "\(code) withholding phase-out rate") } ?? 0
            },
            allowanceWageLimit: try method.allowanceWageLimit.map { try cents($0, "\(code) withholding allowanceWageLimit") } ?? .max,
            personalCount: Self.statusOrder.map { Int64(method.personalAllowance?.count[$0] ?? 0) },
            personalAmount: try Self.statusOrder.map { try cents(method.personalAllowance?.amount[$0] ?? 0, "\(code) withholding personalAllowance") },
            tables: try method.perPeriod.map { try Self.periodTables($0, method, brackets: brackets, code: code) },
            exemptionDefault: try Self.statusOrder.map { try cents(method.exemptionAmountDefault?[$0] ?? 0, "\(code) withholding exemptionAmountDefault") },
            shareRate: try method.standardDeductionShare.map { try rate($0.rate, "\(code) withholding standardDeductionShare rate") } ?? -1,
            shareMax: try cents(method.standardDeductionShare?.max ?? 0, "\(code) withholding standardDeductionShare max"),
            shareMinAllowances: Int64(method.standardDeductionShare?.minAllowances ?? 0),
            shareMin: try cents(method.standardDeductionShare?.min ?? 0, "\(code) withholding standardDeductionShare min"),
            wageFloor: try Self.statusOrder.map { status in try method.wageFloor?[status].map { try cents($0, "\(code) withholding wageFloor") } ?? -1 },
            columnAtLeast: Self.statusOrder.map { method.byAllowances?[$0.rawValue].map { Int64($0.atLeast) } ?? .max },
            columnCountsAll: Self.statusOrder.map { method.byAllowances?[$0.rawValue]?.counting == "allAllowances" },
            columnDeduction: try Self.statusOrder.map { status in
                try method.byAllowances?[status.rawValue]?.standardDeduction.map { try cents($0, "\(code) withholding byAllowances") } ?? -1
            },
            columnFloor: try Self.statusOrder.map { status in
                try method.byAllowances?[status.rawValue]?.wageFloor.map { try cents($0, "\(code) withholding byAllowances") } ?? -1
            },
            phaseOutStep: try Self.statusOrder.map { try cents(method.standardDeductionPhaseOut?.step?[$0] ?? 0, "\(code) withholding phase-out step") },
            phaseOutMinimum: try Self.statusOrder.map { try cents(method.standardDeductionPhaseOut?.minimum?[$0] ?? 0, "\(code) withholding phase-out minimum") },
            federalDeduction: method.federalWithholdingDeduction == true,
            tierThrough: try (method.additionalAllowanceByWages ?? []).map { tier in try tier.through.map { try cents($0, "\(code) withholding tier") } ?? .max },
            tierAmount: try (method.additionalAllowanceByWages ?? []).map { try cents($0.amount, "\(code) withholding tier") },
            ficaCap: try method.ficaDeduction.map { try cents($0.cap, "\(code) withholding ficaDeduction cap") } ?? -1,
            periodStep: method.periodDeductions == "dollar" ? 100 : method.periodDeductions == nil ? 0 : 1,
            floorAmount: try method.periodWageFloor.map { try cents($0.amount, "\(code) withholding periodWageFloor") } ?? -1,
            floorWithAllowances: method.periodWageFloor?.withAllowances == true,
            creditByStatus: try Self.statusOrder.map { try cents(method.periodCredits?.byStatus?[$0.rawValue] ?? 0, "\(code) withholding periodCredits") },
            creditPerAdditional: try cents(method.periodCredits?.perAdditionalAllowance ?? 0, "\(code) withholding periodCredits"),
            allowanceLimit: try Self.statusOrder.map { status in
                try method.allowanceWageLimitByStatus?[status].map { try cents($0, "\(code) withholding allowanceWageLimitByStatus") } ?? .max
            },
            columnSchedule: Self.statusOrder.map { status in
                method.byAllowances?[status.rawValue]?.brackets.flatMap(FilingStatus.init(rawValue:)).map(Self.statusIndex) ?? -1
            },
            capAtLeast: try Self.statusOrder.map { status in try (method.federalWithholdingCap?[status] ?? []).map { try cents($0.atLeast, "\(code) withholding cap") } },
            capAmount: try Self.statusOrder.map { status in try (method.federalWithholdingCap?[status] ?? []).map { try cents($0.amount, "\(code) withholding cap") } },
            lowWageBelow: try method.lowWageAddition.map { try cents($0.below, "\(code) withholding lowWageAddition") } ?? -1,
            lowWageAmount: try cents(method.lowWageAddition?.amount ?? 0, "\(code) withholding lowWageAddition"),
            addBacks: addBacks, creditRows: creditRows, phaseOutOver: method.standardDeductionPhaseOut?.stepsFrom == "over",
            lookupStep: try cents(method.taxableLookup?.step ?? 0, "\(code) withholding taxableLookup"),
            lookupAdd: try cents(method.taxableLookup?.add ?? 0, "\(code) withholding taxableLookup"),
            lookupBelow: try method.taxableLookup.map { try cents($0.below, "\(code) withholding taxableLookup") } ?? -1)
    }

    /// The state with this USPS code, or `unknownState`.
    public func state(_ code: String) throws -> StateID {
        guard let index = codes.firstIndex(of: code.uppercased()) else { throw CalculationError.unknownState(code, year: taxYear) }
        return StateID(index: index)
    }

    @inline(__always)
    static func statusIndex(_ status: FilingStatus) -> Int {
        switch status {
        case .single: 0
        case .marriedFilingJointly: 1
        case .marriedFilingSeparately: 2
        case .headOfHousehold: 3
        case .qualifyingWidower: 4
        }
    }

    /// The W-4 column of a status (Pub 15-T's three).
    @inline(__always)
    static func column(_ status: FilingStatus) -> Int {
        switch status {
        case .marriedFilingJointly, .qualifyingWidower: 0
        case .single, .marriedFilingSeparately: 1
        case .headOfHousehold: 2
        }
    }

    static func kindBit(_ kind: PreTaxKind) -> UInt8 {
        switch kind {
        case .plan401k: 1
        case .plan403b: 2
        case .plan457b: 4
        case .hsa: 8
        case .hsaSelf: 16
        case .section125: 32
        }
    }

    /// 10⁻⁶ cent units of a dollar amount, or nil when it is finer or out of range.
    static func units(_ value: Decimal) -> Int64? {
        let product = value * Decimal(100 * FixedPoint.unitsPerCent)
        var rounded = Decimal(), input = product
        NSDecimalRound(&rounded, &input, 0, .plain)
        guard rounded == product, rounded.magnitude <= Decimal(FixedPoint.maxCents) * Decimal(FixedPoint.unitsPerCent) else { return nil }
        return Int64(Money.text(rounded))
    }

    /// The state's method as the data gives it, for the certificate's checks.
    func method(_ code: String) throws -> StateWithholding {
        guard let method = methods[code.uppercased()] else { throw CalculationError.unknownState(code, year: taxYear) }
        return method
    }

    /// One paycheck: integer arithmetic, no allocation.
    public func calculate(_ input: Input) -> Result {
        let periods = Int64(input.frequency.periods)
        let regular = input.wagesCents
        let requested = input.plan401k + input.plan403b + input.plan457b + input.hsa + input.hsaSelf + input.section125
        let preTax = Swift.min(requested, regular)
        let cafeteria = Swift.min(input.hsa + input.hsaSelf + input.section125, preTax)

        // Federal: Worksheet 1A on the regular wages.
        var wages = regular - preTax
        if input.nonresidentAlien, !nonresidentTable1.isEmpty {
            let index = Self.frequencyIndex(input.frequency)
            wages += input.redesigned ? nonresidentTable2[index] : nonresidentTable1[index]
        }
        var regularWithholding: Int64 = 0
        if !input.exempt {
            regularWithholding = federalRegular(input, wages: wages, periods: periods)
        }
        let room = Swift.max(0, mandatoryThreshold - input.yearToDateSupplementalCents)
        let atRate = Swift.min(input.supplementalCents, room), above = input.supplementalCents - atRate
        var supplemental: Int64
        if input.exempt || input.supplementalMethod == .aggregate {
            var aggregated: Int64 = 0
            if !input.exempt, atRate > 0 {
                aggregated = Swift.max(0, federalRegular(input, wages: wages + atRate, periods: periods) - regularWithholding)
            }
            var mandatory = FixedPoint.roundToCent(above * mandatoryRate)
            if input.roundToDollar { mandatory = FixedPoint.divideRounded(mandatory, 100) * 100 }
            supplemental = aggregated + mandatory
        } else {
            supplemental = FixedPoint.roundToCent(atRate * supplementalRate + above * mandatoryRate)
            if input.roundToDollar { supplemental = FixedPoint.divideRounded(supplemental, 100) * 100 }
        }
        return finish(input, regular: regular, preTax: preTax, cafeteria: cafeteria, regularWithholding: regularWithholding,
                      supplemental: supplemental)
    }

    /// Worksheet 1A on `wages` (the period's, for withholding), rounded once to the cent or dollar.
    @inline(__always)
    func federalRegular(_ input: Input, wages: Int64, periods: Int64) -> Int64 {
        let annual = wages * periods
        let adjusted: Int64, schedule: [Row]
        if input.redesigned {
            let column = Self.column(input.status)
            let line1g = input.multipleJobs ? 0 : standardAllowance[column]
            adjusted = Swift.max(0, annual + input.otherIncomeCents - (input.deductionsCents + line1g))
            schedule = input.multipleJobs ? checkbox[column] : standard[column]
        } else {
            adjusted = Swift.max(0, annual - input.allowances * allowance)
            schedule = standard[input.status == .marriedFilingJointly ? 0 : 1]
        }
        let tentative = Self.tentative(schedule, adjusted)
        let afterCredits = input.redesigned ? Swift.max(0, tentative - input.dependentsCents * FixedPoint.unitsPerCent) : tentative
        // (afterCredits / periods + extra) exactly, rounded once: to the dollar or to the cent.
        let total = afterCredits + input.extraCents * FixedPoint.unitsPerCent * periods
        return input.roundToDollar
            ? FixedPoint.divideRounded(total, periods * FixedPoint.unitsPerCent * 100) * 100
            : FixedPoint.divideRounded(total, periods * FixedPoint.unitsPerCent)
    }

    /// FICA, the state's lines and net pay, from the federal amounts.
    @inline(__always)
    func finish(_ input: Input, regular: Int64, preTax: Int64, cafeteria: Int64, regularWithholding: Int64, supplemental: Int64) -> Result {
        // FICA with the year to date.
        let ficaWages = Swift.max(0, regular + input.supplementalCents - cafeteria)
        let ssWages = Swift.min(ficaWages, Swift.max(0, ssWageBase - input.yearToDateWagesCents))
        let additional = Swift.max(0, input.yearToDateWagesCents + ficaWages - Swift.max(additionalThreshold, input.yearToDateWagesCents))
        let socialSecurity = FixedPoint.roundToCent(ssWages * ssRate)
        let medicare = FixedPoint.roundToCent(ficaWages * medicareRate + additional * additionalRate)

        let state = stateWithholding(input, regular: regular, preTax: preTax, federal: regularWithholding, fica: socialSecurity + medicare)
        let contributed = payrollContributions(input, regular: regular, preTax: preTax, ficaWages: ficaWages)
        let federal = regularWithholding + supplemental
        return Result(federalWithholdingCents: federal, supplementalWithholdingCents: supplemental, stateWithholdingCents: state,
                      socialSecurityCents: socialSecurity, medicareCents: medicare, payrollContributionsCents: contributed,
                      preTaxDeductionsCents: preTax,
                      netPayCents: regular + input.supplementalCents - preTax - federal - (state ?? 0) - socialSecurity - medicare - contributed)
    }

    /// The state's wages of the paycheck: regular less pre-tax, the kinds it taxes back, and the supplemental.
    @inline(__always)
    func stateWages(_ input: Input, taxedKinds: UInt8, regular: Int64, preTax: Int64) -> Int64 {
        var taxed: Int64 = 0
        if taxedKinds != 0 {
            if taxedKinds & 1 != 0 { taxed += input.plan401k }
            if taxedKinds & 2 != 0 { taxed += input.plan403b }
            if taxedKinds & 4 != 0 { taxed += input.plan457b }
            if taxedKinds & 8 != 0 { taxed += input.hsa }
            if taxedKinds & 16 != 0 { taxed += input.hsaSelf }
            if taxedKinds & 32 != 0 { taxed += input.section125 }
        }
        return regular - preTax + Swift.min(preTax, taxed) + input.supplementalCents
    }

    @inline(__always)
    func payrollContributions(_ input: Input, regular: Int64, preTax: Int64, ficaWages: Int64) -> Int64 {
        guard input.state >= 0 else { return 0 }
        let list = contributions[input.state]
        guard !list.isEmpty else { return 0 }
        let periods = Int64(input.frequency.periods)
        var total: Int64 = 0
        for c in list {
            let base = c.wages == 0 ? regular + input.supplementalCents
                : c.wages == 1 ? ficaWages : stateWages(input, taxedKinds: taxedKinds[input.state], regular: regular, preTax: preTax)
            let wages = c.wageBase == .max ? base : Swift.min(base, Swift.max(0, c.wageBase - input.yearToDateWagesCents))
            var amount = FixedPoint.multiplyDivideRounded(wages, c.rate, FixedPoint.rateScale * FixedPoint.rateScale)
            if c.maxWeekly >= 0 { amount = Swift.min(amount, FixedPoint.divideRounded(c.maxWeekly * 52, periods)) }
            total += amount
        }
        return total
    }

    @inline(__always)
    static func tentative(_ rows: [Row], _ wage: Int64) -> Int64 {
        rows.withUnsafeBufferPointer { rows in
            var index = 0
            for i in rows.indices.dropFirst() { index &+= rows[i].atLeast <= wage ? 1 : 0 }
            let row = rows[index]
            return row.tentativeUnits + row.rate * (wage - row.atLeast)
        }
    }

    @inline(__always)
    static func frequencyIndex(_ frequency: PayFrequency) -> Int {
        switch frequency {
        case .weekly: 0
        case .biweekly: 1
        case .semimonthly: 2
        case .monthly: 3
        case .quarterly: 4
        case .semiannual: 5
        case .annual: 6
        case .daily: 7
        }
    }
}
