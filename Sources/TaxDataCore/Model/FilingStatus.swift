/// The five federal filing statuses, spelled as the bundle contract spells them.
public enum FilingStatus: String, CaseIterable, Sendable, Hashable, Codable, Comparable {
    case single
    case marriedFilingJointly = "married_filing_jointly"
    case marriedFilingSeparately = "married_filing_separately"
    case headOfHousehold = "head_of_household"
    case qualifyingWidower = "qualifying_widower"

    /// Statuses in the contract's order (the order authors write them).
    public static func < (lhs: FilingStatus, rhs: FilingStatus) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
