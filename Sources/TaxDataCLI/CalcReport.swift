import Foundation
import TaxCalculator
import TaxDataCore

/// The printed forms of a result.
struct CalcReport {
    let result: PayResult
    init(_ result: PayResult) { self.result = result }

    static func dollars(_ value: Decimal) -> String {
        let text = Money.text(Money.roundedToCent(value))
        let negative = text.hasPrefix("-")
        let parts = (negative ? String(text.dropFirst()) : text).split(separator: ".", omittingEmptySubsequences: false)
        var integer = String(parts[0])
        var grouped = ""
        while integer.count > 3 {
            grouped = "," + integer.suffix(3) + grouped
            integer = String(integer.dropLast(3))
        }
        let cents = parts.count > 1 ? String(parts[1]).padding(toLength: 2, withPad: "0", startingAt: 0) : "00"
        return (negative ? "-" : "") + integer + grouped + "." + cents
    }

    static func percent(_ value: Decimal) -> String {
        var raw = value * 100, rounded = Decimal()
        NSDecimalRound(&rounded, &raw, 2, .plain)
        return Money.text(rounded) + "%"
    }

    func text() -> String {
        let r = result
        let state = r.input.state
        var rows: [(String, Decimal)] = [("gross wages", r.input.grossAnnual)]
        if r.preTaxDeductions > 0 { rows.append(("pre-tax deductions", r.preTaxDeductions)) }
        rows += [("federal taxable income", r.federalTaxableIncome), ("federal income tax", r.federalIncomeTax),
                 ("social security", r.socialSecurity), ("medicare", r.medicare)]
        if let state { rows += [("\(state) taxable income", r.stateTaxableIncome), ("\(state) income tax", r.stateIncomeTax)] }
        // Every contribution, one payslip line each (a line of zero is shown: the law applies, at 0 this year).
        for line in r.payrollContributions {
            rows.append((line.name.hasPrefix(line.jurisdiction + " ") ? line.name : "\(line.jurisdiction) \(line.name)", line.amount))
        }
        if r.mentalHealthTax > 0 { rows.append(("CA mental health services tax", r.mentalHealthTax)) }
        // Every local tax, one payslip line each (New York City's among them).
        for line in r.localTaxes { rows.append((line.name, line.amount)) }
        rows += [("total tax", r.totalTax), ("net pay", r.netPay)]
        // Refundable credits come with the return, not on a payslip: after net pay, and not in it.
        for credit in r.refundableCredits {
            rows.append(("refundable: \(credit.jurisdiction == "US" ? "federal" : credit.jurisdiction) \(credit.name)", credit.amount))
        }
        let localities = [r.input.localities.isEmpty ? nil : "lives in \(r.input.localities.joined(separator: " and "))", r.input.workLocality.map { "works in \($0)" }].compactMap { $0 }
        let place = state.map { $0 + (r.input.newYorkCity ? " (NYC)" : "") + (localities.isEmpty ? "" : " (\(localities.joined(separator: ", ")))") }
            ?? "no state (federal and FICA only)"
        var lines = ["\(r.taxYear) (data \(r.dataVersion)), \(r.input.status.rawValue), \(place)", ""]
        let width = rows.map { $0.0.count }.max()!
        for (label, amount) in rows {
            let value = Self.dollars(amount)
            lines.append("  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + String(repeating: " ", count: max(1, 16 - value.count)) + value)
        }
        let columns = ["gross", "pre-tax", "tax", "net"]
        lines += ["", "  effective rate \(Self.percent(r.effectiveRate)), marginal rate \(Self.percent(r.marginalRate))", "",
                  "  " + "per period".padding(toLength: 12, withPad: " ", startingAt: 0) + columns.map { String(repeating: " ", count: 13 - $0.count) + $0 }.joined()]
        for period in PayResult.Period.allCases {
            let p = r.payslip(period)
            let cells = [p.gross, p.preTax, p.tax, p.net].map { Self.dollars($0) }.map { String(repeating: " ", count: max(1, 13 - $0.count)) + $0 }
            lines.append("  " + period.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0) + cells.joined())
        }
        if !r.notes.isEmpty { lines.append("") }
        for note in r.notes { lines.append("  note: \(note)") }
        return lines.joined(separator: "\n")
    }

    /// Canonical JSON of `PayResult` (its `Encodable` form); `compact` on one line (for `--batch`).
    func json(compact: Bool = false) throws -> String {
        if compact {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(result), as: UTF8.self)
        }
        return String(decoding: try CanonicalJSON.encode(result), as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}
