import Foundation

/// A county, city, school district or other place with its own income tax on residents or on
/// people who work there (schema 1.13). A state's localities are published in a document of their
/// own (`Y/local/XX_Y.json`), which an app fetches only for its user's state.
///
/// The id is stable across years: the Census GEOID of a county (5 digits) or place (7 digits), or
/// the state's own code with the state's letters in front (`PA-510101` for a Pennsylvania PSD code,
/// `OH-SD-1807` for an Ohio school district). Ids are unique across all states, so one id names one
/// place. Each locality carries its own grade and citations.
public struct Locality: Sendable, Equatable, Codable {
    public var id: String
    /// What a picker shows ("Montgomery County").
    public var name: String
    /// `Locality.kinds`, a string so that the rule, not the decoder, refuses an unknown one.
    public var kind: String
    /// The taxes of the place: one payslip line each.
    public var taxes: [LocalIncomeTax]
    public var provenance: Provenance?
    /// For an `estimated` locality: the publication that will replace the figures.
    public var pending: String?
    public var sources: [Citation]
    public var notes: String?

    /// What a locality may be.
    public static let kinds: [String] = ["county", "city", "municipality", "school-district", "district", "nonresident"]

    public init(id: String, name: String, kind: String, taxes: [LocalIncomeTax], provenance: Provenance? = nil, pending: String? = nil,
                sources: [Citation] = [], notes: String? = nil) {
        self.id = id
        self.name = name
        self.kind = kind
        self.taxes = taxes
        self.provenance = provenance
        self.pending = pending
        self.sources = sources
        self.notes = notes
    }

    enum CodingKeys: String, CodingKey { case id, name, kind, taxes, provenance, pending, sources, notes }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        kind = try c.decode(String.self, forKey: .kind)
        taxes = try c.decode([LocalIncomeTax].self, forKey: .taxes)
        provenance = try c.decodeIfPresent(Provenance.self, forKey: .provenance)
        pending = try c.decodeIfPresent(String.self, forKey: .pending)
        sources = try c.decodeIfPresent([Citation].self, forKey: .sources) ?? []
        notes = try c.decodeIfPresent(String.self, forKey: .notes)
    }

    /// `sources` is left out when empty: the local form's data documents carry none (their
    /// audit trail is `LocalProvenanceDocument`).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(kind, forKey: .kind)
        try c.encode(taxes, forKey: .taxes)
        try c.encodeIfPresent(provenance, forKey: .provenance)
        try c.encodeIfPresent(pending, forKey: .pending)
        if !sources.isEmpty { try c.encode(sources, forKey: .sources) }
        try c.encodeIfPresent(notes, forKey: .notes)
    }
}

/// One local tax: what residents pay (`resident`) and what people who work in the place but live
/// elsewhere pay (`nonresident`). A `workplace` tax (an occupational license or privilege tax) is
/// due only on work done in the place, by residents and nonresidents alike. A tax that changes
/// during the year is two entries with one `id` and dates that do not overlap.
public struct LocalIncomeTax: Sendable, Equatable, Codable {
    /// Stable across years (`md-24031`): the key of its payslip line.
    public var id: String
    /// The payslip line ("Montgomery County income tax").
    public var name: String
    /// Due only on work done in the place (occupational taxes); nil or false: a residence tax,
    /// whose `nonresident` part applies to people who work there.
    public var workplace: Bool?
    /// When it is in force within the tax year; nil for the whole year.
    public var effective: PayrollContribution.DateRange?
    public var resident: LocalTaxPart?
    public var nonresident: LocalTaxPart?
    /// Ohio-style credit for a resident who pays the tax of the place they work in.
    public var residentCredit: ResidentCredit?

    public init(id: String, name: String, workplace: Bool? = nil, effective: PayrollContribution.DateRange? = nil, resident: LocalTaxPart?,
                nonresident: LocalTaxPart? = nil, residentCredit: ResidentCredit? = nil) {
        self.id = id
        self.name = name
        self.workplace = workplace
        self.effective = effective
        self.resident = resident
        self.nonresident = nonresident
        self.residentCredit = residentCredit
    }

    /// The resident's credit for the work place's local tax on wages: `share` of that tax, on at
    /// most `rateLimit` × wages, and never more than the resident tax.
    public struct ResidentCredit: Sendable, Equatable, Codable {
        public var share: Decimal
        public var rateLimit: Decimal
        public init(share: Decimal, rateLimit: Decimal) {
            self.share = share
            self.rateLimit = rateLimit
        }
    }
}

/// How one side of a local tax is computed: `rate` (or marginal `brackets`) of the income `base`
/// names, or a flat `amount` per `per` (a month or a year) when the wages of that period reach
/// `minimumWages`.
public struct LocalTaxPart: Sendable, Equatable, Codable {
    /// `LocalTaxBase`, a string so that the rule refuses an unknown one with its path.
    public var base: String
    /// For `base: wages`, which wages (`WageDefinition`: gross, fica or taxable).
    public var wages: String?
    public var rate: Decimal?
    /// Graduated rates on the base, by filing status (Anne Arundel County, Multnomah County).
    public var brackets: StatusTable<[Bracket]>?
    /// For `brackets`: `marginal` (each rate on its slice; the default) or `wholeIncome` (the whole
    /// base at the rate of the bracket it falls in, a bracket's ceiling included: Frederick County's
    /// 2.25% "of at least $1 and not exceeding $25,000").
    public var method: String?
    /// For `base: flat`, the amount per `per`.
    public var amount: Decimal?
    /// For `base: flat`: `month` or `year`.
    public var per: String?
    /// For `base: flat`: the wages of the period (`per`) at or above which the amount is due.
    public var minimumWages: Decimal?

    public init(base: String, wages: String? = nil, rate: Decimal? = nil, brackets: StatusTable<[Bracket]>? = nil, method: String? = nil,
                amount: Decimal? = nil, per: String? = nil, minimumWages: Decimal? = nil) {
        self.base = base
        self.wages = wages
        self.rate = rate
        self.brackets = brackets
        self.method = method
        self.amount = amount
        self.per = per
        self.minimumWages = minimumWages
    }
}

/// What a local tax part is computed on.
public enum LocalTaxBase: String, Sendable, CaseIterable {
    /// Wages (`LocalTaxPart.wages` says which).
    case wages
    /// The state income tax's taxable income (Maryland, Indiana, Multnomah County).
    case stateTaxableIncome
    /// The state income tax after nonrefundable credits (Yonkers, Iowa's school district surtax).
    case stateTax
    /// New York City's brackets (`StateData.nycTax`) on state taxable income.
    case nycTax
    /// A flat amount per month or year (Colorado's occupational privilege taxes).
    case flat
}

/// How graduated local rates apply.
public enum LocalBracketMethod: String, Sendable, CaseIterable {
    case marginal
    case wholeIncome
}

extension StateData {
    /// Every locality of every state, with its state, for lookups by id.
    public static func locality(_ id: String, in states: [String: StateData]) -> [(state: String, locality: Locality)] {
        states.keys.sorted().flatMap { code in (states[code]!.localities ?? []).filter { $0.id == id }.map { (code, $0) } }
    }
}

extension TaxYearData {
    /// The year without its localities: what the first form and the app form publish (the
    /// localities are in the local form, `Y/local/`).
    public var withoutLocalities: TaxYearData {
        var copy = self
        for code in copy.states.keys { copy.states[code]!.localities = nil }
        return copy
    }

    /// State code → its localities, for the states that have any.
    public var localities: [String: [Locality]] {
        states.compactMapValues { $0.localities.flatMap { $0.isEmpty ? nil : $0 } }
    }
}

extension Locality {
    /// One line for people: each tax and how it is computed ("md-24031: residents 3.2% of state
    /// taxable income"), as `taxdata localities` lists it and `taxdata diff` compares it.
    public var summary: String {
        "\(name) (\(kind)): " + taxes.map { "\($0.id): \($0.summary)" }.joined(separator: "; ")
    }
}

extension LocalIncomeTax {
    /// "residents 3.2% of state taxable income; nonresidents …; on work done there (from … to …)".
    public var summary: String {
        var parts: [String] = []
        if let part = resident { parts.append("residents \(part.summary)") }
        if let part = nonresident { parts.append("nonresidents \(part.summary)") }
        var text = parts.joined(separator: "; ")
        if workplace == true { text += "; on work done there" }
        if let credit = residentCredit {
            text += "; credit \(Money.percent(credit.share)) of the work place's tax up to \(Money.percent(credit.rateLimit))"
        }
        if let effective { text += " (\(effective.from) to \(effective.to))" }
        return text
    }
}

extension LocalTaxPart {
    /// "3.2% of state taxable income", "$5.75 a month (wages of at least $500 a month)".
    public var summary: String {
        let kind = LocalTaxBase(rawValue: base)
        let of: String = switch kind {
        case .wages?: "\(wages ?? "") wages"
        case .stateTaxableIncome?: "state taxable income"
        case .stateTax?: "the state income tax"
        case .nycTax?: "state taxable income (New York City's brackets)"
        case .flat?, nil: base
        }
        if kind == .flat {
            return "$\(Money.text(amount ?? 0)) a \(per ?? "")" + (minimumWages.map { " (wages of at least $\(Money.text($0)) a \(per ?? ""))" } ?? "")
        }
        if let rate { return "\(Money.percent(rate)) of \(of)" }
        if kind == .nycTax { return of }
        // Statuses with the same brackets are listed together.
        var groups: [(statuses: [String], text: String)] = []
        for status in FilingStatus.allCases {
            guard let schedule = brackets?[status] else { continue }
            let text = schedule.map { "\(Money.text($0.floor))+ \(Money.percent($0.rate))" }.joined(separator: ", ")
            if let i = groups.firstIndex(where: { $0.text == text }) { groups[i].statuses.append(status.rawValue) } else { groups.append(([status.rawValue], text)) }
        }
        let schedule = groups.count == 1 ? [groups[0].text] : groups.map { "\($0.statuses.joined(separator: ", ")): \($0.text)" }
        return "\(method ?? "marginal") brackets of \(of): " + schedule.joined(separator: " | ")
    }
}
