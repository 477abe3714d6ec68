import Foundation

/// `fica_<year>.json`: Social Security and Medicare.
public struct FICAData: Sendable, Equatable, Codable {
    public struct SocialSecurity: Sendable, Equatable, Codable {
        public var rate: Decimal
        public var wageBase: Decimal
        /// rate × wageBase, to the cent.
        public var maxTax: Decimal
        public init(rate: Decimal, wageBase: Decimal, maxTax: Decimal) {
            self.rate = rate
            self.wageBase = wageBase
            self.maxTax = maxTax
        }
    }

    public struct Medicare: Sendable, Equatable, Codable {
        public var rate: Decimal
        public var additionalRate: Decimal
        /// Wages above which the Additional Medicare rate applies, per filing status.
        public var thresholds: StatusTable<Decimal>
        public init(rate: Decimal, additionalRate: Decimal, thresholds: StatusTable<Decimal>) {
            self.rate = rate
            self.additionalRate = additionalRate
            self.thresholds = thresholds
        }
    }

    public var year: Int
    public var socialSecurity: SocialSecurity
    public var medicare: Medicare
    public var sources: [Citation]
    public var notes: String?
    /// Added in 1.2: how the figures are known (the weakest of the file's and its figures' grades).
    public var provenance: Provenance?

    public init(year: Int, socialSecurity: SocialSecurity, medicare: Medicare, sources: [Citation], notes: String? = nil) {
        self.year = year
        self.socialSecurity = socialSecurity
        self.medicare = medicare
        self.sources = sources
        self.notes = notes
    }
}
