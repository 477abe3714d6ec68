import Foundation
import TaxDataCore

/// The employee's Form W-4, as Publication 15-T reads it.
///
/// - A form from 2020 or later (`formYear` 2020 or later): a filing status (single or married
///   filing separately, married filing jointly or qualifying surviving spouse, head of household),
///   the Step 2 box, Step 3 (dependents), Step 4(a) other income, 4(b) deductions and 4(c) extra
///   withholding.
/// - A form from 2019 or earlier: single, married (`marriedFilingJointly`), or married but
///   withholding at the higher single rate (`marriedFilingSeparately`); allowances; the additional
///   amount of line 6 (`extraWithholding`).
public struct FormW4: Sendable, Equatable {
    public var formYear: Int
    public var filingStatus: FilingStatus
    /// Step 2(c): the box for two jobs, or a working spouse.
    public var multipleJobs: Bool
    /// Step 3: the credits for dependents, a year.
    public var dependentsAmount: Decimal
    /// Step 4(a): other income, a year.
    public var otherIncome: Decimal
    /// Step 4(b): deductions beyond the standard deduction, a year.
    public var deductions: Decimal
    /// Step 4(c), or line 6 of a form from 2019 or earlier: extra withholding each pay period.
    public var extraWithholding: Decimal
    /// Line 5 of a form from 2019 or earlier.
    public var allowances: Int
    /// A nonresident alien employee: Pub 15-T adds its Table 1 or 2 amount to the wages.
    public var nonresidentAlien: Bool
    /// Claims exemption from withholding (no federal income tax is withheld; FICA is).
    public var exempt: Bool

    public init(formYear: Int = 2020, filingStatus: FilingStatus, multipleJobs: Bool = false, dependentsAmount: Decimal = 0,
                otherIncome: Decimal = 0, deductions: Decimal = 0, extraWithholding: Decimal = 0, allowances: Int = 0,
                nonresidentAlien: Bool = false, exempt: Bool = false) {
        self.formYear = formYear
        self.filingStatus = filingStatus
        self.multipleJobs = multipleJobs
        self.dependentsAmount = dependentsAmount
        self.otherIncome = otherIncome
        self.deductions = deductions
        self.extraWithholding = extraWithholding
        self.allowances = allowances
        self.nonresidentAlien = nonresidentAlien
        self.exempt = exempt
    }

    /// A form from 2020 or later (the redesigned form without allowances).
    public var isRedesigned: Bool { formYear >= 2020 }

    /// The most allowances a calculation takes.
    public static let maxAllowances = 99
    /// The earliest form year taken (the allowance forms go back decades; their rules did not change
    /// in a way Pub 15-T distinguishes).
    public static let earliestFormYear = 1900

    /// The combinations the form does not allow, and negative amounts, each naming its field.
    func validate(taxYear: Int) throws {
        func refuse(_ field: String, _ message: String) throws { throw CalculationError(.inconsistentInput, "w4.\(field): \(message)") }
        guard (Self.earliestFormYear...taxYear).contains(formYear) else {
            throw CalculationError(.outOfRange, "w4.form: \(formYear) is not a Form W-4 year for a \(taxYear) paycheck (\(Self.earliestFormYear)…\(taxYear))")
        }
        for (field, amount) in [("dependentsAmount", dependentsAmount), ("otherIncome", otherIncome), ("deductions", deductions),
                                ("extraWithholding", extraWithholding)] where amount < 0 {
            throw CalculationError.negative("w4.\(field)")
        }
        if isRedesigned {
            if allowances != 0 { try refuse("allowances", "a Form W-4 from 2020 or later has no allowances (use dependentsAmount, deductions)") }
        } else {
            if multipleJobs { try refuse("multipleJobs", "the Step 2 box is on Forms W-4 from 2020 or later; this form is from \(formYear)") }
            if dependentsAmount != 0 || otherIncome != 0 || deductions != 0 {
                try refuse(dependentsAmount != 0 ? "dependentsAmount" : otherIncome != 0 ? "otherIncome" : "deductions",
                           "Steps 3 and 4 are on Forms W-4 from 2020 or later; this form is from \(formYear) (use allowances)")
            }
            if filingStatus == .headOfHousehold || filingStatus == .qualifyingWidower {
                try refuse("filingStatus", "a Form W-4 from \(formYear) has single, married, or married but withhold at the higher single rate (married_filing_separately)")
            }
            guard (0...Self.maxAllowances).contains(allowances) else {
                throw CalculationError(.outOfRange, "w4.allowances: \(allowances) is not 0…\(Self.maxAllowances)")
            }
        }
        if nonresidentAlien && ![.single, .marriedFilingSeparately].contains(filingStatus) {
            try refuse("filingStatus", "a nonresident alien checks single or married filing separately (Notice 1392)")
        }
    }
}
