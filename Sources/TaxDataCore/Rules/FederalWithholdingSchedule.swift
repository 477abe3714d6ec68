import Foundation

/// Publication 15-T's withholding data (`federal.withholding`, schema 1.14) is whole and as the
/// IRS prints it: both schedule sets (standard and Step 2 checkbox) for its three columns (the
/// parser requires each), each
/// starting at 0 with rows that meet (a row's "but less than" is the next row's "at least"; the
/// last row open), rates in [0, 1), tentative amounts that follow from the row before to within a
/// dollar (the checkbox schedules are printed from unrounded halves, so cents may differ); the line
/// 1g amounts not negative; an allowance value above 0; the nonresident alien amount for every
/// payroll period; supplemental rates in [0, 1).
public struct FederalWithholdingSchedule: ValidationRule {
    public let id = RuleID.withholdingSchedule
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        guard let withholding = data.federal.withholding else { return [] }
        let path = DataPath(.federal).key("withholding")
        var findings: [Diagnostic] = []
        func error(_ message: String, _ at: DataPath) { findings.append(.error(id, message, at: at)) }
        if data.meta.schemaVersion < .v1_14 { error("withholding needs schemaVersion \"1.14\" in year.yaml", path) }
        for (name, table) in [("standard", withholding.standard), ("checkbox", withholding.checkbox)] {
            for (key, rows) in table.columns { check(rows, path.key(name).key(key), error) }
        }
        for (key, amount) in withholding.standardAllowance.columns where amount < 0 {
            error("standardAllowance must not be negative", path.key("standardAllowance").key(key))
        }
        if withholding.allowance <= 0 { error("allowance (Worksheet 1A line 1k, per allowance) must be above 0", path.key("allowance")) }
        if let alien = withholding.nonresidentAlien {
            for (name, table) in [("table1", alien.table1), ("table2", alien.table2)] {
                let missing = PayFrequency.allCases.filter { table[$0.rawValue] == nil }
                if !missing.isEmpty {
                    error("nonresidentAlien \(name) has no amount for \(missing.map(\.rawValue).joined(separator: ", "))", path.key("nonresidentAlien").key(name))
                }
                for (key, amount) in table where amount < 0 { error("the amount must not be negative", path.key("nonresidentAlien").key(name).key(key)) }
            }
        }
        let supplemental = withholding.supplemental, at = path.key("supplemental")
        for (key, rate) in [("rate", supplemental.rate), ("mandatoryRate", supplemental.mandatoryRate)] where rate < 0 || rate >= 1 {
            error("\(key) \(Money.text(rate)) must be in [0, 1)", at.key(key))
        }
        if supplemental.mandatoryThreshold <= 0 { error("mandatoryThreshold must be above 0", at.key("mandatoryThreshold")) }
        return findings
    }

    private func check(_ rows: [WithholdingRow], _ path: DataPath, _ error: (String, DataPath) -> Void) {
        guard let first = rows.first else { return error("the schedule has no rows", path) }
        if first.atLeast != 0 { error("the first row must be at least 0, found \(Money.text(first.atLeast))", path.index(0).key("atLeast")) }
        if first.tentative != 0 { error("the first row's tentative amount must be 0, found \(Money.text(first.tentative))", path.index(0).key("tentative")) }
        for (i, row) in rows.enumerated() {
            let at = path.index(i)
            if row.rate < 0 || row.rate >= 1 { error("rate \(Money.text(row.rate)) must be in [0, 1)", at.key("rate")) }
            if row.tentative < 0 { error("tentative must not be negative", at.key("tentative")) }
            if i == rows.count - 1 {
                if let lessThan = row.lessThan { error("the last row is open: remove lessThan (\(Money.text(lessThan)))", at.key("lessThan")) }
                continue
            }
            let next = rows[i + 1]
            guard let lessThan = row.lessThan else {
                error("only the last row is open: add lessThan (the next row's atLeast, \(Money.text(next.atLeast)))", at)
                continue
            }
            if lessThan <= row.atLeast { error("lessThan \(Money.text(lessThan)) must be above atLeast \(Money.text(row.atLeast))", at.key("lessThan")) }
            if lessThan != next.atLeast {
                error("the rows do not meet: lessThan \(Money.text(lessThan)) but the next row is at least \(Money.text(next.atLeast))", at.key("lessThan"))
            }
            let expected = row.tentative + row.rate * (next.atLeast - row.atLeast)
            if abs(expected - next.tentative) >= 1 {
                error("tentative \(Money.text(next.tentative)) does not follow from the row before (\(Money.text(row.tentative)) + \(Money.text(row.rate)) × \(Money.text(next.atLeast - row.atLeast)) = \(Money.text(expected))): one of them is mistyped",
                      path.index(i + 1).key("tentative"))
            }
        }
    }
}
