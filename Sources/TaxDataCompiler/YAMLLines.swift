/// The lines of a YAML text as libyaml counts them, so that a line number in one of its marks
/// names the same line here: a line ends at `\n`, `\r\n`, a lone `\r`, NEL (U+0085), LINE
/// SEPARATOR (U+2028) or PARAGRAPH SEPARATOR (U+2029).
///
/// Swift's `split(separator: "\n")` is not that: `\r\n` is one `Character` (so a CRLF file is one
/// line), and a lone `\r` ends no line at all.
enum YAMLLines {
    static func split(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: isBreak)
    }

    static func isBreak(_ character: Character) -> Bool {
        switch character {
        case "\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}": true
        default: false
        }
    }
}
