import Foundation
import TaxDataCore

/// A pre-tax payroll deduction.
public enum PreTaxKind: String, Sendable, CaseIterable, Equatable {
    /// Elective deferrals: reduce income tax, not FICA wages.
    case plan401k = "401k", plan403b = "403b", plan457b = "457b"
    /// Health savings account through a cafeteria plan: reduces income tax and FICA wages.
    /// Capped at the family limit (`hsa-self`: the self-only limit).
    case hsa, hsaSelf = "hsa-self"
    /// Other section 125 deductions (health premiums): reduce income tax and FICA wages; no cap.
    case section125
}

public struct PreTaxDeduction: Sendable, Equatable {
    public var kind: PreTaxKind
    /// Annual amount, dollars.
    public var amount: Decimal
    public init(_ kind: PreTaxKind, _ amount: Decimal) {
        self.kind = kind
        self.amount = amount
    }
}

/// What to calculate: one person's annual wages.
public struct PayInput: Sendable, Equatable {
    public var grossAnnual: Decimal
    public var status: FilingStatus
    /// USPS code of the state of residence; nil for federal and FICA only (no state tax).
    public var state: String?
    public var preTax: [PreTaxDeduction]
    /// Resident of New York City (NY only).
    public var newYorkCity: Bool
    /// Age at year end, for catch-up contributions (nil: under 50).
    public var age: Int?
    /// Dependents claimed: each takes the state's `dependentExemption` off taxable income and its
    /// `dependentCredit` off the tax, and the federal credit for other dependents.
    public var dependents: Int
    /// How many of `dependents` are qualifying children under 17 (the federal child tax credit).
    public var children: Int
    /// How many of `children` are under 6 at year end (South Carolina's `youngChildDeduction`).
    public var childrenUnder6: Int
    /// Hours worked in the year, for a contribution charged per hour (Oregon's Workers' Benefit
    /// Fund); nil: full time, `fullTimeHours`, with a note.
    public var hoursWorked: Int?
    /// Where the person lives: the locality ids of `state` whose residence taxes they owe
    /// (`TaxYearData.localities`, e.g. `24031` for Montgomery County, MD), at most one of each kind
    /// and `maxLocalities` in all: an Ohio city and its school district are two. Empty: no local
    /// tax (or none known).
    public var localities: [String]
    /// The first of `localities`: where the person lives, when one locality taxes it.
    public var locality: String? {
        get { localities.first }
        set { localities = newValue.map { [$0] } ?? [] }
    }
    /// Where the person works, when a work-place tax or credit applies there and it is not
    /// `locality`; nil: where they live.
    public var workLocality: String?

    public init(grossAnnual: Decimal, status: FilingStatus, state: String? = nil, preTax: [PreTaxDeduction] = [], newYorkCity: Bool = false,
                age: Int? = nil, dependents: Int = 0, children: Int = 0, childrenUnder6: Int = 0, hoursWorked: Int? = nil,
                locality: String? = nil, localities: [String] = [], workLocality: String? = nil) {
        self.grossAnnual = grossAnnual
        self.status = status
        self.state = state
        self.preTax = preTax
        self.newYorkCity = newYorkCity
        self.age = age
        self.dependents = dependents
        self.children = children
        self.childrenUnder6 = childrenUnder6
        self.hoursWorked = hoursWorked
        self.localities = (locality.map { [$0] } ?? []) + localities
        self.workLocality = workLocality
    }
}

extension PayInput {
    /// The most dependents a calculation takes (a bound that keeps fixed-point products in range).
    public static let maxDependents = 20
    /// Full time: 40 hours × 52 weeks, when `hoursWorked` is not given.
    public static let fullTimeHours = 2080
    /// The most hours a year has (366 × 24).
    public static let maxHours = 8784
    /// The most residence localities a calculation takes (a county, a city and a school district).
    public static let maxLocalities = 3
}
