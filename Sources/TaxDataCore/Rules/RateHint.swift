import Foundation

/// What to write instead of a rate outside [0, 1). Rates are fractions, so a percentage written
/// as a bare number (`22` for 22 %) is the usual mistake: it gets the fraction it most likely meant.
enum RateHint {
    /// "did you mean 0.22 (22%)?" for a rate in [1, 100); otherwise "write <example>".
    static func text(for rate: Decimal, example: String) -> String {
        guard rate >= 1, rate < 100 else { return "write \(example)" }
        return "did you mean \(Money.text(rate / 100)) (\(Money.text(rate))%)?"
    }
}
