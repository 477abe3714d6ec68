import Foundation

/// Enumerates the money amounts and the rates of a year with their paths, for rules that
/// treat every value alike (non-negative amounts, rates in range).
extension TaxYearData {
    /// Every dollar amount outside bracket lists' rates.
    public var amounts: [(DataPath, Decimal)] {
        var out: [(DataPath, Decimal)] = []
        func table(_ t: StatusTable<Decimal>?, _ path: DataPath) {
            for (status, value) in t?.writtenInOrder ?? [] { out.append((path.key(status.rawValue), value)) }
        }
        func schedule(_ s: StatusTable<[Bracket]>?, _ path: DataPath) {
            for (status, list) in s?.writtenInOrder ?? [] {
                for (i, b) in list.enumerated() {
                    let p = path.key(status.rawValue).index(i)
                    out.append((p.key("floor"), b.floor))
                    if let c = b.ceiling { out.append((p.key("ceiling"), c)) }
                    out.append((p.key("baseTax"), b.baseTax))
                }
            }
        }
        let f = DataPath(.federal)
        table(federal.standardDeduction, f.key("standardDeduction"))
        schedule(federal.brackets, f.key("brackets"))
        let fi = DataPath(.fica)
        out.append((fi.key("socialSecurity").key("wageBase"), fica.socialSecurity.wageBase))
        out.append((fi.key("socialSecurity").key("maxTax"), fica.socialSecurity.maxTax))
        table(fica.medicare.thresholds, fi.key("medicare").key("thresholds"))
        let r = DataPath(.retirement)
        for (key, plan) in [("401k", retirement.plan401k), ("403b", retirement.plan403b), ("457b", retirement.plan457b)] {
            let p = r.key(key)
            out.append((p.key("employeeLimit"), plan.employeeLimit))
            out.append((p.key("catchUpContribution"), plan.catchUpContribution))
            if let t = plan.totalLimit { out.append((p.key("totalLimit"), t)) }
            if let e = plan.enhancedCatchUp { out.append((p.key("enhancedCatchUp").key("contribution"), e.contribution)) }
        }
        out.append((r.key("ira").key("traditionalLimit"), retirement.ira.traditionalLimit))
        out.append((r.key("ira").key("rothLimit"), retirement.ira.rothLimit))
        out.append((r.key("ira").key("catchUpContribution"), retirement.ira.catchUpContribution))
        for (status, range) in retirement.rothIncomePhaseout.writtenInOrder {
            out.append((r.key("rothIncomePhaseout").key(status.rawValue).key("start"), range.start))
            out.append((r.key("rothIncomePhaseout").key(status.rawValue).key("end"), range.end))
        }
        out.append((r.key("simpleIra").key("employeeLimit"), retirement.simpleIra.employeeLimit))
        out.append((r.key("simpleIra").key("catchUpContribution"), retirement.simpleIra.catchUpContribution))
        if let e = retirement.simpleIra.enhancedCatchUp { out.append((r.key("simpleIra").key("enhancedCatchUp").key("contribution"), e.contribution)) }
        out.append((r.key("sepIra").key("limit"), retirement.sepIra.limit))
        out.append((r.key("sepIra").key("maxCompensation"), retirement.sepIra.maxCompensation))
        out.append((r.key("hsa").key("individual"), retirement.hsa.individual))
        out.append((r.key("hsa").key("family"), retirement.hsa.family))
        out.append((r.key("hsa").key("catchUpContribution"), retirement.hsa.catchUpContribution))
        for code in states.keys.sorted() {
            let s = states[code]!
            let p = DataPath(.state(code))
            table(s.standardDeduction, p.key("standardDeduction"))
            table(s.personalExemption, p.key("personalExemption"))
            table(s.personalCredit, p.key("personalCredit"))
            if let d = s.dependentExemption { out.append((p.key("dependentExemption"), d)) }
            if let d = s.dependentCredit { out.append((p.key("dependentCredit"), d)) }
            if let d = s.refundableDependentCredit { out.append((p.key("refundableDependentCredit"), d)) }
            schedule(s.brackets, p.key("brackets"))
            schedule(s.nycTax?.brackets, p.key("nycTax").key("brackets"))
            if let sdi = s.sdi {
                if let w = sdi.wageBase { out.append((p.key("sdi").key("wageBase"), w)) }
                if let m = sdi.maxTax { out.append((p.key("sdi").key("maxTax"), m)) }
                if let m = sdi.maxWeekly { out.append((p.key("sdi").key("maxWeekly"), m)) }
            }
            if let m = s.mentalHealthTax { out.append((p.key("mentalHealthTax").key("threshold"), m.threshold)) }
        }
        return out
    }

    /// Every rate that is not a bracket rate (bracket rates have their own rule).
    public var rates: [(DataPath, Decimal)] {
        var out: [(DataPath, Decimal)] = []
        out.append((DataPath(.fica).key("socialSecurity").key("rate"), fica.socialSecurity.rate))
        out.append((DataPath(.fica).key("medicare").key("rate"), fica.medicare.rate))
        out.append((DataPath(.fica).key("medicare").key("additionalRate"), fica.medicare.additionalRate))
        out.append((DataPath(.retirement).key("sepIra").key("maxPercentage"), retirement.sepIra.maxPercentage))
        for code in states.keys.sorted() {
            let s = states[code]!
            let p = DataPath(.state(code))
            if let r = s.rate { out.append((p.key("rate"), r)) }
            if let r = s.sdi?.rate { out.append((p.key("sdi").key("rate"), r)) }
            if let r = s.mentalHealthTax?.rate { out.append((p.key("mentalHealthTax").key("rate"), r)) }
            if let r = s.localTax?.averageRate { out.append((p.key("localTax").key("averageRate"), r)) }
            for (i, city) in (s.localTax?.cities ?? []).enumerated() {
                out.append((p.key("localTax").key("cities").index(i).key("rate"), city.rate))
            }
        }
        return out
    }
}
