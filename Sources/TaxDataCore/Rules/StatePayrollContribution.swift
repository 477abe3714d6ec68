import Foundation

/// Each payroll contribution has an id of lower-case letters, digits and hyphens, a name, a known
/// `kind` and wage definition, a rate in [0, 1) and an employee share in (0, 1] (or an amount per
/// hour on hours worked), a wage base of at least zero or null, a `maxTax` equal to rate × share ×
/// wage base, a positive weekly maximum only over the whole year, dates within the tax year, no
/// two entries of one id in force on the same day, and a `sdi` block that is exactly what its
/// `inSDI` entries give (schema 1.12; allowed on a state without an income tax).
public struct StatePayrollContribution: StateConstructRule {
    public let id = RuleID.statePayrollContribution
    public static let key = "payrollContributions"
    public static let since = SchemaVersion.v1_12
    public static let noIncomeTax: String? = nil
    public init() {}

    public func construct(of state: StateData) -> [PayrollContribution]? { state.payrollContributions }

    public func check(_ contributions: [PayrollContribution], _ context: inout StateConstructContext) {
        let year = context.data.meta.taxYear
        var spans: [(id: String, days: ClosedRange<Int>, index: Int)] = []
        for (i, c) in contributions.enumerated() {
            let path = context.path.index(i)
            func error(_ message: String, _ key: String? = nil) { context.error("\(c.id): \(message)", at: key.map { path.key($0) } ?? path) }
            if c.id.isEmpty || !c.id.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) {
                context.error("id '\(c.id)' must be lower-case letters, digits and hyphens (wa-pfml)", at: path.key("id"))
            }
            if c.name.isBlank { error("name must say what the payslip line is", "name") }
            if !PayrollContribution.kinds.contains(c.kind) {
                error("kind '\(c.kind)' is not one of \(PayrollContribution.kinds.joined(separator: ", "))", "kind")
            }
            let wages = WageDefinition(rawValue: c.wages)
            if wages == nil {
                error("wages '\(c.wages)' is not a wage definition: one of \(WageDefinition.allCases.map(\.rawValue).joined(separator: ", "))", "wages")
            }
            switch (c.rate, c.perHour) {
            case (let rate?, nil):
                if rate < 0 || rate >= 1 { error("rate \(Money.text(rate)) must be at least 0 and below 1", "rate") }
                if wages == .hours { error("wages: hours goes with perHour, not a rate of wages", "wages") }
            case (nil, let perHour?):
                if perHour < 0 || perHour > 1 { error("perHour \(Money.text(perHour)) must be between 0 and 1 dollar an hour", "perHour") }
                if wages != .hours { error("perHour is an amount per hour worked: wages must be hours", "wages") }
                if c.wageBase != nil || c.maxWeekly != nil || c.employeeShare != nil {
                    error("an amount per hour has no wageBase, maxWeekly or employeeShare", "perHour")
                }
            case (_?, _?): error("has both rate and perHour: keep one", "perHour")
            case (nil, nil): error("has neither rate nor perHour")
            }
            if let share = c.employeeShare, share <= 0 || share > 1 {
                error("employeeShare \(Money.text(share)) must be above 0 and at most 1", "employeeShare")
            }
            if let base = c.wageBase, base < 0 { error("wageBase \(Money.text(base)) must be at least zero, or null for no cap", "wageBase") }
            switch (c.wageBase, c.maxTax) {
            case let (base?, max?):
                let expected = Money.roundedToCent(c.employeeRate * base)
                if max != expected { error("maxTax is \(Money.text(max)), but rate × employeeShare × wageBase = \(Money.text(expected))", "maxTax") }
            case (nil, _?): error("has a maxTax but no wageBase", "maxTax")
            default: break
            }
            if let weekly = c.maxWeekly, weekly <= 0 { error("maxWeekly \(Money.text(weekly)) must be above zero", "maxWeekly") }
            var days = 1...YearDays.count(year)
            if let effective = c.effective {
                if let from = YearDays.day(effective.from, in: year), let to = YearDays.day(effective.to, in: year), from <= to {
                    days = from...to
                    if c.maxWeekly != nil && days != 1...YearDays.count(year) {
                        error("a weekly maximum applies over the whole year only: split the weeks another way or drop effective", "maxWeekly")
                    }
                } else {
                    error("effective \(effective.from) to \(effective.to) must be two dates YYYY-MM-DD in \(year), in order", "effective")
                    continue
                }
            }
            for other in spans where other.id == c.id && other.days.overlaps(days) {
                error("in force on the same days as entry \(other.index) of the same id: effective dates must not overlap", "effective")
            }
            spans.append((c.id, days, i))
        }
        let parts = contributions.filter { $0.inSDI == true }
        if !parts.isEmpty {
            let derived = StateData.derivedSDI(contributions)
            if derived == nil {
                context.error("the inSDI contributions cannot make one sdi block for older clients: they need one wage base, whole-year dates, rates of wages and at most one weekly maximum (on a single entry)")
            } else if context.state.sdi != derived {
                context.error("sdi is not what the inSDI contributions give (rate \(Money.text(derived!.rate)), wageBase \(derived!.wageBase.map(Money.text) ?? "null"))",
                              at: DataPath(.state(context.code)).key("sdi"))
            }
        }
    }
}

/// Days of a tax year, for effective dates: `YYYY-MM-DD` to a day number (1 = January 1).
public enum YearDays {
    public static func count(_ year: Int) -> Int { isLeap(year) ? 366 : 365 }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// The day of `year` that `text` names, or nil when it is not a date of that year.
    public static func day(_ text: String, in year: Int) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), y == year, (1...12).contains(m) else { return nil }
        let lengths = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...lengths[m - 1]).contains(d) else { return nil }
        return lengths.prefix(m - 1).reduce(0, +) + d
    }
}
