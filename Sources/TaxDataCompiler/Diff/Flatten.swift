import Foundation
import TaxDataCore

/// A tax year as addressed values: scalars by `area/path`, and bracket schedules by `area/path`
/// (compared with alignment). Sources and notes are left out: they are prose, not figures.
struct FlatYear {
    var scalars: [String: FlatValue] = [:]
    var schedules: [String: [Bracket]] = [:]

    init(_ data: TaxYearData) {
        func amounts(_ area: String, _ path: String, _ table: StatusTable<Decimal>?) {
            for (status, value) in table?.expanded ?? [:] { scalars["\(area)/\(path).\(status.rawValue)"] = .number(value) }
        }
        func brackets(_ area: String, _ path: String, _ table: StatusTable<[Bracket]>?) {
            for (status, list) in table?.expanded ?? [:] { schedules["\(area)/\(path).\(status.rawValue)"] = list }
        }
        func number(_ key: String, _ value: Decimal?) { if let value { scalars[key] = .number(value) } }
        func int(_ key: String, _ value: Int?) { if let value { scalars[key] = .number(Decimal(value)) } }

        amounts("federal", "standardDeduction", data.federal.standardDeduction)
        brackets("federal", "brackets", data.federal.brackets)

        let ss = data.fica.socialSecurity, medicare = data.fica.medicare
        number("fica/socialSecurity.rate", ss.rate)
        number("fica/socialSecurity.wageBase", ss.wageBase)
        number("fica/socialSecurity.maxTax", ss.maxTax)
        number("fica/medicare.rate", medicare.rate)
        number("fica/medicare.additionalRate", medicare.additionalRate)
        amounts("fica", "medicare.thresholds", medicare.thresholds)

        let r = data.retirement
        for (key, plan) in [("401k", r.plan401k), ("403b", r.plan403b), ("457b", r.plan457b)] {
            number("retirement/\(key).employeeLimit", plan.employeeLimit)
            number("retirement/\(key).catchUpContribution", plan.catchUpContribution)
            int("retirement/\(key).catchUpAge", plan.catchUpAge)
            number("retirement/\(key).totalLimit", plan.totalLimit)
            number("retirement/\(key).enhancedCatchUp.contribution", plan.enhancedCatchUp?.contribution)
        }
        number("retirement/ira.traditionalLimit", r.ira.traditionalLimit)
        number("retirement/ira.rothLimit", r.ira.rothLimit)
        number("retirement/ira.catchUpContribution", r.ira.catchUpContribution)
        for (status, range) in r.rothIncomePhaseout.expanded {
            number("retirement/rothIncomePhaseout.\(status.rawValue).start", range.start)
            number("retirement/rothIncomePhaseout.\(status.rawValue).end", range.end)
        }
        number("retirement/simpleIra.employeeLimit", r.simpleIra.employeeLimit)
        number("retirement/simpleIra.catchUpContribution", r.simpleIra.catchUpContribution)
        number("retirement/simpleIra.enhancedCatchUp.contribution", r.simpleIra.enhancedCatchUp?.contribution)
        number("retirement/sepIra.limit", r.sepIra.limit)
        number("retirement/sepIra.maxCompensation", r.sepIra.maxCompensation)
        number("retirement/sepIra.maxPercentage", r.sepIra.maxPercentage)
        number("retirement/hsa.individual", r.hsa.individual)
        number("retirement/hsa.family", r.hsa.family)
        number("retirement/hsa.catchUpContribution", r.hsa.catchUpContribution)

        for (code, state) in data.states {
            let area = "states/\(code)"
            scalars["\(area)/type"] = .text(state.type.rawValue)
            number("\(area)/rate", state.rate)
            amounts(area, "standardDeduction", state.standardDeduction)
            amounts(area, "personalExemption", state.personalExemption)
            number("\(area)/dependentExemption", state.dependentExemption)
            amounts(area, "personalCredit", state.personalCredit)
            number("\(area)/dependentCredit", state.dependentCredit)
            brackets(area, "brackets", state.brackets)
            brackets(area, "nycTax.brackets", state.nycTax?.brackets)
            if let sdi = state.sdi {
                number("\(area)/sdi.rate", sdi.rate)
                scalars["\(area)/sdi.wageBase"] = sdi.wageBase.map { .number($0) } ?? .text("none")
                number("\(area)/sdi.maxTax", sdi.maxTax)
                number("\(area)/sdi.maxWeekly", sdi.maxWeekly)
            }
            number("\(area)/mentalHealthTax.threshold", state.mentalHealthTax?.threshold)
            number("\(area)/mentalHealthTax.rate", state.mentalHealthTax?.rate)
            if let local = state.localTax {
                scalars["\(area)/localTax.hasLocalTax"] = .text(String(local.hasLocalTax))
                number("\(area)/localTax.averageRate", local.averageRate)
                for city in local.cities { scalars["\(area)/localTax.cities.\(city.name)"] = .number(city.rate) }
            }
            if let missing = state.missing, !missing.isEmpty {
                scalars["\(area)/missing"] = .text(missing.sorted().joined(separator: ", "))
            }
        }
    }
}
