import Foundation
import TaxDataCompiler
import TaxDataCore

/// Renders a diff as text, JSON (schema `taxdata-diff/1`, see docs/diff-json.md) or Markdown.
struct DiffRenderer {
    var from: YearLoader.Loaded
    var to: YearLoader.Loaded
    var changes: [Change]
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

    // MARK: Text

    func text(summaryOnly: Bool) -> String {
        func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        var lines = ["taxdata diff \(title)", ""]
        if summaryOnly || changes.isEmpty {
            lines += renderSummaryTable()
        } else {
            let width = min(60, changes.map { $0.path.count }.max() ?? 0)
            for (area, group) in Dictionary(grouping: changes, by: \.area).sorted(by: { $0.key < $1.key }) {
                lines.append(paint(area, "1"))
                for change in group {
                    let path = change.path.isEmpty ? "(jurisdiction)" : change.path
                    let padded = path.padding(toLength: max(width, path.count), withPad: " ", startingAt: 0)
                    switch change.kind {
                    case .added: lines.append("  " + paint("+ \(padded)  \(change.new ?? "")", "32"))
                    case .removed: lines.append("  " + paint("- \(padded)  \(change.old ?? "")", "31"))
                    case .changed:
                        var line = "  ~ \(padded)  \(change.old ?? "") → \(change.new ?? "")"
                        if let delta = change.delta { line += "  " + paint(Self.number(delta), delta < 0 ? "31" : "32") }
                        if let percent = change.percent { line += " (\(Self.number(percent))%)" }
                        lines.append(line)
                    }
                }
                lines.append("")
            }
            lines.append("\(changes.count) change(s) in \(Set(changes.map(\.area)).count) area(s)")
        }
        if !warnings.isEmpty {
            lines += ["", paint("warnings", "33")]
            lines += warnings.map { "  " + warningText($0) }
        }
        return lines.joined(separator: "\n")
    }

    func renderSummaryTable() -> [String] {
        guard !changes.isEmpty else { return ["no changes"] }
        var lines = ["area".padding(toLength: 14, withPad: " ", startingAt: 0) + "  added  removed  changed"]
        for (area, c) in summary {
            lines.append(area.padding(toLength: 14, withPad: " ", startingAt: 0)
                + String(repeating: " ", count: 7 - String(c.added).count) + String(c.added)
                + String(repeating: " ", count: 9 - String(c.removed).count) + String(c.removed)
                + String(repeating: " ", count: 9 - String(c.changed).count) + String(c.changed))
        }
        return lines
    }

    func warningText(_ d: Diagnostic) -> String {
        let place = d.location.map { "\($0.file):\($0.line):\($0.column): " } ?? (d.path.map { "\($0): " } ?? "")
        return "\(place)warning: [\(d.rule)] \(d.message)"
    }

    // MARK: Markdown

    func markdown(summaryOnly: Bool) -> String {
        func cell(_ s: String?) -> String { (s ?? "").replacingOccurrences(of: "|", with: "\\|") }
        var lines = ["### Tax data diff: \(title)", ""]
        if changes.isEmpty { lines.append("No changes.") }
        lines += ["| Area | Added | Removed | Changed |", "|---|---:|---:|---:|"]
        lines += summary.map { "| `\($0.0)` | \($0.1.added) | \($0.1.removed) | \($0.1.changed) |" }
        if !summaryOnly {
            for (area, group) in Dictionary(grouping: changes, by: \.area).sorted(by: { $0.key < $1.key }) {
                lines += ["", "<details><summary><code>\(area)</code>: \(group.count) change(s)</summary>", "",
                          "| Path | Old | New | Δ | % |", "|---|---:|---:|---:|---:|"]
                for c in group {
                    let path = c.path.isEmpty ? "(jurisdiction)" : c.path
                    let mark = c.kind == .added ? "➕ " : c.kind == .removed ? "➖ " : ""
                    lines.append("| \(mark)`\(cell(path))` | \(cell(c.old)) | \(cell(c.new)) | \(Self.number(c.delta)) | \(c.percent.map { Self.number($0) + "%" } ?? "") |")
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
        var schema = "taxdata-diff/1"
        var from: Side
        var to: Side
        var changes: [Change]?
        var summary: [String: Counts]
        var warnings: [JSONWarning]
    }

    func json(summaryOnly: Bool) throws -> String {
        let document = Document(
            from: Side(label: from.label, taxYear: from.data.meta.taxYear, version: from.data.meta.version.description),
            to: Side(label: to.label, taxYear: to.data.meta.taxYear, version: to.data.meta.version.description),
            changes: summaryOnly ? nil : changes,
            summary: Dictionary(uniqueKeysWithValues: summary.map { ($0.0, $0.1) }),
            warnings: warnings.map { JSONWarning(rule: $0.rule.rawValue, message: $0.message, path: $0.path?.description,
                                                 file: $0.location?.file, line: $0.location?.line, column: $0.location?.column) })
        return String(decoding: try CanonicalJSON.encode(document), as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}
