import Foundation

/// Where a state's taxable income starts, for a wage earner (schema 1.2).
public enum IncomeBase: String, Sendable, Equatable, Codable, CaseIterable {
    /// Wages less pre-tax deductions (federal adjusted gross income for a wage earner): the default.
    case wages
    /// Federal taxable income (Colorado): the federal standard deduction is already taken.
    case federalTaxableIncome = "federal_taxable_income"
}
