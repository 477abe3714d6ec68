import Foundation

/// IRS Publication 15-T's percentage method for automated payroll systems (schema 1.14): what an
/// employer withholds from each paycheck for federal income tax, from the employee's Form W-4.
/// Written as the publication prints it, in `federal.yaml` under `withholding`.
public struct FederalWithholding: Sendable, Equatable, Codable {
    /// The annual percentage method schedules (Pub 15-T section 1): `standard` for a Form W-4 from
    /// 2019 or earlier, or from 2020 or later with the Step 2 box not checked; `checkbox` with the
    /// box checked. Pub 15-T prints three: married filing jointly (also qualifying surviving
    /// spouse), single or married filing separately, and head of household.
    public var standard: W4Columns<[WithholdingRow]>
    public var checkbox: W4Columns<[WithholdingRow]>
    /// Worksheet 1A line 1g: taken off the annual wages when the Step 2 box is not checked
    /// ($12,900 married filing jointly, $8,600 otherwise in 2025 and 2026).
    public var standardAllowance: W4Columns<Decimal>
    /// Worksheet 1A line 1k: the value of one allowance on a Form W-4 from 2019 or earlier.
    public var allowance: Decimal
    /// The amounts added to a nonresident alien's wages for figuring the withholding only, per
    /// payroll period (`PayFrequency` raw values): Table 1 for a Form W-4 from 2019 or earlier
    /// (first paid before 2020), Table 2 otherwise.
    public var nonresidentAlien: NonresidentAlien?
    /// Pub 15 section 7: the optional flat rate on supplemental wages, and the mandatory rate on
    /// the supplemental wages of the year above `mandatoryThreshold`.
    public var supplemental: Supplemental

    public struct NonresidentAlien: Sendable, Equatable, Codable {
        public var table1: [String: Decimal]
        public var table2: [String: Decimal]
        public init(table1: [String: Decimal], table2: [String: Decimal]) {
            self.table1 = table1
            self.table2 = table2
        }
    }

    public struct Supplemental: Sendable, Equatable, Codable {
        public var rate: Decimal
        public var mandatoryRate: Decimal
        public var mandatoryThreshold: Decimal
        public init(rate: Decimal, mandatoryRate: Decimal, mandatoryThreshold: Decimal) {
            self.rate = rate
            self.mandatoryRate = mandatoryRate
            self.mandatoryThreshold = mandatoryThreshold
        }
    }

    public init(standard: W4Columns<[WithholdingRow]>, checkbox: W4Columns<[WithholdingRow]>, standardAllowance: W4Columns<Decimal>,
                allowance: Decimal, nonresidentAlien: NonresidentAlien?, supplemental: Supplemental) {
        self.standard = standard
        self.checkbox = checkbox
        self.standardAllowance = standardAllowance
        self.allowance = allowance
        self.nonresidentAlien = nonresidentAlien
        self.supplemental = supplemental
    }
}

/// Publication 15-T's three columns, the three filing statuses of a Form W-4 from 2020 or later:
/// married filing jointly (or qualifying surviving spouse), single (or married filing separately),
/// head of household. (A form from 2019 or earlier has married, and single for the other two.)
public struct W4Columns<Value: Sendable & Equatable & Codable>: Sendable, Equatable, Codable {
    public var marriedFilingJointly: Value
    public var single: Value
    public var headOfHousehold: Value

    enum CodingKeys: String, CodingKey {
        case marriedFilingJointly = "married_filing_jointly", single, headOfHousehold = "head_of_household"
    }

    public init(marriedFilingJointly: Value, single: Value, headOfHousehold: Value) {
        self.marriedFilingJointly = marriedFilingJointly
        self.single = single
        self.headOfHousehold = headOfHousehold
    }

    /// The column of a filing status.
    public subscript(status: FilingStatus) -> Value {
        switch status {
        case .marriedFilingJointly, .qualifyingWidower: marriedFilingJointly
        case .single, .marriedFilingSeparately: single
        case .headOfHousehold: headOfHousehold
        }
    }

    /// The columns in Pub 15-T's order, with their keys.
    public var columns: [(key: String, value: Value)] {
        [("married_filing_jointly", marriedFilingJointly), ("single", single), ("head_of_household", headOfHousehold)]
    }
}

/// One row of a Pub 15-T annual schedule, as printed: if the adjusted annual wage is at least
/// `atLeast` (column A) but less than `lessThan` (column B; nil on the last row), the tentative
/// amount is `tentative` (column C) plus `rate` (column D) of the wage above `atLeast` (column E,
/// which Pub 15-T always prints equal to column A).
public struct WithholdingRow: Sendable, Equatable, Codable {
    public var atLeast: Decimal
    public var lessThan: Decimal?
    public var tentative: Decimal
    public var rate: Decimal

    public init(atLeast: Decimal, lessThan: Decimal?, tentative: Decimal, rate: Decimal) {
        self.atLeast = atLeast
        self.lessThan = lessThan
        self.tentative = tentative
        self.rate = rate
    }
}

extension Array where Element == WithholdingRow {
    /// Worksheet 1A lines 2b–2g: the tentative annual withholding for an adjusted annual wage, from
    /// the row it falls in (column C, plus column D × the wage above column A). Exact: the caller rounds.
    public func tentative(on wage: Decimal) -> Decimal {
        guard let row = last(where: { $0.atLeast <= wage }) else { return 0 }
        return row.tentative + row.rate * (wage - row.atLeast)
    }
}

/// How often a person is paid: Pub 15-T's payroll periods, with the number of each in a year.
public enum PayFrequency: String, Sendable, CaseIterable, Codable {
    case weekly, biweekly, semimonthly, monthly, quarterly, semiannual, annual, daily

    /// Periods a year (Worksheet 1A line 1b; daily: 260, Pub 15-T's table).
    public var periods: Int {
        switch self {
        case .weekly: 52
        case .biweekly: 26
        case .semimonthly: 24
        case .monthly: 12
        case .quarterly: 4
        case .semiannual: 2
        case .annual: 1
        case .daily: 260
        }
    }
}
