import Foundation
import TaxDataCompiler
import TaxDataCore

/// Renders a diff as text, JSON (schema `taxdata-diff/2`, see docs/diff-json.md) or Markdown.
struct DiffRenderer {
    var from: YearLoader.Loaded
    var to: YearLoader.Loaded
    /// The changes to show (derived ones only with `--derived`).
    var changes: [Change]
    /// Derived changes left out (0 with `--derived`).
    var hiddenDerived: Int
    var warnings: [Diagnostic]
    var color: Bool

    struct Counts: Encodable { var added = 0, removed = 0, changed = 0 }

    var summary: [(String, Counts)] {
        var counts: [String: Counts] = [:]
        for change in changes {
            switch change.kind {
            case .added: counts[change.area, default: Counts()].added += 1
            case .removed: counts[change.area, default: Counts()].removed += 1
            case .changed: counts[change.area, default: Counts()].changed += 1
            }
        }
        return counts.sorted { $0.key < $1.key }
    }

    var title: String {
        "\(from.label) → \(to.label) (\(from.data.meta.taxYear) \(from.data.meta.version) → \(to.data.meta.taxYear) \(to.data.meta.version))"
    }

    static func number(_ value: Decimal?) -> String {
        guard let value else { return "" }
        return (value > 0 ? "+" : "") + Money.text(value)
    }

    /// What a reviewer should know about a value beyond old and new: `provisional` (scaffolded,
    /// awaiting its official figure), a grade weaker than `official`, and `derived`.
    static func marks(_ change: Change) -> [String] {
        var marks: [String] = []
        if change.provisional != nil { marks.append("provisional") }
        if let grade = change.provenance, grade != .official { marks.append(grade.rawValue) }
        if change.derived { marks.append("derived") }
        return marks
    }

    /// "; 316 derived change(s) not shown (--derived)", or nothing.
    var hiddenNote: String {
        hiddenDerived == 0 ? "" : "; \(hiddenDerived) derived change(s) not shown (--derived shows them)"
    }

    // MARK: Text

    func text(summaryOnly: Bool) -> String {
        func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        var lines = ["taxdata diff \(title)", ""]
        if summaryOnly || changes.isEmpty {
            lines += renderSummaryTable()
            if !changes.isEmpty && hiddenDerived > 0 { lines.append(String(hiddenNote.dropFirst(2))) }
        } else {
            let width = min(60, changes.map { $0.path.pointer.count }.max() ?? 0)
            for (area, group) in Dictionary(grouping: changes, by: \.area).sorted(by: { $0.key < $1.key }) {
                lines.append(paint(area, "1"))
                for change in group {
                    let path = change.path.pointer.isEmpty ? "(jurisdiction)" : change.path.pointer
                    let padded = path.padding(toLength: max(width, path.count), withPad: " ", startingAt: 0)
                    let marks = Self.marks(change)
                    let suffix = marks.isEmpty ? "" : "  " + paint("[\(marks.joined(separator: ", "))]", "33")
                    switch change.kind {
                    case .added: lines.append("  " + paint("+ \(padded)  \(change.new ?? "")", "32") + suffix)
                    case .removed: lines.append("  " + paint("- \(padded)  \(change.old ?? "")", "31") + suffix)
                    case .changed:
                        var line = "  ~ \(padded)  \(change.old ?? "") → \(change.new ?? "")"
                        if let delta = change.delta { line += "  " + paint(Self.number(delta), delta < 0 ? "31" : "32") }
                        if let percent = change.percent { line += " (\(Self.number(percent))%)" }
                        lines.append(line + suffix)
                    }
                }
                lines.append("")
            }
            lines.append("\(changes.count) change(s) in \(Set(changes.map(\.area)).count) area(s)" + hiddenNote)
        }
        if !warnings.isEmpty {
            lines += ["", paint("warnings", "33")]
            lines += warnings.map { "  " + warningText($0) }
        }
        return lines.joined(separator: "\n")
    }

    func renderSummaryTable() -> [String] {
        guard !changes.isEmpty else {
            return [hiddenDerived == 0 ? "no changes" : "no changes to authored values" + hiddenNote]
        }
        var lines = ["area".padding(toLength: 14, withPad: " ", startingAt: 0) + "  added  removed  changed"]
        for (area, c) in summary {
            lines.append(area.padding(toLength: 14, withPad: " ", startingAt: 0)
                + String(repeating: " ", count: 7 - String(c.added).count) + String(c.added)
                + String(repeating: " ", count: 9 - String(c.removed).count) + String(c.removed)
                + String(repeating: " ", count: 9 - String(c.changed).count) + String(c.changed))
        }
        return lines
    }

    /// A warning as every command prints a finding (`DiagnosticPrinter.line`); one from a bundle,
    /// which has no source location, is placed in the document it concerns.
    func warningText(_ d: Diagnostic) -> String {
        DiagnosticPrinter.line(.init(diagnostic: d, file: d.location == nil ? d.path?.area : nil))
    }

    // MARK: Markdown

    func markdown(summaryOnly: Bool) -> String {
        func cell(_ s: String?) -> String { (s ?? "").replacingOccurrences(of: "|", with: "\\|") }
        var lines = ["### Tax data diff: \(title)", ""]
        if changes.isEmpty { lines.append(hiddenDerived == 0 ? "No changes." : "No changes to authored values.") }
        lines += ["| Area | Added | Removed | Changed |", "|---|---:|---:|---:|"]
        lines += summary.map { "| `\($0.0)` | \($0.1.added) | \($0.1.removed) | \($0.1.changed) |" }
        if hiddenDerived > 0 { lines += ["", "\(hiddenDerived) derived change(s) not shown (`--derived` shows them)."] }
        if !summaryOnly {
            for (area, group) in Dictionary(grouping: changes, by: \.area).sorted(by: { $0.key < $1.key }) {
                lines += ["", "<details><summary><code>\(area)</code>: \(group.count) change(s)</summary>", "",
                          "| Path | Old | New | Δ | % | Marks |", "|---|---:|---:|---:|---:|---|"]
                for c in group {
                    let path = c.path.pointer.isEmpty ? "(jurisdiction)" : c.path.pointer
                    let mark = c.kind == .added ? "➕ " : c.kind == .removed ? "➖ " : ""
                    lines.append("| \(mark)`\(cell(path))` | \(cell(c.old)) | \(cell(c.new)) | \(Self.number(c.delta)) | \(c.percent.map { Self.number($0) + "%" } ?? "") | \(Self.marks(c).joined(separator: ", ")) |")
                }
                lines += ["", "</details>"]
            }
        }
        if !warnings.isEmpty {
            lines += ["", "**Sanity warnings**", ""]
            lines += warnings.map { "- ⚠️ " + cell(warningText($0)) }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: JSON

    struct Side: Encodable { var label: String; var taxYear: Int; var version: String }
    struct JSONWarning: Encodable { var rule: String; var message: String; var path: String?; var file: String?; var line: Int?; var column: Int? }
    struct Document: Encodable {
        var schema = "taxdata-diff/2"
        var from: Side
        var to: Side
        var changes: [Change]?
        var summary: [String: Counts]
        var derivedNotShown: Int
        var warnings: [JSONWarning]
    }

    func json(summaryOnly: Bool) throws -> String {
        let document = Document(
            from: Side(label: from.label, taxYear: from.data.meta.taxYear, version: from.data.meta.version.description),
            to: Side(label: to.label, taxYear: to.data.meta.taxYear, version: to.data.meta.version.description),
            changes: summaryOnly ? nil : changes,
            summary: Dictionary(uniqueKeysWithValues: summary.map { ($0.0, $0.1) }),
            derivedNotShown: hiddenDerived,
            warnings: warnings.map { JSONWarning(rule: $0.rule.rawValue, message: $0.message, path: $0.path?.description,
                                                 file: $0.location?.file, line: $0.location?.line, column: $0.location?.column) })
        return String(decoding: try CanonicalJSON.encode(document), as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}
