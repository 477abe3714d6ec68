import Foundation
import TaxDataCore

/// The state part of `FixedPaycheckCalculator`: a state's withholding method compiled to integers,
/// and the period's withholding by it (`StateWithholdingFormula` is the reference).
extension FixedPaycheckCalculator {
    /// A state's withholding method, compiled. A class: matching `StateKind.method` then takes one
    /// reference, where a struct's arrays were each retained and released on every paycheck.
    final class StateMethod: Sendable {
        /// Per status (`FixedPaycheckCalculator.statusIndex`), cents.
        let deduction: [Int64]
        let allowance: Int64, additional: Int64, credit: Int64
        /// Millionths; -1 when the method has brackets.
        let rate: Int64
        /// Per schedule, when the method has brackets: by status, or by rate table name (sorted).
        let brackets: [FixedSchedule]
        /// Per status, the schedule it is withheld by when the certificate elects none.
        let scheduleForStatus: [Int]
        let dailyPeriods: Int64
        let dollar: Bool
        /// Up to the next whole dollar (`rounding: dollarUp`).
        let dollarUp: Bool
        /// The year's tax to the dollar before it is divided (`annualTaxRounding`); the reduced
        /// standard deduction to the dollar (`standardDeductionPhaseOut.rounding`).
        let annualDollar: Bool, phaseOutDollar: Bool
        let federalStatus: Bool
        /// Per status: the phase-out's start (cents; `.max` without one) and rate (millionths).
        let phaseOutStart: [Int64], phaseOutRate: [Int64]
        /// Cents; `.max` without a limit.
        let allowanceWageLimit: Int64
        /// Per status: how many first allowances `personalAmount` values together (0: none).
        let personalCount: [Int64], personalAmount: [Int64]
        /// A per-period method's tables (`StateWithholding.perPeriod`), nil for an annualized one.
        let tables: PeriodTables?
        /// Per status, cents: the exemption of a certificate that claims none (`exemptionAmountDefault`; 0 without).
        let exemptionDefault: [Int64]
        /// `standardDeductionShare`: millionths (-1 without one), its maximum in cents, and the allowances it needs.
        let shareRate: Int64, shareMax: Int64, shareMinAllowances: Int64
        /// Cents: the least the share-of-wages standard deduction is (`standardDeductionShare.min`; 0 without).
        let shareMin: Int64
        /// Per status, cents: the low-income floor (-1 without one).
        let wageFloor: [Int64]
        /// Per status (`byAllowances`): from how many allowances its column applies (`.max`: never), whether the
        /// additional allowances count, and the column's standard deduction and floor (cents; -1: the method's).
        let columnAtLeast: [Int64], columnCountsAll: [Bool], columnDeduction: [Int64], columnFloor: [Int64]
        /// Per status, cents: the phase-out's step (0: linear) and the deduction's minimum.
        let phaseOutStep: [Int64], phaseOutMinimum: [Int64]
        /// The period's federal withholding × periods comes off the year's wages.
        let federalDeduction: Bool
        /// `additionalAllowanceByWages`: each tier's last yearly wages (cents; `.max` on the open one) and value.
        let tierThrough: [Int64], tierAmount: [Int64]
        /// Whether the method has a `byAllowances` column or a `wageFloor`, a stepped phase-out, an exemption default.
        let hasColumnsOrFloor: Bool, hasSteppedPhaseOut: Bool, hasExemptionDefault: Bool
        /// `ficaDeduction`'s yearly cap in cents (-1 without one); `periodDeductions`' rounding step in cents (0 without:
        /// 1 a cent, 100 a dollar); `periodWageFloor` in cents (-1 without one) and whether it needs an allowance;
        /// `periodCredits` per status and per additional allowance, yearly cents.
        let ficaCap: Int64, periodStep: Int64, floorAmount: Int64, floorWithAllowances: Bool
        let creditByStatus: [Int64], creditPerAdditional: Int64, hasPeriodCredits: Bool
        /// Per status: the yearly wages above which the allowances count as none (cents, `.max` without), the schedule a
        /// `byAllowances` column is taxed by (-1: the status's own), the federal deduction's cap tiers (cents); the low-wage
        /// addition's threshold (cents, -1 without) and amount.
        let allowanceLimit: [Int64], columnSchedule: [Int], capAtLeast: [[Int64]], capAmount: [[Int64]]
        let lowWageBelow: Int64, lowWageAmount: Int64, hasAllowanceLimit: Bool, hasFederalCap: Bool
        /// The liability's add-backs and share-of-tax credit rows by status, on the year's wages
        /// (`useLiability`: Connecticut); a phase-out counting the steps over its start (`stepsFrom: over`).
        let addBacks: [FixedAddBack], creditRows: [[FixedRow]]?, phaseOutOver: Bool
        /// `taxableLookup` in cents: below `lookupBelow` (-1 without one), the year's taxable wages are taxed as
        /// floor(wages / lookupStep) x lookupStep + lookupAdd (Arkansas).
        let lookupStep: Int64, lookupAdd: Int64, lookupBelow: Int64

        init(scheduleForStatus: [Int], deduction: [Int64], allowance: Int64, additional: Int64, credit: Int64, rate: Int64, brackets: [FixedSchedule], dailyPeriods: Int64,
             dollar: Bool, dollarUp: Bool = false, annualDollar: Bool = false, phaseOutDollar: Bool = false, federalStatus: Bool, phaseOutStart: [Int64], phaseOutRate: [Int64], allowanceWageLimit: Int64,
             personalCount: [Int64], personalAmount: [Int64], tables: PeriodTables?, exemptionDefault: [Int64],
             shareRate: Int64, shareMax: Int64, shareMinAllowances: Int64, shareMin: Int64 = 0, wageFloor: [Int64], columnAtLeast: [Int64], columnCountsAll: [Bool],
             columnDeduction: [Int64], columnFloor: [Int64], phaseOutStep: [Int64], phaseOutMinimum: [Int64], federalDeduction: Bool,
             tierThrough: [Int64], tierAmount: [Int64], ficaCap: Int64 = -1, periodStep: Int64 = 0, floorAmount: Int64 = -1,
             floorWithAllowances: Bool = false, creditByStatus: [Int64] = [], creditPerAdditional: Int64 = 0,
             allowanceLimit: [Int64] = [], columnSchedule: [Int] = [], capAtLeast: [[Int64]] = [], capAmount: [[Int64]] = [],
             lowWageBelow: Int64 = -1, lowWageAmount: Int64 = 0, addBacks: [FixedAddBack] = [], creditRows: [[FixedRow]]? = nil, phaseOutOver: Bool = false,
             lookupStep: Int64 = 0, lookupAdd: Int64 = 0, lookupBelow: Int64 = -1) {
            self.lookupStep = lookupStep
            self.lookupAdd = lookupAdd
            self.lookupBelow = lookupBelow
            self.addBacks = addBacks
            self.creditRows = creditRows
            self.phaseOutOver = phaseOutOver
            self.allowanceLimit = allowanceLimit
            self.columnSchedule = columnSchedule
            self.capAtLeast = capAtLeast
            self.capAmount = capAmount
            self.lowWageBelow = lowWageBelow
            self.lowWageAmount = lowWageAmount
            hasAllowanceLimit = allowanceLimit.contains { $0 != .max }
            hasFederalCap = capAtLeast.contains { !$0.isEmpty }
            self.ficaCap = ficaCap
            self.periodStep = periodStep
            self.floorAmount = floorAmount
            self.floorWithAllowances = floorWithAllowances
            self.creditByStatus = creditByStatus
            self.creditPerAdditional = creditPerAdditional
            hasPeriodCredits = creditByStatus.contains { $0 != 0 } || creditPerAdditional != 0
            self.scheduleForStatus = scheduleForStatus
            self.phaseOutStep = phaseOutStep
            self.phaseOutMinimum = phaseOutMinimum
            self.federalDeduction = federalDeduction
            self.tierThrough = tierThrough
            self.tierAmount = tierAmount
            hasColumnsOrFloor = columnAtLeast.contains { $0 != .max } || wageFloor.contains { $0 >= 0 }
            hasSteppedPhaseOut = phaseOutStep.contains { $0 > 0 }
            hasExemptionDefault = exemptionDefault.contains { $0 != 0 }
            self.wageFloor = wageFloor
            self.columnAtLeast = columnAtLeast
            self.columnCountsAll = columnCountsAll
            self.columnDeduction = columnDeduction
            self.columnFloor = columnFloor
            self.exemptionDefault = exemptionDefault
            self.shareRate = shareRate
            self.shareMax = shareMax
            self.shareMinAllowances = shareMinAllowances
            self.shareMin = shareMin
            self.deduction = deduction
            self.allowance = allowance
            self.additional = additional
            self.credit = credit
            self.rate = rate
            self.brackets = brackets
            self.dailyPeriods = dailyPeriods
            self.dollar = dollar
            self.dollarUp = dollarUp
            self.annualDollar = annualDollar
            self.phaseOutDollar = phaseOutDollar
            self.federalStatus = federalStatus
            self.phaseOutStart = phaseOutStart
            self.phaseOutRate = phaseOutRate
            self.allowanceWageLimit = allowanceWageLimit
            self.personalCount = personalCount
            self.personalAmount = personalAmount
            self.tables = tables
        }
    }

    /// A per-period method's tables, by frequency (`frequencyIndex`): each yearly amount's share to
    /// the cent, the floors rounded as the state prints them.
    struct PeriodTables: Sendable {
        /// [frequency][status] cents.
        var deduction: [[Int64]]
        /// [frequency][status][allowances claimed − 1] cents.
        var personal: [[[Int64]]]
        /// [frequency] cents.
        var allowance: [Int64], additional: [Int64]
        /// `allowanceTotals`: the allowances' yearly total is divided (with these yearly cents), not each.
        var totals: Bool, yearlyAllowance: Int64, yearlyAdditional: Int64
        /// [frequency]: false when the state prints no table for it.
        var printed: [Bool] = []
        /// A row applies at its floor too ("at least").
        var atLeast = false
        /// `flatRateAbove`: per status the yearly threshold (cents; `.max` without one), [frequency][status]
        /// the period's share rounded as the floors; the tiers from their yearly cents, rates in millionths.
        var flatThreshold: [Int64] = [], flatBound: [[Int64]] = [], flatTiers: [(atLeast: Int64, rate: Int64)] = []
        /// [frequency][schedule] (`StateMethod.brackets`' order); empty when the method has a flat rate.
        var brackets: [[FixedSchedule]]
        /// `creditPhaseOut`: [frequency][status] the credit's and the start's shares (cents, rounded as
        /// the floors), and its rate in millionths (-1 without one).
        var phaseAmount: [[Int64]] = [], phaseStart: [[Int64]] = [], phaseRate: Int64 = -1
    }

    /// The filing statuses in `statusIndex` order.
    static let statusOrder = FilingStatus.allCases.sorted { statusIndex($0) < statusIndex($1) }

    /// A per-period method's tables for every frequency, from its yearly amounts (`brackets`, compiled).
    static func periodTables(_ rounding: StateWithholding.PerPeriod, _ method: StateWithholding, brackets: [FixedSchedule], code: String) throws -> PeriodTables {
        func cents(_ value: Decimal?) throws -> Int64 { try FixedPoint.requireCents(value ?? 0, "\(code) withholding") }
        let frequencies = PayFrequency.allCases.sorted { frequencyIndex($0) < frequencyIndex($1) }
        var tables = PeriodTables(deduction: [], personal: [], allowance: [], additional: [], totals: rounding.allowanceTotals == true,
                                  yearlyAllowance: try cents(method.allowance), yearlyAdditional: try cents(method.additionalAllowance), brackets: [])
        tables.atLeast = rounding.rows == "atLeast"
        if let phase = method.creditPhaseOut { tables.phaseRate = try FixedPoint.requireRate(phase.rate, "\(code) withholding creditPhaseOut rate") }
        tables.flatThreshold = try statusOrder.map { try method.flatRateAbove?.threshold[$0].map { try cents($0) } ?? .max }
        tables.flatTiers = try (method.flatRateAbove?.tiers ?? []).map { tier in
            guard let rate = FixedPoint.rate(tier.rate) else { throw CalculationError.dataUnusable("\(code) withholding flat rate \(Money.text(tier.rate))") }
            return (try cents(tier.atLeast), rate)
        }
        for frequency in frequencies {
            let periods = Int64(frequency == .daily ? (method.dailyPeriods ?? frequency.periods) : frequency.periods)
            let step: Int64 = switch (frequency == .daily ? rounding.dailyFloors ?? rounding.floors : rounding.floors) {
            case "dollar": 100
            case "dime": 10
            default: 1
            }
            let printed = rounding.deductions.map { $0[frequency.rawValue] }
            // The frequency's printed schedules (`tables`, `rateTables`), in the yearly schedules' order: none printed, no
            // table (annual pay has the yearly brackets).
            let printedRows: [[Bracket]]? = if let named = rounding.rateTables?[frequency.rawValue] {
                (method.rateTables?.keys.sorted() ?? []).map { named[$0] ?? [] }
            } else if let byStatus = rounding.tables?[frequency.rawValue] {
                statusOrder.map { byStatus[$0] ?? [] }
            } else {
                nil
            }
            tables.printed.append((printed.map { $0 != nil } ?? true) && method.printsTable(for: frequency.rawValue))
            tables.flatBound.append(tables.flatThreshold.map { $0 == .max ? .max : FixedPoint.divideRounded($0, periods * step) * step })
            if let amounts = printed {
                // As the state prints them (none for a frequency it has no table for).
                tables.deduction.append(try statusOrder.map { try cents(amounts?.standardDeduction?[$0]) })
                tables.personal.append(statusOrder.map { _ in [] })
                tables.allowance.append(try cents(amounts?.allowance))
                tables.additional.append(0)
            } else {
                tables.deduction.append(try statusOrder.map { FixedPoint.divideRounded(try cents(method.standardDeduction?[$0]), periods) })
                tables.personal.append(try statusOrder.map { status in
                    guard let count = method.personalAllowance?.count[status], count > 0 else { return [] }
                    let amount = try cents(method.personalAllowance?.amount[status])
                    return (1...count).map { FixedPoint.divideRounded(amount * Int64($0), Int64(count) * periods) }
                })
                tables.allowance.append(FixedPoint.divideRounded(try cents(method.allowance), periods))
                tables.additional.append(FixedPoint.divideRounded(try cents(method.additionalAllowance), periods))
            }
            if let phase = method.creditPhaseOut {
                tables.phaseAmount.append(try statusOrder.map { FixedPoint.divideRounded(try cents(phase.amount[$0]), periods * step) * step })
                tables.phaseStart.append(try statusOrder.map { FixedPoint.divideRounded(try cents(phase.start[$0]), periods * step) * step })
            }
            if let printedRows, !brackets.isEmpty {
                tables.brackets.append(try printedRows.map { rows in
                    FixedSchedule(brackets: try rows.map { row in
                        guard let base = units(row.baseTax) else {
                            throw CalculationError.dataUnusable("\(code) withholding printed baseTax \(Money.text(row.baseTax)) is finer than 10⁻⁸ dollar")
                        }
                        return FixedBracket(floor: try cents(row.floor), rate: try FixedPoint.requireRate(row.rate, "\(code) withholding rate"), baseUnits: base)
                    })
                })
                continue
            }
            tables.brackets.append(brackets.map { schedule in
                var rows = schedule.brackets.map { row in
                    FixedBracket(floor: FixedPoint.divideRounded(row.floor, periods * step) * step, rate: row.rate,
                                 baseUnits: FixedPoint.divideRounded(row.baseUnits, periods * FixedPoint.unitsPerCent) * FixedPoint.unitsPerCent)
                }
                if rounding.bases == "runningSum" {
                    // The rows below on the period's own floors, rounded once to the cent.
                    var sum: Int64 = 0
                    for i in rows.indices {
                        if i > 0 { sum += rows[i - 1].rate * (rows[i].floor - rows[i - 1].floor) }
                        rows[i].baseUnits = FixedPoint.divideRounded(sum, FixedPoint.unitsPerCent) * FixedPoint.unitsPerCent
                    }
                }
                return FixedSchedule(brackets: rows)
            })
        }
        return tables
    }

    @inline(__always)
    func stateWithholding(_ input: Input, regular: Int64, preTax: Int64, federal: Int64, fica: Int64) -> Int64? {
        guard input.state >= 0 else { return nil }
        switch states[input.state] {
        case .noTax: return 0
        case .noMethod: return nil
        case .method(let method):
            return withheld(by: method, input, regular: regular, preTax: preTax, federal: federal, fica: fica).map { Swift.max(0, $0 - input.certificateReducedCents) }
        case .changing(let methods):
            guard input.methodIndex >= 0 else { return nil }
            return withheld(by: methods[input.methodIndex], input, regular: regular, preTax: preTax, federal: federal, fica: fica)
                .map { Swift.max(0, $0 - input.certificateReducedCents) }
        }
    }

    /// The period's withholding by one method.
    @inline(__always)
    func withheld(by method: StateMethod, _ input: Input, regular: Int64, preTax: Int64, federal: Int64, fica: Int64) -> Int64? {
            if input.certificateExempt { return 0 }
            let wages = stateWages(input, taxedKinds: taxedKinds[input.state], regular: regular, preTax: preTax)
            if input.noCertificateRate >= 0 {
                // No certificate on file, and the state's rule is a flat rate of the wages.
                let units = wages * input.noCertificateRate
                return method.dollar ? FixedPoint.divideRounded(units, 100 * FixedPoint.unitsPerCent) * 100 : FixedPoint.roundToCent(units)
            }
            let periods = input.frequency == .daily ? method.dailyPeriods : Int64(input.frequency.periods)
            // A yearly amount's share of the period, rounded as `periodDeductions` says (to the cent without it).
            let step = Swift.max(1, method.periodStep)
            @inline(__always) func share(_ yearly: Int64) -> Int64 { FixedPoint.divideRounded(yearly, periods * step) * step }
            // Below the period's floor (with an allowance claimed, where it says so), nothing but the extra amount.
            if method.floorAmount >= 0, !method.floorWithAllowances || input.certificateAllowances > 0, wages < share(method.floorAmount) {
                return input.certificateExtraCents
            }
            let status = input.certificateStatus ?? (method.federalStatus ? input.status : .single)
            let statusIndex = Self.statusIndex(status)
            let firstCount = Swift.min(input.certificateAllowances, method.personalCount[statusIndex])
            let rate = input.electedRate >= 0 ? input.electedRate : method.rate
            // The schedule: the rate table the certificate elects, or the status's.
            let schedule = input.rateTable >= 0 ? input.rateTable : method.scheduleForStatus[statusIndex]
            var tax: Int64
            // Millionths of the tax the liability's share-of-tax credit takes off (`useLiability: taxCredit`).
            var creditShare: Int64 = 0
            if let tables = method.tables {
                // The period's own table: each deduction its share to the cent.
                let f = Self.frequencyIndex(input.frequency)
                guard tables.printed[f] else { return nil }
                let further = input.certificateAllowances - firstCount
                let allowances = tables.totals
                    ? FixedPoint.divideRounded(further * tables.yearlyAllowance, periods) + FixedPoint.divideRounded(input.certificateAdditional * tables.yearlyAdditional, periods)
                    : further * tables.allowance[f] + input.certificateAdditional * tables.additional[f]
                let exemption = input.certificateExemptionGiven ? input.certificateExemptionCents : method.hasExemptionDefault ? method.exemptionDefault[statusIndex] : 0
                let deductions = tables.deduction[f][statusIndex] + (firstCount > 0 ? tables.personal[f][statusIndex][Int(firstCount) - 1] : 0)
                    + allowances + FixedPoint.divideRounded(exemption, periods)
                let taxable = Swift.max(0, wages - deductions)
                let threshold = tables.flatThreshold.isEmpty ? Int64.max : tables.flatThreshold[statusIndex]
                if threshold != .max, taxable * periods >= threshold || taxable >= tables.flatBound[f][statusIndex] {
                    // The flat rate on the whole: the year's tax to the cent, over the periods.
                    let yearly = taxable * periods
                    var flat: Int64 = 0
                    for tier in tables.flatTiers where yearly >= tier.atLeast { flat = tier.rate }
                    let annual = FixedPoint.divideRounded(yearly * flat, FixedPoint.unitsPerCent)
                    return (method.dollar ? FixedPoint.divideRounded(annual, periods * 100) * 100 : FixedPoint.divideRounded(annual, periods))
                        + input.certificateExtraCents
                }
                // A yearly credit claimed in dollars: its share to the cent off the period's tax.
                let credit = FixedPoint.divideRounded(input.certificateCreditCents, periods) * FixedPoint.unitsPerCent
                if rate >= 0 {
                    tax = Swift.max(0, taxable * rate - credit)
                } else if taxable > 0, !tables.brackets.isEmpty {
                    // A row applies to wages over its floor (or at least at it).
                    let rows = tables.brackets[f][schedule].brackets
                    var index = 0
                    if tables.atLeast {
                        for i in rows.indices.dropFirst() { index &+= rows[i].floor <= taxable ? 1 : 0 }
                    } else {
                        for i in rows.indices.dropFirst() { index &+= rows[i].floor < taxable ? 1 : 0 }
                    }
                    tax = Swift.max(0, rows[index].baseUnits + rows[index].rate * (taxable - rows[index].floor) - credit)
                } else {
                    tax = 0
                }
                if tables.phaseRate >= 0, rate >= 0 || (taxable > 0 && !tables.brackets.isEmpty) {
                    // The credit that shrinks with the wages; with dollar rounding, the tax and the reduction each to the dollar first.
                    let dollar = 100 * FixedPoint.unitsPerCent
                    var reduction = tables.phaseRate * Swift.max(0, taxable - tables.phaseStart[f][statusIndex])
                    if method.dollar {
                        tax = FixedPoint.divideRounded(tax, dollar) * dollar
                        reduction = FixedPoint.divideRounded(reduction, dollar) * dollar
                    }
                    tax = Swift.max(0, tax - Swift.max(0, tables.phaseAmount[f][statusIndex] * FixedPoint.unitsPerCent - reduction))
                }
            } else {
                // Above the status's limit, the allowances count as none (their credit and columns too).
                let allowances = method.hasAllowanceLimit && wages * periods > method.allowanceLimit[statusIndex] ? 0 : input.certificateAllowances
                let first = Swift.min(allowances, method.personalCount[statusIndex])
                var bracketSchedule = schedule
                var periodWages = wages
                if method.ficaCap >= 0 {
                    // The paycheck's Social Security and Medicare, up to what is left of the year's cap after the year to date's.
                    let ytd = input.yearToDateWagesCents
                    let ficaYearToDate = FixedPoint.roundToCent(Swift.min(ytd, ssWageBase) * ssRate)
                        + FixedPoint.roundToCent(ytd * medicareRate + Swift.max(0, ytd - additionalThreshold) * additionalRate)
                    periodWages = Swift.max(0, periodWages - Swift.min(fica, Swift.max(0, method.ficaCap - ficaYearToDate)))
                }
                let inPeriod = method.periodStep > 0
                let exemption = input.certificateExemptionGiven ? input.certificateExemptionCents : method.hasExemptionDefault ? method.exemptionDefault[statusIndex] : 0
                if inPeriod {
                    // The deductions off the period's wages, each yearly amount's share rounded as the method says.
                    var deductions = share(method.deduction[statusIndex]) + (allowances - first) * share(method.allowance)
                        + input.certificateAdditional * share(method.additional) + share(exemption)
                    if first > 0 {
                        deductions += FixedPoint.divideRounded(method.personalAmount[statusIndex] * first, method.personalCount[statusIndex] * periods * step) * step
                    }
                    periodWages = Swift.max(0, periodWages - deductions)
                }
                let yearly = periodWages * periods
                var standard = inPeriod ? 0 : method.deduction[statusIndex]
                // (Each feature behind a flag of the method: a method without it reads none of its arrays.)
                if method.hasColumnsOrFloor {
                    let counted = allowances + (method.columnCountsAll[statusIndex] ? input.certificateAdditional : 0)
                    let inColumn = counted >= method.columnAtLeast[statusIndex]
                    let floor = inColumn && method.columnFloor[statusIndex] >= 0 ? method.columnFloor[statusIndex] : method.wageFloor[statusIndex]
                    if floor >= 0, yearly <= floor { return input.certificateExtraCents }
                    if inColumn && method.columnDeduction[statusIndex] >= 0 { standard = method.columnDeduction[statusIndex] }
                    if inColumn && !method.columnSchedule.isEmpty && method.columnSchedule[statusIndex] >= 0 { bracketSchedule = method.columnSchedule[statusIndex] }
                }
                if method.shareRate >= 0 {
                    standard = allowances >= method.shareMinAllowances
                        ? Swift.max(method.shareMin, Swift.min(FixedPoint.roundToCent(yearly * method.shareRate), method.shareMax)) : 0
                }
                // The reduced deduction to the cent, or to the dollar (Maine).
                @inline(__always) func phased(_ units: Int64) -> Int64 {
                    method.phaseOutDollar ? FixedPoint.divideRounded(units, 100 * FixedPoint.unitsPerCent) * 100 : FixedPoint.roundToCent(units)
                }
                if method.hasSteppedPhaseOut {
                    // By steps, "or part thereof", from the start itself.
                    let start = method.phaseOutStart[statusIndex], step = method.phaseOutStep[statusIndex]
                    if method.phaseOutOver {
                        // Each step or part of one over the start (Connecticut's Table A).
                        if step > 0, yearly > start {
                            standard = Swift.max(method.phaseOutMinimum[statusIndex], phased(standard * FixedPoint.unitsPerCent
                                - method.phaseOutRate[statusIndex] * step * ((yearly - start + step - 1) / step)))
                        }
                    } else if step > 0, yearly >= start {
                        standard = Swift.max(method.phaseOutMinimum[statusIndex], phased(standard * FixedPoint.unitsPerCent
                            - method.phaseOutRate[statusIndex] * step * ((yearly - start) / step + 1)))
                    }
                } else if yearly > method.phaseOutStart[statusIndex] {
                    standard = Swift.max(method.phaseOutMinimum[statusIndex], phased(standard * FixedPoint.unitsPerCent
                        - method.phaseOutRate[statusIndex] * (yearly - method.phaseOutStart[statusIndex])))
                }
                if input.codeNoExemption { standard = 0 }
                let allowance = yearly > method.allowanceWageLimit ? 0 : method.allowance
                let personal = first > 0 ? method.personalAmount[statusIndex] * first / method.personalCount[statusIndex] : 0
                var deductions = standard + (inPeriod ? 0 : personal + (allowances - first) * allowance
                    + input.certificateAdditional * method.additional + exemption)
                if method.federalDeduction {
                    // At most the cap of the last tier the year's wages reach.
                    var taken = federal * periods
                    if method.hasFederalCap, let tier = method.capAtLeast[statusIndex].lastIndex(where: { yearly >= $0 }) {
                        taken = Swift.min(taken, method.capAmount[statusIndex][tier])
                    }
                    deductions += taken
                }
                if !method.tierThrough.isEmpty, let tier = method.tierThrough.firstIndex(where: { yearly <= $0 }) {
                    deductions += input.certificateAdditional * method.tierAmount[tier]
                }
                let taxable = Swift.max(0, yearly - deductions)
                var annual: Int64
                if rate >= 0 {
                    annual = taxable * rate
                } else {
                    // Looked up by bands first where the state says so (Arkansas's $50 midrange).
                    let looked = method.lookupBelow >= 0 && taxable < method.lookupBelow && method.lookupStep > 0
                        ? taxable / method.lookupStep * method.lookupStep + method.lookupAdd : taxable
                    annual = method.brackets.isEmpty ? 0 : method.brackets[bracketSchedule].tax(on: looked).units
                }
                // The liability's add-backs on the year's wages (Connecticut's Tables C and D), and its credit's share (Table E), kept
                // to take off exactly at the end (the rule allows no step after it).
                if taxable > 0 {
                    for addBack in method.addBacks { annual += addBack.amount(income: yearly, status: statusIndex) * FixedPoint.unitsPerCent }
                    if let rows = method.creditRows, !input.codeNoCredit, let row = FixedRow.row(rows[statusIndex], income: yearly), let share = row.share {
                        creditShare = share
                    }
                }
                if method.lowWageBelow >= 0, yearly < method.lowWageBelow { annual += method.lowWageAmount * FixedPoint.unitsPerCent }
                annual = Swift.max(0, annual - (allowances * method.credit + input.certificateCreditCents) * FixedPoint.unitsPerCent)
                if method.annualDollar { annual = FixedPoint.divideRounded(annual, 100 * FixedPoint.unitsPerCent) * 100 * FixedPoint.unitsPerCent }
                tax = annual
            }
            let divisor = method.tables == nil ? periods * FixedPoint.unitsPerCent : FixedPoint.unitsPerCent
            if creditShare > 0 {
                // tax × (1 − share) / periods, rounded once, at double width.
                return FixedPoint.multiplyDivideRounded(Swift.max(0, tax), FixedPoint.rateScale - creditShare, divisor * FixedPoint.rateScale) + input.certificateExtraCents
            }
            var perPeriod = method.dollar ? FixedPoint.divideRounded(tax, divisor * 100) * 100
                : method.dollarUp ? (Swift.max(0, tax) + divisor * 100 - 1) / (divisor * 100) * 100 : FixedPoint.divideRounded(tax, divisor)
            if method.hasPeriodCredits {
                // Yearly credits off the period's rounded tax, each its share to the cent.
                let credit = FixedPoint.divideRounded(method.creditByStatus[statusIndex], periods)
                    + input.certificateAdditional * FixedPoint.divideRounded(method.creditPerAdditional, periods)
                perPeriod = Swift.max(0, perPeriod - credit)
            }
            return perPeriod + input.certificateExtraCents
    }
}
