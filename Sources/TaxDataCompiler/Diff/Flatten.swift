import Foundation
import TaxDataCore

/// A tax year as values at their `DataPath`s: scalars, and bracket schedules (compared with
/// alignment), each with how it is derived, if it is. Sources and notes are left out: they are
/// prose, not figures.
struct FlatYear {
    struct Scalar {
        var value: FlatValue
        var derivation: Derivation?
    }

    struct Schedule {
        var brackets: [Bracket]
        /// Set when the whole schedule copies another status's.
        var copy: Derivation?
    }

    var scalars: [DataPath: Scalar] = [:]
    var schedules: [DataPath: Schedule] = [:]

    init(_ data: TaxYearData, origin: YearOrigin) {
        func amounts(_ path: DataPath, _ table: StatusTable<Decimal>?) {
            let copies = origin.copies(table)
            for (status, value) in table?.expanded ?? [:] {
                scalars[path.key(status.rawValue)] = Scalar(value: .number(value), derivation: copies[status].map { .copy(of: $0) })
            }
        }
        func brackets(_ path: DataPath, _ table: StatusTable<[Bracket]>?) {
            let copies = origin.copies(table)
            for (status, list) in table?.expanded ?? [:] {
                schedules[path.key(status.rawValue)] = Schedule(brackets: list, copy: copies[status].map { .copy(of: $0) })
            }
        }
        func number(_ path: DataPath, _ value: Decimal?, derived derivation: Derivation? = nil) {
            if let value { scalars[path] = Scalar(value: .number(value), derivation: derivation) }
        }
        func text(_ path: DataPath, _ value: String) { scalars[path] = Scalar(value: .text(value), derivation: nil) }

        let federal = DataPath(.federal)
        amounts(federal.key("standardDeduction"), data.federal.standardDeduction)
        brackets(federal.key("brackets"), data.federal.brackets)

        let fica = DataPath(.fica), ss = data.fica.socialSecurity, medicare = data.fica.medicare
        number(fica.key("socialSecurity").key("rate"), ss.rate)
        number(fica.key("socialSecurity").key("wageBase"), ss.wageBase)
        number(fica.key("socialSecurity").key("maxTax"), ss.maxTax, derived: .maxTax)
        number(fica.key("medicare").key("rate"), medicare.rate)
        number(fica.key("medicare").key("additionalRate"), medicare.additionalRate)
        amounts(fica.key("medicare").key("thresholds"), medicare.thresholds)

        let retirement = DataPath(.retirement), r = data.retirement
        for (key, plan) in [("401k", r.plan401k), ("403b", r.plan403b), ("457b", r.plan457b)] {
            let p = retirement.key(key)
            number(p.key("employeeLimit"), plan.employeeLimit)
            number(p.key("catchUpContribution"), plan.catchUpContribution)
            number(p.key("catchUpAge"), Decimal(plan.catchUpAge))
            number(p.key("totalLimit"), plan.totalLimit)
            number(p.key("enhancedCatchUp").key("contribution"), plan.enhancedCatchUp?.contribution)
        }
        let ira = retirement.key("ira")
        number(ira.key("traditionalLimit"), r.ira.traditionalLimit)
        number(ira.key("rothLimit"), r.ira.rothLimit)
        number(ira.key("catchUpContribution"), r.ira.catchUpContribution)
        let phaseoutCopies = origin.copies(r.rothIncomePhaseout)
        for (status, range) in r.rothIncomePhaseout.expanded {
            let p = retirement.key("rothIncomePhaseout").key(status.rawValue)
            let copy = phaseoutCopies[status].map { Derivation.copy(of: $0) }
            number(p.key("start"), range.start, derived: copy)
            number(p.key("end"), range.end, derived: copy)
        }
        let simple = retirement.key("simpleIra")
        number(simple.key("employeeLimit"), r.simpleIra.employeeLimit)
        number(simple.key("catchUpContribution"), r.simpleIra.catchUpContribution)
        number(simple.key("enhancedCatchUp").key("contribution"), r.simpleIra.enhancedCatchUp?.contribution)
        let sep = retirement.key("sepIra")
        number(sep.key("limit"), r.sepIra.limit)
        number(sep.key("maxCompensation"), r.sepIra.maxCompensation)
        number(sep.key("maxPercentage"), r.sepIra.maxPercentage)
        let hsa = retirement.key("hsa")
        number(hsa.key("individual"), r.hsa.individual)
        number(hsa.key("family"), r.hsa.family)
        number(hsa.key("catchUpContribution"), r.hsa.catchUpContribution)

        for (code, state) in data.states {
            let p = DataPath(.state(code))
            text(p.key("type"), state.type.rawValue)
            number(p.key("rate"), state.rate)
            amounts(p.key("standardDeduction"), state.standardDeduction)
            amounts(p.key("personalExemption"), state.personalExemption)
            number(p.key("dependentExemption"), state.dependentExemption)
            amounts(p.key("personalCredit"), state.personalCredit)
            number(p.key("dependentCredit"), state.dependentCredit)
            brackets(p.key("brackets"), state.brackets)
            brackets(p.key("nycTax").key("brackets"), state.nycTax?.brackets)
            if let sdi = state.sdi {
                number(p.key("sdi").key("rate"), sdi.rate)
                if let base = sdi.wageBase { number(p.key("sdi").key("wageBase"), base) } else { text(p.key("sdi").key("wageBase"), "none") }
                number(p.key("sdi").key("maxTax"), sdi.maxTax, derived: .maxTax)
                number(p.key("sdi").key("maxWeekly"), sdi.maxWeekly)
            }
            number(p.key("mentalHealthTax").key("threshold"), state.mentalHealthTax?.threshold)
            number(p.key("mentalHealthTax").key("rate"), state.mentalHealthTax?.rate)
            if let local = state.localTax {
                text(p.key("localTax").key("hasLocalTax"), String(local.hasLocalTax))
                number(p.key("localTax").key("averageRate"), local.averageRate)
                for city in local.cities { number(p.key("localTax").key("cities").key(city.name), city.rate) }
            }
            if let missing = state.missing, !missing.isEmpty {
                text(p.key("missing"), missing.sorted().joined(separator: ", "))
            }
        }
    }
}
