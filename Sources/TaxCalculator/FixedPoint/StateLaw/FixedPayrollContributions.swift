import Foundation
import TaxDataCore

/// One payroll contribution entry in fixed point (`StateTax.payrollContributions`). No cap or
/// maximum is `Int64.max`, so `min` needs no branch.
struct FixedContribution: Sendable {
    /// 0 gross, 1 wages for Medicare tax, 2 the state's taxable wages, 3 hours (× 100, as if cents).
    var wages: Int
    /// How the amount is computed, the fastest exact way its figures allow (the same value each way):
    /// 0, over the whole year at a rate in millionths: the capped wages × the rate, in units;
    /// 1, over the whole year at a rate in 10⁻¹² whose product with the cap fits in 64 bits;
    /// 2, otherwise: the wages paid in its days, at double width.
    var mode: UInt8
    var inSDI: Bool
    /// The employee rate, rate × share, in 10⁻¹² (or dollars per hour in 10⁻¹²), and in millionths (mode 0).
    var rate: Int64, rateMillionths: Int64
    /// The annual cap in cents, and × the days of the year (cents·days).
    var cap: Int64, capDays: Int64
    /// Days before it starts, its last day, the days of the year.
    var before: Int64, last: Int64, yearDays: Int64
    /// A year's weekly maxima (52 weeks), in cents.
    var maxAnnual: Int64
    /// Its share of the marginal rate while under the cap, in millionths (0 per hour).
    var marginal: Int64
}

extension FixedState {
    /// `StateTax.payrollContributions`, in cents: the total and the `inSDI` part.
    @inline(__always)
    func payrollContributions(_ work: inout Work, _ input: Input) {
        // The four wage bases, chosen by index (no branch per entry).
        let bases = SIMD4<Int64>(input.gross, input.ficaWages, input.incomeWages, input.hours &* 100)
        var total: Int64 = 0, sdi: Int64 = 0, marginal: Int64 = 0
        tables.contributions.withUnsafeBufferPointer { contributions in
            for c in contributions {
                let base = bases[c.wages]
                var amount: Int64
                if c.mode == 0 {
                    amount = FixedPoint.roundToCent(Swift.min(base, c.cap) &* c.rateMillionths)
                } else if c.mode == 1 {
                    amount = (Swift.min(base, c.cap) &* c.rate &+ 500_000_000_000) / 1_000_000_000_000
                } else {
                    let charged = Swift.min(base * c.last, c.capDays) - Swift.min(base * c.before, c.capDays)
                    amount = FixedPoint.multiplyDivideRounded(charged, c.rate, c.yearDays * 1_000_000_000_000)
                }
                if base &* c.last < c.capDays && amount < c.maxAnnual { marginal &+= c.marginal }
                amount = Swift.min(amount, c.maxAnnual)
                total &+= amount
                if c.inSDI { sdi &+= amount }
            }
        }
        work.out.contributions = total
        work.out.sdi = sdi
        work.payrollMarginal &+= marginal
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
            let cap = try c.wageBase.map { try cents($0, "\(what) wage base") } ?? .max
            let wholeYear = before == 0 && Int64(last) == yearDays
            let mode: UInt8
            if wholeYear && rate % FixedPoint.rateScale == 0 && rate / FixedPoint.rateScale <= FixedPoint.rateScale {
                mode = 0
            } else if wholeYear, cap != .max, !cap.multipliedReportingOverflow(by: rate).overflow, cap * rate <= Int64.max - 500_000_000_000 {
                mode = 1
            } else {
                mode = 2
            }
            let index: Int = switch wages {
            case .gross: 0
            case .fica: 1
            case .taxable: 2
            case .hours: 3
            }
            return FixedContribution(wages: index, mode: mode, inSDI: c.inSDI == true, rate: rate, rateMillionths: rate / FixedPoint.rateScale,
                                     cap: cap, capDays: cap == .max ? .max : cap * yearDays,
                                     before: Int64(before), last: Int64(last), yearDays: yearDays,
                                     maxAnnual: try c.maxWeekly.map { try cents($0 * 52, "\(what) weekly maximum") } ?? .max,
                                     marginal: marginal)
        }
    }
}
