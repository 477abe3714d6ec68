import Foundation

/// A nonrefundable credit for incomes at or below the federal poverty guideline (schema 1.12):
/// Maryland's State poverty level credit (Tax-General 10-709): `share` of earned income, limited
/// to the tax left after the state's earned income credit, when both the income and the earned
/// income are at or below the HHS poverty guideline for the number of exemptions claimed (the
/// filers and their dependents).
public struct PovertyLevelCredit: Sendable, Equatable, Codable {
    /// What the user is shown.
    public var label: String
    /// The share of earned income (0.05).
    public var share: Decimal
    /// The poverty guideline for one person, and for each additional person.
    public var firstPerson: Decimal
    public var additionalPerson: Decimal

    public init(label: String, share: Decimal, firstPerson: Decimal, additionalPerson: Decimal) {
        self.label = label
        self.share = share
        self.firstPerson = firstPerson
        self.additionalPerson = additionalPerson
    }

    /// The guideline for a household of `people` (at least 1).
    public func guideline(people: Int) -> Decimal { firstPerson + Decimal(Swift.max(0, people - 1)) * additionalPerson }
}
