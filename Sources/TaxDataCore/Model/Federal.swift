import Foundation

/// `federal_<year>.json`: standard deductions and brackets for every filing status.
public struct FederalData: Sendable, Equatable, Codable {
    public var year: Int
    public var standardDeduction: StatusTable<Decimal>
    public var brackets: StatusTable<[Bracket]>
    /// Added in schema 1.1: the publications the figures come from.
    public var sources: [Citation]
    public var notes: String?
    /// Added in 1.2: how the figures are known (the weakest of the file's and its figures' grades).
    public var provenance: Provenance?

    public init(year: Int, standardDeduction: StatusTable<Decimal>, brackets: StatusTable<[Bracket]>,
                sources: [Citation], notes: String? = nil) {
        self.year = year
        self.standardDeduction = standardDeduction
        self.brackets = brackets
        self.sources = sources
        self.notes = notes
    }
}
