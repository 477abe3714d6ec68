import Foundation
import TaxDataCore

/// The same calculation as `TaxCalculator`, compiled for bulk use: a year's figures are turned into
/// fixed-point tables once, and each calculation is integer arithmetic with no allocation.
///
/// `TaxCalculator` (exact `Decimal`) is the reference; this one gives the same components to the
/// cent (the test suite compares the two over every state, status and year), and exists for
/// callers that run many calculations: a chart of take-home pay over a range of salaries, a
/// what-if sweep, a server. It does not produce notes; `TaxCalculator` does.
///
/// ```swift
/// let fast = try FixedPointCalculator(data: year)
/// let ny = try fast.state("NY")
/// let result = try fast.calculate(.init(grossCents: 12_000_000, status: .single, state: ny))
/// result.netPayCents
/// ```
public struct FixedPointCalculator: Sendable {
    /// A state of this year's data, looked up once by USPS code.
    public struct StateID: Sendable, Hashable {
        fileprivate let index: Int
    }

    /// A locality of a state of this year's data (`TaxYearData.localities`), looked up once by id.
    public struct LocalityID: Sendable, Hashable {
        let state: Int
        /// In `local.localities`.
        let index: Int
    }

    /// Where a person lives: up to `PayInput.maxLocalities` localities (a county, a city and a
    /// school district), held in place as three small indices, so that a calculation allocates
    /// nothing and the input stays small.
    public struct Localities: Sendable, Equatable {
        /// Indices in `local.localities`; -1 past `count`.
        private var first: Int32 = -1, second: Int32 = -1, third: Int32 = -1
        private var states: (Int32, Int32, Int32) = (-1, -1, -1)

        public init() {}

        /// One locality.
        public init(_ id: LocalityID) {
            first = Int32(truncatingIfNeeded: id.index)
            states.0 = Int32(truncatingIfNeeded: id.state)
        }

        /// These localities, or `localitiesConflict` beyond `PayInput.maxLocalities`.
        public init(_ ids: [LocalityID]) throws {
            guard ids.count <= PayInput.maxLocalities else { throw CalculationError.tooManyLocalities(ids.count) }
            for (position, id) in ids.enumerated() {
                let index = Int32(truncatingIfNeeded: id.index), state = Int32(truncatingIfNeeded: id.state)
                switch position {
                case 0: (first, states.0) = (index, state)
                case 1: (second, states.1) = (index, state)
                default: (third, states.2) = (index, state)
                }
            }
        }

        public var count: Int { first < 0 ? 0 : second < 0 ? 1 : third < 0 ? 2 : 3 }

        public subscript(position: Int) -> LocalityID {
            switch position {
            case 0: LocalityID(state: Int(states.0), index: Int(first))
            case 1: LocalityID(state: Int(states.1), index: Int(second))
            default: LocalityID(state: Int(states.2), index: Int(third))
            }
        }

        /// The index in `local.localities` of the locality at `position` (< `count`).
        @inline(__always)
        func index(_ position: Int) -> Int { Int(position == 0 ? first : position == 1 ? second : third) }

        public static func == (lhs: Localities, rhs: Localities) -> Bool {
            (lhs.first, lhs.second, lhs.third) == (rhs.first, rhs.second, rhs.third) && lhs.states == rhs.states
        }
    }

    /// What to calculate, in cents.
    public struct Input: Sendable, Equatable {
        public var grossCents: Int64
        public var status: FilingStatus
        public var state: StateID
        /// Pre-tax amounts requested, in cents, by kind (capped like `TaxCalculator` caps them).
        public var plan401k: Int64 = 0, plan403b: Int64 = 0, plan457b: Int64 = 0
        public var hsa: Int64 = 0, hsaSelf: Int64 = 0, section125: Int64 = 0
        public var newYorkCity = false
        /// Age at year end, for catch-ups (nil: under 50).
        public var age: Int?
        /// Dependents claimed (0…`PayInput.maxDependents`).
        public var dependents: Int
        /// How many of them are qualifying children under 17.
        public var children: Int
        /// How many of the children are under 6 (South Carolina's deduction).
        public var childrenUnder6: Int = 0
        /// Hours worked in the year (nil: `PayInput.fullTimeHours`).
        public var hoursWorked: Int?
        /// Where the person lives (`PayInput.localities`), and where they work when a work-place
        /// tax applies there.
        public var localities: Localities
        public var workLocality: LocalityID?
        /// The first locality of residence (setting it makes it the only one; the initializer's
        /// `locality`; for more, set `localities`).
        public var locality: LocalityID? {
            get { localities.count > 0 ? localities[0] : nil }
            set { localities = newValue.map { Localities($0) } ?? Localities() }
        }

        @inlinable
        public init(grossCents: Int64, status: FilingStatus, state: StateID, newYorkCity: Bool = false, age: Int? = nil,
                    dependents: Int = 0, children: Int = 0, childrenUnder6: Int = 0, hoursWorked: Int? = nil,
                    locality: LocalityID? = nil, workLocality: LocalityID? = nil) {
            self.grossCents = grossCents
            self.status = status
            self.state = state
            self.newYorkCity = newYorkCity
            self.age = age
            self.dependents = dependents
            self.children = children
            self.childrenUnder6 = childrenUnder6
            self.hoursWorked = hoursWorked
            self.localities = locality.map { Localities($0) } ?? Localities()
            self.workLocality = workLocality
        }
    }

    /// The components, each rounded to the cent as `TaxCalculator` rounds them.
    public struct Result: Sendable, Equatable {
        public var grossCents: Int64
        public var preTaxDeductionsCents: Int64
        public var federalTaxableIncomeCents: Int64
        public var federalIncomeTaxCents: Int64
        public var socialSecurityCents: Int64
        public var medicareCents: Int64
        public var stateTaxableIncomeCents: Int64
        public var stateIncomeTaxCents: Int64
        /// The `inSDI` part of `statePayrollContributionsCents`.
        public var stateDisabilityInsuranceCents: Int64
        /// Every payroll contribution, summed (`PayResult.statePayrollContributions`).
        public var statePayrollContributionsCents: Int64
        public var mentalHealthTaxCents: Int64
        /// The local income taxes, summed (`PayResult.localIncomeTax`, `cityIncomeTax`); the lines
        /// one by one are `TaxCalculator`'s.
        public var cityIncomeTaxCents: Int64
        /// Federal + FICA + state (+ city) rate on the next dollar, in millionths.
        public var marginalRateMillionths: Int64

        public var totalTaxCents: Int64 {
            federalIncomeTaxCents + socialSecurityCents + medicareCents + stateIncomeTaxCents
                + statePayrollContributionsCents + mentalHealthTaxCents + cityIncomeTaxCents
        }
        public var netPayCents: Int64 { grossCents - preTaxDeductionsCents - totalTaxCents }
        /// Total tax / gross in ten-thousandths (0.2082 is 2,082), rounded like `PayResult.effectiveRate`; 0 for no income.
        public var effectiveRateTenThousandths: Int64 {
            grossCents > 0 ? FixedPoint.divideRounded(totalTaxCents * 10_000, grossCents) : 0
        }
        /// Gross, tax and net for one pay period, in cents, each rounded like `PayResult.perPeriod`.
        public func perPeriod(_ period: PayResult.Period) -> (gross: Int64, tax: Int64, net: Int64) {
            let n = Int64(period.perYear)
            return (FixedPoint.divideRounded(grossCents, n), FixedPoint.divideRounded(totalTaxCents, n),
                    FixedPoint.divideRounded(netPayCents, n))
        }
    }

    let taxYear: Int
    let codes: [String: Int]
    let states: [FixedState]
    /// Every state's localities, in flat tables; and where each id is.
    let local: FixedLocalTables
    let localityIndex: [String: LocalityID]
    /// Indexed by `statusIndex`.
    let federal: [FixedSchedule]
    let federalDeduction: [Int64]
    /// The child tax credit in cents (start per status), nil when the year has none.
    let childCredit: (perChild: Int64, perOther: Int64, start: [Int64], step: Int64, amount: Int64)?
    /// The refundable additional child tax credit (per child, rate in millionths, earned threshold), nil when not written.
    let refundableChildCredit: (perChild: Int64, rate: Int64, threshold: Int64)?
    /// Earned income credit schedules for 0…3 children; empty when the year has none.
    let earnedIncomeCredit: [FixedEarnedIncomeCredit]
    let medicareThreshold: [Int64]
    let socialSecurityRate: Int64, wageBase: Int64
    let medicareRate: Int64, additionalMedicareRate: Int64
    /// Caps by age 0...maxAge (an age above is capped to `maxAge`; no age is index 0).
    let caps: [FixedCaps]
    static let maxAge = 130

    /// The state with this USPS code, or a clear error.
    public func state(_ code: String) throws -> StateID {
        guard let index = codes[code.uppercased()] else { throw CalculationError.unknownState(code, year: taxYear) }
        return StateID(index: index)
    }

    /// The locality with this id in `state`, or the errors `TaxCalculator` gives: an id the year
    /// does not have (`unknownLocality`), one in another state (`localityNotInState`).
    public func locality(_ id: String, state: StateID) throws -> LocalityID {
        guard let found = localityIndex[id] else {
            throw CalculationError(.unknownLocality, "locality '\(id)' is not in the \(taxYear) data")
        }
        guard found.state == state.index else {
            let name = codes.first { $0.value == found.state }?.key ?? "another state"
            throw CalculationError(.localityNotInState, "locality \(id) is in \(name), not in \(codes.first { $0.value == state.index }?.key ?? "this state")")
        }
        return found
    }

    public func calculate(_ input: Input) throws -> Result {
        guard input.grossCents >= 0 else { throw CalculationError.negative("gross pay") }
        guard input.grossCents <= FixedPoint.maxCents else { throw CalculationError.outOfRange("gross pay above $1,000,000,000 is out of range") }
        guard input.state.index < states.count else { throw CalculationError.unsupported("state from another year's calculator") }
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
        let smallest = Swift.min(input.plan401k, input.plan403b, input.plan457b, input.hsa, input.hsaSelf, input.section125)
        let largest = Swift.max(input.plan401k, input.plan403b, input.plan457b, input.hsa, input.hsaSelf, input.section125)
        guard smallest >= 0 else { throw CalculationError.negative("pre-tax deductions") }
        guard largest <= FixedPoint.maxCents else { throw CalculationError.outOfRange("pre-tax deduction above $1,000,000,000 is out of range") }
        // Read in place (`states[i]`), never held in a local: a local would retain and release it.
        let index = input.state.index
        if input.newYorkCity && !states[index].hasCityTax { throw CalculationError.newYorkCityOutsideNewYork }
        // (A loop over values held in place: nothing here allocates.)
        var newYorkCity = input.newYorkCity
        for i in 0 ..< input.localities.count {
            let place = input.localities.index(i)
            guard place >= 0, place < local.localities.count, local.localities[place].state == index else {
                throw CalculationError(.localityNotInState, "a locality of another state or year than the input's")
            }
            for j in 0 ..< i where local.localities[input.localities.index(j)].kind == local.localities[place].kind {
                if input.localities.index(j) == place { throw CalculationError.localityTwice(local.ids[place]) }
                throw CalculationError.localitiesOfOneKind(local.ids[input.localities.index(j)], local.ids[place],
                                                           kind: Locality.kinds[Int(local.localities[place].kind)])
            }
            newYorkCity = newYorkCity || local.localities[place].newYorkCity
        }
        if let place = input.workLocality, place.index >= local.localities.count || local.localities[place.index].state != index {
            throw CalculationError(.localityNotInState, "a locality of another state or year than the input's")
        }
        if input.newYorkCity && input.localities.count > 0 { throw CalculationError.newYorkCityAndLocality }
        let s = Self.statusIndex(input.status)
        let cap = caps[Swift.min(Swift.max(input.age ?? 0, 0), Self.maxAge)]

        let gross = input.grossCents
        let elective = Swift.min(input.plan401k + input.plan403b, cap.elective), plan401k = Swift.min(input.plan401k, elective)
        let plan457b = Swift.min(input.plan457b, cap.plan457b), hsa = Swift.min(input.hsa, cap.hsaFamily) + Swift.min(input.hsaSelf, cap.hsaSelf)
        let deferral = elective + plan457b
        let cafeteria = hsa + input.section125
        let preTax = Swift.min(gross, deferral + cafeteria)
        let incomeWages = gross - preTax
        let ficaWages = Swift.max(0, gross - cafeteria)

        // Federal.
        let federalTaxable = Swift.max(0, incomeWages - federalDeduction[s])
        let federalTax = federal[s].tax(on: federalTaxable)
        var federalTaxCents = FixedPoint.roundToCent(federalTax.units)
        var childCreditAllowed: Int64 = 0, additionalChildCredit: Int64 = 0
        if let ctc = childCredit, input.dependents > 0 {
            var credit = Int64(input.children) * ctc.perChild + Int64(input.dependents - input.children) * ctc.perOther
            if incomeWages > ctc.start[s], ctc.step > 0 {
                let steps = (incomeWages - ctc.start[s] + ctc.step - 1) / ctc.step // "or fraction thereof"
                credit = Swift.max(0, credit - steps * ctc.amount)
            }
            let applied = Swift.min(credit, federalTaxCents)
            federalTaxCents -= applied
            childCreditAllowed = applied
            if let part = refundableChildCredit {
                let byEarnings = FixedPoint.roundToCent(Swift.max(0, incomeWages - part.threshold) * part.rate)
                additionalChildCredit = Swift.max(0, Swift.min(credit - applied, Int64(input.children) * part.perChild, byEarnings))
                childCreditAllowed += additionalChildCredit
            }
        }
        var earnedCredit: Int64 = 0
        if !earnedIncomeCredit.isEmpty, states[index].needsEarnedIncomeCredit {
            earnedCredit = earnedIncomeCredit[Swift.min(input.children, earnedIncomeCredit.count - 1)].credit(wages: incomeWages, status: s)
        }

        // FICA.
        let socialSecurity = FixedPoint.roundToCent(Swift.min(ficaWages, wageBase) * socialSecurityRate)
        let threshold = medicareThreshold[s]
        let medicare = FixedPoint.roundToCent(ficaWages * medicareRate + Swift.max(0, ficaWages - threshold) * additionalMedicareRate)
        let ficaMarginal = (ficaWages < wageBase ? socialSecurityRate : 0) + medicareRate + (ficaWages > threshold ? additionalMedicareRate : 0)

        // State.
        let taxed = states[index].preTaxTaxed
        let added = (taxed.plan401k ? plan401k : 0) + (taxed.plan403b ? elective - plan401k : 0) + (taxed.plan457b ? plan457b : 0)
            + (taxed.hsa ? hsa : 0) + (taxed.section125 ? input.section125 : 0)
        let stateInput = FixedState.Input(incomeWages: Swift.min(gross, incomeWages + added), gross: gross, ficaWages: ficaWages,
                  hours: Int64(input.hoursWorked ?? PayInput.fullTimeHours), federalTaxable: federalTaxable,
                  federalDeduction: federalDeduction[s], federalTax: federalTaxCents,
                  fica: socialSecurity + medicare, childCreditAllowed: childCreditAllowed, additionalChildCredit: additionalChildCredit,
                  earnedCredit: earnedCredit,
                  dependents: input.dependents, children: input.children, childrenUnder6: input.childrenUnder6,
                  newYorkCity: newYorkCity, status: s)
        let stateResult = states[index].tax(stateInput)
        var (stateTaxable, stateTax, sdi, mentalHealth, city, stateMarginal) =
            (stateResult.taxable, stateResult.tax, stateResult.sdi, stateResult.mentalHealth, stateResult.city, stateResult.marginal)
        if input.localities.count > 0 || input.workLocality != nil {
            let taxes = localTaxes(residences: input.localities, work: input.workLocality?.index,
                                   LocalIncome(gross: gross, fica: ficaWages, taxable: stateInput.incomeWages, stateTaxable: stateTaxable,
                                               stateTax: stateTax, newYorkCity: city, status: s))
            city = taxes.cents
            stateMarginal += taxes.marginal
        }
        return Result(
            grossCents: gross, preTaxDeductionsCents: preTax, federalTaxableIncomeCents: federalTaxable,
            federalIncomeTaxCents: federalTaxCents, socialSecurityCents: socialSecurity, medicareCents: medicare,
            stateTaxableIncomeCents: stateTaxable, stateIncomeTaxCents: stateTax, stateDisabilityInsuranceCents: sdi,
            statePayrollContributionsCents: stateResult.contributions,
            mentalHealthTaxCents: mentalHealth, cityIncomeTaxCents: city,
            marginalRateMillionths: federalTax.rate + ficaMarginal + stateMarginal)
    }

    @inline(__always)
    private static func statusIndex(_ status: FilingStatus) -> Int {
        switch status {
        case .single: 0
        case .marriedFilingJointly: 1
        case .marriedFilingSeparately: 2
        case .headOfHousehold: 3
        case .qualifyingWidower: 4
        }
    }
}

extension FixedPointCalculator.Input {
    /// The fixed-point input for a `PayInput`, or a clear error if an amount is not whole cents.
    public init(_ input: PayInput, calculator: FixedPointCalculator) throws {
        let cents = FixedPoint.requireCents
        guard let code = input.state else {
            throw CalculationError.unsupported("the fixed-point calculator needs a state; TaxCalculator computes federal and FICA alone")
        }
        let state = try calculator.state(code)
        self.init(grossCents: try cents(input.grossAnnual, "gross pay"), status: input.status,
                  state: state, newYorkCity: input.newYorkCity, age: input.age,
                  dependents: input.dependents, children: input.children, childrenUnder6: input.childrenUnder6,
                  hoursWorked: input.hoursWorked,
                  workLocality: try input.workLocality.map { try calculator.locality($0, state: state) })
        localities = try FixedPointCalculator.Localities(input.localities.map { try calculator.locality($0, state: state) })
        try addPreTax(input.preTax) { try cents($0, $1) }
    }
}
