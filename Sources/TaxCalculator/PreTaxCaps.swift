import Foundation
import TaxDataCore

/// The year's caps on pre-tax deductions for one person, from the retirement limits and age.
/// Both calculators take their caps from here, so the rules live in one place.
///
/// - 401(k) and 403(b) elective deferrals share one limit (IRC 402(g)(1)): the employee limit,
///   plus the age-50 catch-up (414(v)) or, at ages 60–63 where the year has it, the enhanced one.
/// - 457(b) has its own limit and catch-ups (IRC 457(e)(15)).
/// - HSA: the family or self-only limit, plus the catch-up from age 55 (IRC 223(b)(3)).
/// - Other section 125 deductions have no cap here.
struct PreTaxCaps: Equatable {
    var elective401k403b: Decimal
    var plan457b: Decimal
    var hsaFamily: Decimal
    var hsaSelf: Decimal

    init(limits: RetirementData, age: Int?) {
        elective401k403b = Self.cap(limits.plan401k, age: age)
        plan457b = Self.cap(limits.plan457b, age: age)
        let hsaCatchUp: Decimal = (age.map { $0 >= limits.hsa.catchUpAge } ?? false) ? limits.hsa.catchUpContribution : 0
        hsaFamily = limits.hsa.family + hsaCatchUp
        hsaSelf = limits.hsa.individual + hsaCatchUp
    }

    private static func cap(_ plan: RetirementData.DeferralPlan, age: Int?) -> Decimal {
        guard let age else { return plan.employeeLimit }
        if let enhanced = plan.enhancedCatchUp, (enhanced.minAge...enhanced.maxAge).contains(age) {
            return plan.employeeLimit + enhanced.contribution
        }
        return age >= plan.catchUpAge ? plan.employeeLimit + plan.catchUpContribution : plan.employeeLimit
    }
}

/// Pre-tax amounts requested, summed by the limit that caps them.
struct PreTaxRequest: Equatable {
    var elective401k403b: Decimal = 0
    /// The 401(k) part of `elective401k403b`: under the shared cap it is allowed first.
    var plan401k: Decimal = 0
    var plan457b: Decimal = 0
    var hsaFamily: Decimal = 0
    var hsaSelf: Decimal = 0
    var section125: Decimal = 0

    init(_ deductions: [PreTaxDeduction]) {
        for deduction in deductions {
            switch deduction.kind {
            case .plan401k:
                elective401k403b += deduction.amount
                plan401k += deduction.amount
            case .plan403b: elective401k403b += deduction.amount
            case .plan457b: plan457b += deduction.amount
            case .hsa: hsaFamily += deduction.amount
            case .hsaSelf: hsaSelf += deduction.amount
            case .section125: section125 += deduction.amount
            }
        }
    }
}

/// Pre-tax amounts allowed under the caps, by the kind a state may tax. Under the 401(k)/403(b)
/// shared limit the 401(k) deferral is allowed first.
struct PreTaxAllowed: Equatable {
    var plan401k: Decimal, plan403b: Decimal, plan457b: Decimal, hsa: Decimal, section125: Decimal

    /// The deductions `treatment` taxes that were made, by name, and their sum.
    func taxed(by treatment: PreTaxTreatment) -> (names: [String], sum: Decimal) {
        let parts: [(String, String, Decimal)] = [("401k", "401(k)", plan401k), ("403b", "403(b)", plan403b), ("457b", "457(b)", plan457b),
                                                  ("hsa", "HSA", hsa), ("section125", "section 125", section125)]
        let taxed = parts.filter { treatment.taxes($0.0) && $0.2 > 0 }
        return (taxed.map(\.1), taxed.reduce(0) { $0 + $1.2 })
    }
}
