/// Positions in prose, counted from one as people count: the bracket at index 2 is "the 3rd
/// bracket". Paths (`brackets.single[2]`) keep counting from zero, as the data does.
public enum Ordinal {
    /// "1st", "2nd", "3rd", "4th", … "11th", "12th", "13th", "21st".
    public static func text(_ number: Int) -> String {
        let suffix: String
        switch (number % 100, number % 10) {
        case (11...13, _): suffix = "th"
        case (_, 1): suffix = "st"
        case (_, 2): suffix = "nd"
        case (_, 3): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }

    /// "the 3rd bracket" for the bracket at `index` (from zero).
    public static func bracket(_ index: Int) -> String { "the \(text(index + 1)) bracket" }
}
