import Foundation
import TaxDataCore

/// One payroll contribution entry in fixed point (`StateTax.payrollContributions`).
struct FixedContribution: Sendable {
    /// 0 gross, 1 wages for Medicare tax, 2 the state's taxable wages, 3 hours (× 100, as if cents).
    var wages: Int
    /// The employee rate, rate × share in 10⁻¹² (or dollars per hour in 10⁻¹²).
    var rate: Int64
    /// The cap × days in the year, in cents·days; nil when uncapped.
    var capDays: Int64?
    /// Days before it starts, and its last day.
    var before: Int64, last: Int64
    var yearDays: Int64
    /// A year's weekly maxima (52 weeks), in cents.
    var maxAnnual: Int64?
    var inSDI: Bool
    /// Its share of the marginal rate while under the cap, in millionths (0 per hour).
    var marginal: Int64
}

extension FixedState {
    /// `StateTax.payrollContributions`, in cents: the total and the `inSDI` part.
    @inline(__always)
    func payrollContributions(_ work: inout Work, _ input: Input) {
        for c in tables.contributions {
            let base: Int64 = switch c.wages {
            case 0: input.gross
            case 1: input.ficaWages
            case 2: input.incomeWages
            default: input.hours * 100
            }
            @inline(__always) func charged(_ day: Int64) -> Int64 {
                let paid = base * day
                return c.capDays.map { Swift.min(paid, $0) } ?? paid
            }
            var amount = FixedPoint.multiplyDivideRounded(charged(c.last) - charged(c.before), c.rate, c.yearDays * 1_000_000_000_000)
            var below = c.capDays.map { base * c.last < $0 } ?? true
            if let maximum = c.maxAnnual {
                below = below && amount < maximum
                amount = Swift.min(amount, maximum)
            }
            if below { work.payrollMarginal += c.marginal }
            work.out.contributions += amount
            if c.inSDI { work.out.sdi += amount }
        }
    }
}

extension FixedTableCompiler {
    func payrollContributions(_ contributions: [PayrollContribution]) throws -> [FixedContribution] {
        let yearDays = Int64(YearDays.count(year))
        return try contributions.compactMap { c in
            guard let wages = WageDefinition(rawValue: c.wages) else { return nil }
            let what = "\(code) \(c.id)"
            let rate = try c.perHour.map { try self.rate($0, "\(what) per hour") * FixedPoint.rateScale }
                ?? (try self.rate(c.rate ?? 0, what) * (try self.rate(c.employeeShare ?? 1, "\(what) employee share")))
            let (before, last) = c.days(in: year)
            let marginal = c.perHour == nil ? FixedPoint.divideRounded(rate * Int64(last - before), yearDays * FixedPoint.rateScale) : 0
            let index: Int = switch wages {
            case .gross: 0
            case .fica: 1
            case .taxable: 2
            case .hours: 3
            }
            return FixedContribution(wages: index, rate: rate,
                                     capDays: try c.wageBase.map { try cents($0, "\(what) wage base") * yearDays },
                                     before: Int64(before), last: Int64(last), yearDays: yearDays,
                                     maxAnnual: try c.maxWeekly.map { try cents($0 * 52, "\(what) weekly maximum") },
                                     inSDI: c.inSDI == true, marginal: marginal)
        }
    }
}
