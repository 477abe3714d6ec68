import Foundation

/// Exact decimal text ⇄ `Decimal`, and the one rounding rule for money.
///
/// Values are parsed from their text so they never pass through `Double`.
public enum Money {
    /// Parses a plain decimal numeral: optional `-`, digits, optional `.digits`.
    ///
    /// Rejects everything `Decimal(string:)` would half-accept: `12abc`, `1e3`, `1,5`, ` 12`,
    /// `+1`, `.5`, `1.`, thousands separators and currency signs. Returns nil when rejected.
    public static func parse(_ text: String) -> Decimal? {
        var utf8 = Substring(text).utf8[...]
        if utf8.first == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
        let dot = utf8.firstIndex(of: UInt8(ascii: ".")) ?? utf8.endIndex
        let integer = utf8[..<dot]
        let fraction = dot == utf8.endIndex ? utf8[dot...] : utf8[utf8.index(after: dot)...]
        guard !integer.isEmpty, integer.allSatisfy(isDigit) else { return nil }
        if integer.count > 1 && integer.first == UInt8(ascii: "0") { return nil }
        if dot != utf8.endIndex {
            guard !fraction.isEmpty, fraction.allSatisfy(isDigit) else { return nil }
        }
        guard integer.count + fraction.count <= 30 else { return nil }
        return Decimal(string: text, locale: posix)
    }

    /// Parses a rate: a plain decimal fraction (`0.0475`) or a percentage (`4.75%`).
    public static func parseRate(_ text: String) -> Decimal? {
        if text.hasSuffix("%") {
            return parse(String(text.dropLast())).map { $0 / 100 }
        }
        return parse(text)
    }

    /// Rounds to the cent, halves away from zero (`NSDecimalRound` `.plain`): 0.005 → 0.01.
    public static func roundedToCent(_ value: Decimal) -> Decimal {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, 2, .plain)
        return output
    }

    /// `value` rounded half up to whole dollars (a tax table's printed amount).
    public static func roundedToDollar(_ value: Decimal) -> Decimal {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, 0, .plain)
        return output
    }

    /// The canonical text of a decimal: no exponent, no trailing zeros ("1192.5").
    /// A rate as a percentage, exactly: 0.0225 → "2.25%".
    public static func percent(_ rate: Decimal) -> String { text(rate * 100) + "%" }

    public static func text(_ value: Decimal) -> String {
        value.description
    }

    /// Created once: building a `Locale` per number dominated parsing time.
    private static let posix = Locale(identifier: "en_US_POSIX")

    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
}
