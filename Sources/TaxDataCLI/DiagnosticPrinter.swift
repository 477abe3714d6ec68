import Foundation
import TaxDataCore

/// Prints findings in the chosen format.
struct DiagnosticPrinter {
    var format: OutputFormat

    /// A finding with the file it belongs to when it has no source location (bundle findings).
    struct Item {
        var diagnostic: Diagnostic
        var file: String?
    }

    /// At most this many findings are printed per file in text and GitHub formats; the rest are
    /// counted ("… and N more"). JSON lists them all.
    static let perFileLimit = 50

    func render(_ items: [Item], summary: [String: String] = [:]) -> String {
        switch format {
        case .text:
            return capped(items, text).joined(separator: "\n")
        case .github:
            return capped(items, github).joined(separator: "\n")
        case .json:
            return json(items, summary: summary)
        }
    }

    /// Renders each item, keeping at most `perFileLimit` per file and saying how many were left out.
    private func capped(_ items: [Item], _ render: (Item) -> String) -> [String] {
        var shown: [String: Int] = [:]
        var omitted: [String: Int] = [:]
        var order: [String] = []
        var lines: [String] = []
        for item in items {
            let file = place(item).file ?? "taxdata"
            if shown[file] == nil { order.append(file) }
            if shown[file, default: 0] < Self.perFileLimit {
                shown[file, default: 0] += 1
                lines.append(render(item))
            } else {
                omitted[file, default: 0] += 1
            }
        }
        for file in order where omitted[file] != nil {
            lines.append("\(file): … and \(omitted[file]!) more finding(s) in this file (--format json lists them all)")
        }
        return lines
    }

    private func place(_ item: Item) -> (file: String?, line: Int?, column: Int?) {
        if let location = item.diagnostic.location {
            return (location.file, location.line > 0 ? location.line : nil, location.line > 0 ? location.column : nil)
        }
        return (item.file, nil, nil)
    }

    private func text(_ item: Item) -> String { Self.line(item) }

    /// The one text form of a finding, `file:line:column: severity: [rule-id] message`, used by
    /// every command that prints findings (`check`, `build`, `verify`, `sign`, `diff`'s warnings).
    static func line(_ item: Item) -> String {
        let d = item.diagnostic
        var prefix = item.diagnostic.location?.file ?? item.file ?? "taxdata"
        if let location = d.location, location.line > 0 { prefix += ":\(location.line):\(location.column)" }
        let at = d.location == nil && d.path != nil && !(d.path!.pointer.isEmpty) ? " (at \(d.path!.pointer))" : ""
        return "\(prefix): \(d.severity.rawValue): [\(d.rule)] \(d.message)\(at)"
    }

    private func github(_ item: Item) -> String {
        let d = item.diagnostic
        let (file, line, column) = place(item)
        var properties: [String] = []
        if let file { properties.append("file=\(escapeProperty(file))") }
        if let line { properties.append("line=\(line)") }
        if let column { properties.append("col=\(column)") }
        properties.append("title=\(escapeProperty(d.rule.rawValue))")
        let kind = d.severity == .error ? "error" : "warning"
        return "::\(kind) \(properties.joined(separator: ","))::\(escapeData(d.message))"
    }

    private func escapeData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    private func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    struct JSONFinding: Encodable {
        var severity: String
        var rule: String
        var message: String
        var file: String?
        var line: Int?
        var column: Int?
        var path: String?
        var taxYear: Int?
    }

    struct JSONReport: Encodable {
        var errors: Int
        var warnings: Int
        var diagnostics: [JSONFinding]
        var summary: [String: String]
    }

    private func json(_ items: [Item], summary: [String: String]) -> String {
        let findings = items.map { item -> JSONFinding in
            let (file, line, column) = place(item)
            let d = item.diagnostic
            return JSONFinding(severity: d.severity.rawValue, rule: d.rule.rawValue, message: d.message, file: file,
                               line: line, column: column, path: d.path?.description, taxYear: d.taxYear)
        }
        let report = JSONReport(errors: items.filter { $0.diagnostic.severity == .error }.count,
                                warnings: items.filter { $0.diagnostic.severity == .warning }.count,
                                diagnostics: findings, summary: summary)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(report)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
