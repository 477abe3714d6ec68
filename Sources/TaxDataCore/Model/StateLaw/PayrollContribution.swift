import Foundation

/// A contribution withheld from an employee's wages by state law (schema 1.12): disability
/// insurance, paid family and medical leave, long-term care, the employee's unemployment
/// contribution, a transit tax, a child-care contribution, or an amount per hour worked.
///
/// The employee pays `rate × employeeShare` of the wages `wages` defines, up to `wageBase` a year
/// and `maxWeekly` a week, or `perHour` for each hour worked, while `effective` is in force. A
/// contribution that changes during the year is two entries with one `id` and dates that do not
/// overlap. Each carries its own grade and citations.
public struct PayrollContribution: Sendable, Equatable, Codable {
    /// Stable across years (`wa-pfml`): the key apps and the crosscheck use.
    public var id: String
    /// The payslip line ("Paid Family and Medical Leave").
    public var name: String
    /// What it pays for (`PayrollContribution.kinds`); a string, so that an older client reads a
    /// newer kind and the rule names it.
    public var kind: String
    /// The rate as the authority publishes it: the employee's, or the total when `employeeShare`
    /// says which part the employee pays. Nil for an amount per hour.
    public var rate: Decimal?
    /// The share of `rate` withheld from the employee (nil: all of it).
    public var employeeShare: Decimal?
    /// Dollars per hour worked (Oregon's Workers' Benefit Fund), in place of `rate`.
    public var perHour: Decimal?
    /// Annual wage cap; nil when wages are not capped.
    public var wageBase: Decimal?
    /// `rate × employeeShare × wageBase` to the cent; nil when uncapped.
    public var maxTax: Decimal?
    /// The most withheld a week (Hawaii's TDI, New York's DBL).
    public var maxWeekly: Decimal?
    /// Which wages count (`WageDefinition`); a string, so that the rule, not the decoder, refuses
    /// an unknown one with its id and path.
    public var wages: String
    /// When it is in force within the tax year; nil for the whole year.
    public var effective: DateRange?
    /// Part of the state's `sdi` block, which is derived from these entries for clients before 1.12.
    public var inSDI: Bool?
    public var provenance: Provenance?
    /// Its publications (empty in the app form; `ProvenanceDocument.Entry.payrollContributions`).
    public var sources: [Citation]

    /// A span of days, inclusive, as `YYYY-MM-DD`.
    public struct DateRange: Sendable, Equatable, Codable {
        public var from: String
        public var to: String
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    /// The kinds a contribution may be.
    public static let kinds: [String] = [
        "disability", "family-leave", "long-term-care", "unemployment", "transit", "workforce", "child-care", "workers-benefit",
    ]

    /// The employee's rate: `rate × employeeShare` (0 for an amount per hour).
    public var employeeRate: Decimal { (rate ?? 0) * (employeeShare ?? 1) }

    public init(id: String, name: String, kind: String, rate: Decimal?, employeeShare: Decimal? = nil, perHour: Decimal? = nil,
                wageBase: Decimal?, maxTax: Decimal? = nil, maxWeekly: Decimal? = nil, wages: String, effective: DateRange? = nil,
                inSDI: Bool? = nil, provenance: Provenance? = nil, sources: [Citation] = []) {
        self.id = id
        self.name = name
        self.kind = kind
        self.rate = rate
        self.employeeShare = employeeShare
        self.perHour = perHour
        self.wageBase = wageBase
        self.maxTax = maxTax
        self.maxWeekly = maxWeekly
        self.wages = wages
        self.effective = effective
        self.inSDI = inSDI
        self.provenance = provenance
        self.sources = sources
    }

    enum CodingKeys: String, CodingKey {
        case id, name, kind, rate, employeeShare, perHour, wageBase, maxTax, maxWeekly, wages, effective, inSDI, provenance, sources
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        kind = try c.decode(String.self, forKey: .kind)
        rate = try c.decodeIfPresent(Decimal.self, forKey: .rate)
        employeeShare = try c.decodeIfPresent(Decimal.self, forKey: .employeeShare)
        perHour = try c.decodeIfPresent(Decimal.self, forKey: .perHour)
        wageBase = try c.decodeIfPresent(Decimal.self, forKey: .wageBase)
        maxTax = try c.decodeIfPresent(Decimal.self, forKey: .maxTax)
        maxWeekly = try c.decodeIfPresent(Decimal.self, forKey: .maxWeekly)
        wages = try c.decode(String.self, forKey: .wages)
        effective = try c.decodeIfPresent(DateRange.self, forKey: .effective)
        inSDI = try c.decodeIfPresent(Bool.self, forKey: .inSDI)
        provenance = try c.decodeIfPresent(Provenance.self, forKey: .provenance)
        sources = try c.decodeIfPresent([Citation].self, forKey: .sources) ?? []
    }

    /// Optional members are left out when unset (no `wageBase`: no cap), and `sources` when empty
    /// (the app form), to keep what an app embeds small.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(rate, forKey: .rate)
        try c.encodeIfPresent(employeeShare, forKey: .employeeShare)
        try c.encodeIfPresent(perHour, forKey: .perHour)
        try c.encodeIfPresent(wageBase, forKey: .wageBase)
        try c.encodeIfPresent(maxTax, forKey: .maxTax)
        try c.encodeIfPresent(maxWeekly, forKey: .maxWeekly)
        try c.encode(wages, forKey: .wages)
        try c.encodeIfPresent(effective, forKey: .effective)
        try c.encodeIfPresent(inSDI, forKey: .inSDI)
        try c.encodeIfPresent(provenance, forKey: .provenance)
        if !sources.isEmpty { try c.encode(sources, forKey: .sources) }
    }
}

/// Which wages a payroll contribution is computed on.
public enum WageDefinition: String, Sendable, CaseIterable {
    /// Every wage, before any pre-tax deduction.
    case gross
    /// Wages for Medicare tax: gross less HSA and section 125 deductions (401(k), 403(b) and
    /// 457(b) deferrals count).
    case fica
    /// The wages the state's income tax taxes (W-2 box 16): gross less the pre-tax deductions the
    /// state excludes (`PreTaxTreatment`).
    case taxable
    /// Hours worked, for an amount per hour.
    case hours
}

extension StateData {
    /// The contributions in force: `payrollContributions`, or for a bundle before 1.12 its `sdi`
    /// as one contribution (on wages for Medicare tax, as those clients computed it).
    public var contributionsInForce: [PayrollContribution] {
        if let payrollContributions { return payrollContributions }
        guard let sdi else { return [] }
        return [PayrollContribution(id: "sdi", name: "State disability insurance", kind: "disability", rate: sdi.rate,
                                    wageBase: sdi.wageBase, maxTax: sdi.maxTax, maxWeekly: sdi.maxWeekly, wages: WageDefinition.fica.rawValue,
                                    inSDI: true)]
    }

    /// The `sdi` block clients before 1.12 read, from the `inSDI` contributions: their employee
    /// rates summed, their common wage base and weekly maximum. Nil when none is `inSDI`, or when
    /// they cannot be one block (different wage bases, two weekly maxima, an amount per hour, or
    /// dates that are not the whole year: `state.payroll-contribution` says which).
    public static func derivedSDI(_ contributions: [PayrollContribution]) -> SDI? {
        let parts = contributions.filter { $0.inSDI == true }
        guard let first = parts.first else { return nil }
        guard parts.allSatisfy({ $0.wageBase == first.wageBase && $0.perHour == nil && $0.rate != nil && $0.effective == nil }),
              parts.filter({ $0.maxWeekly != nil }).count <= (parts.count == 1 ? 1 : 0) else { return nil }
        let rate = parts.reduce(Decimal(0)) { $0 + $1.employeeRate }
        return SDI(rate: rate, wageBase: first.wageBase, maxTax: first.wageBase.map { Money.roundedToCent(rate * $0) }, maxWeekly: first.maxWeekly)
    }
}
