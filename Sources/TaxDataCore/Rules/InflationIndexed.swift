import Foundation

/// An amount the law adjusts for inflation every year, as `taxdata new-year` indexes it.
public struct IndexedAmount: Sendable, Equatable {
    public var path: DataPath
    public var value: Decimal
    /// For a bracket ceiling, the rates of its schedule: a ceiling is comparable with last year's
    /// at the same path only when the schedule kept its brackets.
    public var scheduleRates: [Decimal]?
}

extension TaxYearData {
    /// The amounts indexed for inflation, written values only (a `sameAs` copy is its original's):
    /// federal standard deductions and bracket ceilings, the Social Security wage base, the
    /// retirement limits (contribution limits, catch-ups, the Roth phase-out ranges other than
    /// married filing separately's statutory one, the SEP compensation cap, HSA limits), and, for
    /// a state that declares `indexed: true`, its standard deductions and bracket ceilings.
    ///
    /// `NextYear` scaffolds exactly these as provisional values (a test holds the two together).
    public var inflationIndexedAmounts: [IndexedAmount] {
        var out: [IndexedAmount] = []
        func add(_ path: DataPath, _ value: Decimal?) {
            if let value { out.append(IndexedAmount(path: path, value: value)) }
        }
        func table(_ t: StatusTable<Decimal>?, _ path: DataPath) {
            for (status, value) in t?.writtenInOrder ?? [] { add(path.key(status.rawValue), value) }
        }
        func ceilings(_ s: StatusTable<[Bracket]>?, _ path: DataPath) {
            for (status, list) in s?.writtenInOrder ?? [] {
                let rates = list.map(\.rate)
                for (i, bracket) in list.enumerated() {
                    guard let ceiling = bracket.ceiling else { continue }
                    out.append(IndexedAmount(path: path.key(status.rawValue).index(i).key("ceiling"), value: ceiling, scheduleRates: rates))
                }
            }
        }
        let f = DataPath(.federal)
        table(federal.standardDeduction, f.key("standardDeduction"))
        ceilings(federal.brackets, f.key("brackets"))
        add(DataPath(.fica).key("socialSecurity").key("wageBase"), fica.socialSecurity.wageBase)

        let r = DataPath(.retirement), ret = retirement
        for (key, plan) in [("401k", ret.plan401k), ("403b", ret.plan403b), ("457b", ret.plan457b)] {
            add(r.key(key).key("employeeLimit"), plan.employeeLimit)
            add(r.key(key).key("catchUpContribution"), plan.catchUpContribution)
            add(r.key(key).key("totalLimit"), plan.totalLimit)
            add(r.key(key).key("enhancedCatchUp").key("contribution"), plan.enhancedCatchUp?.contribution)
        }
        add(r.key("ira").key("traditionalLimit"), ret.ira.traditionalLimit)
        add(r.key("ira").key("rothLimit"), ret.ira.rothLimit)
        add(r.key("ira").key("catchUpContribution"), ret.ira.catchUpContribution)
        for (status, range) in ret.rothIncomePhaseout.writtenInOrder where status != .marriedFilingSeparately {
            add(r.key("rothIncomePhaseout").key(status.rawValue).key("start"), range.start)
            add(r.key("rothIncomePhaseout").key(status.rawValue).key("end"), range.end)
        }
        add(r.key("simpleIra").key("employeeLimit"), ret.simpleIra.employeeLimit)
        add(r.key("simpleIra").key("catchUpContribution"), ret.simpleIra.catchUpContribution)
        add(r.key("simpleIra").key("enhancedCatchUp").key("contribution"), ret.simpleIra.enhancedCatchUp?.contribution)
        add(r.key("sepIra").key("limit"), ret.sepIra.limit)
        add(r.key("sepIra").key("maxCompensation"), ret.sepIra.maxCompensation)
        add(r.key("hsa").key("individual"), ret.hsa.individual)
        add(r.key("hsa").key("family"), ret.hsa.family)

        for code in states.keys.sorted() where states[code]!.indexed == true {
            let s = states[code]!, p = DataPath(.state(code))
            table(s.standardDeduction, p.key("standardDeduction"))
            ceilings(s.brackets, p.key("brackets"))
        }
        return out
    }
}
