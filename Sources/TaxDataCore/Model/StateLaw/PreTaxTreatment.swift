import Foundation

/// The pre-tax deductions a state's income tax does not exclude from wages (schema 1.12):
/// California taxes HSA contributions; New Jersey 403(b) and 457(b) deferrals, HSA and other
/// section 125 deductions; Pennsylvania 401(k), 403(b) and 457(b) deferrals. A state without it
/// follows the federal treatment (all five excluded). It sets the state's income-tax wages, and
/// the wages of each contribution on `taxable` wages.
public struct PreTaxTreatment: Sendable, Equatable, Codable {
    /// The deductions taxed: items of `PreTaxTreatment.deductions`, as strings so that the rule,
    /// not the decoder, refuses an unknown one.
    public var taxed: [String]
    public var provenance: Provenance?
    /// Its publications (empty in the app form; `ProvenanceDocument.Entry.preTaxTreatment`).
    public var sources: [Citation]

    /// The deductions a state may tax: 401(k), 403(b) and 457(b) elective deferrals, HSA
    /// contributions through a cafeteria plan (family or self-only), other section 125 deductions.
    public static let deductions: [String] = ["401k", "403b", "457b", "hsa", "section125"]

    public init(taxed: [String], provenance: Provenance? = nil, sources: [Citation] = []) {
        self.taxed = taxed
        self.provenance = provenance
        self.sources = sources
    }

    enum CodingKeys: String, CodingKey { case taxed, provenance, sources }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        taxed = try c.decode([String].self, forKey: .taxed)
        provenance = try c.decodeIfPresent(Provenance.self, forKey: .provenance)
        sources = try c.decodeIfPresent([Citation].self, forKey: .sources) ?? []
    }

    /// `sources` is left out when empty (the app form).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(taxed, forKey: .taxed)
        try c.encodeIfPresent(provenance, forKey: .provenance)
        if !sources.isEmpty { try c.encode(sources, forKey: .sources) }
    }

    public func taxes(_ deduction: String) -> Bool { taxed.contains(deduction) }
}
