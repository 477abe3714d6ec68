import Foundation
import TaxDataCore
import Yams

/// Reads one YAML source file into typed values, recording where each value was written and
/// collecting every problem as a diagnostic (nothing is thrown, nothing is ignored).
final class YAMLDocument {
    let file: SourceFile
    let year: Int
    let document: DataPath.Document
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var sourceMap: SourceMap
    /// Values written as `{ value: X, provisional: "derivation" }` (and provisional brackets).
    var provisional: [DataPath: String] = [:]
    /// Figures that carry their own grade: `{ value: X, provenance: corroborated }`, or a bracket's
    /// `provenance` key. The document's grade is the weakest of its own and these.
    var figureProvenance: [DataPath: Provenance] = [:]
    /// Sanity warnings a person has checked, from the file's `reviewed:` list.
    var reviewed: [ReviewedWarning] = []

    init(file: SourceFile, year: Int, document: DataPath.Document) {
        self.file = file
        self.year = year
        self.document = document
        self.sourceMap = SourceMap()
    }

    var rootPath: DataPath { DataPath(document) }

    // MARK: Diagnostics and locations

    func location(_ node: Node?) -> SourceLocation {
        let mark = node?.mark
        return SourceLocation(file: file.displayPath, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    func report(_ rule: RuleID, _ message: String, at node: Node?, severity: Diagnostic.Severity = .error) {
        diagnostics.append(Diagnostic(severity, rule, message, taxYear: year, location: location(node)))
    }

    func record(_ node: Node, _ path: DataPath) {
        sourceMap.record(location(node), year: year, path: path)
    }

    // MARK: Misspelled required keys (see MappingReader)

    private var readerCount = 0
    /// Required keys found missing while an unknown key of the same mapping looks like their
    /// misspelling, keyed by reader: reported once, by `finish()` or `reportUnresolvedMissingKeys()`.
    private var deferredMissing: [Int: [(key: String, candidate: String, message: String, node: Node)]] = [:]

    func nextReaderID() -> Int {
        readerCount += 1
        return readerCount
    }

    func deferMissingKey(reader: Int, key: String, candidate: String, message: String, at node: Node) {
        deferredMissing[reader, default: []].append((key, candidate, message, node))
    }

    /// For the reader's deferred missing keys: unknown key → the required key it misspells. A
    /// deferred key whose candidate turned out to be known is reported as missing after all.
    func resolveMissingKeys(reader: Int, unknown: Set<String>) -> [String: String] {
        var misspelled: [String: String] = [:]
        for entry in deferredMissing.removeValue(forKey: reader) ?? [] {
            if unknown.contains(entry.candidate), misspelled[entry.candidate] == nil {
                misspelled[entry.candidate] = entry.key
            } else {
                report(.yamlMissingKey, entry.message, at: entry.node)
            }
        }
        return misspelled
    }

    /// Reports, as missing, every deferred key whose mapping was never finished.
    func reportUnresolvedMissingKeys() {
        for reader in deferredMissing.keys.sorted() {
            for entry in deferredMissing[reader]! { report(.yamlMissingKey, entry.message, at: entry.node) }
        }
        deferredMissing = [:]
    }

    // MARK: Parsing

    /// Composes the file; a syntax error becomes a diagnostic at its line and column.
    func root() -> MappingReader? {
        let node: Node?
        do {
            // The basic resolver: every scalar stays text (we parse numbers ourselves, exactly), and
            // no tag-resolving regular expression runs per scalar or per key lookup.
            node = try Yams.compose(yaml: file.contents, Resolver.basic)
        } catch let error as YamlError {
            reportYAMLError(error)
            return nil
        } catch {
            report(.yamlSyntax, "cannot read YAML: \(error)", at: nil)
            return nil
        }
        guard let node else {
            report(.yamlType, "the file is empty; expected a mapping of keys", at: nil)
            return nil
        }
        sourceMap.record(SourceLocation(file: file.displayPath, line: 1, column: 1), year: year, path: rootPath)
        return mapping(node, rootPath)
    }

    private func reportYAMLError(_ error: YamlError) {
        let at: (Mark?) -> SourceLocation = { mark in
            SourceLocation(file: self.file.displayPath, line: mark?.line ?? 1, column: mark?.column ?? 1)
        }
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            if let tab = tabLocation(near: mark) {
                diagnostics.append(Diagnostic(.error, .yamlSyntax,
                    "YAML syntax error: a tab character; YAML indents and separates with spaces only: replace the tab with spaces",
                    taxYear: year, location: tab))
                return
            }
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            diagnostics.append(Diagnostic(.error, .yamlSyntax, "YAML syntax error: \(detail)", taxYear: year, location: at(mark)))
        case let .duplicatedKeysInMapping(duplicates, context):
            for key in Set(duplicates).sorted() {
                diagnostics.append(Diagnostic(.error, .yamlDuplicateKey, "duplicate key '\(key)': each key may appear once in a mapping",
                                              taxYear: year, location: duplicateLocation(of: key, after: context.mark) ?? at(context.mark)))
            }
        case let .reader(problem, _, _, _):
            diagnostics.append(Diagnostic(.error, .yamlSyntax, "cannot read the file: \(problem)", taxYear: year, location: at(nil)))
        default:
            diagnostics.append(Diagnostic(.error, .yamlSyntax, "YAML error: \(error)", taxYear: year, location: at(nil)))
        }
    }

    /// Where the tab that caused a syntax error is: at the error's mark, or in the indentation of
    /// the mark's line (libyaml reports a tab as "found character that cannot start any token").
    private func tabLocation(near mark: Mark?) -> SourceLocation? {
        guard let mark else { return nil }
        let lines = YAMLLines.split(file.contents)
        guard mark.line >= 1, mark.line <= lines.count else { return nil }
        let line = Array(lines[mark.line - 1])
        let column: Int?
        if mark.column >= 1, mark.column <= line.count, line[mark.column - 1] == "\t" {
            column = mark.column
        } else {
            column = line.prefix { $0 == " " || $0 == "\t" }.firstIndex(of: "\t").map { $0 + 1 }
        }
        return column.map { SourceLocation(file: file.displayPath, line: mark.line, column: $0) }
    }

    /// Where `key` is written the second time in the mapping that starts at `mark`: the line of
    /// its second occurrence as a key at the mapping's indentation (block or flow style).
    private func duplicateLocation(of key: String, after mark: Mark?) -> SourceLocation? {
        guard let mark else { return nil }
        let lines = YAMLLines.split(file.contents)
        guard mark.line >= 1, mark.line <= lines.count else { return nil }
        var seen = 0
        for index in (mark.line - 1)..<lines.count {
            let line = lines[index]
            var searchStart = line.startIndex
            if index == mark.line - 1 { searchStart = line.index(line.startIndex, offsetBy: min(max(mark.column - 1, 0), line.count)) }
            var rest = line[searchStart...]
            while let range = rest.range(of: key + ":") {
                let before = range.lowerBound == line.startIndex ? " " : line[line.index(before: range.lowerBound)]
                if [" ", "{", ",", "\t"].contains(before) || range.lowerBound == line.startIndex {
                    seen += 1
                    if seen == 2 {
                        return SourceLocation(file: file.displayPath, line: index + 1, column: line.distance(from: line.startIndex, to: range.lowerBound) + 1)
                    }
                }
                rest = line[range.upperBound...]
            }
        }
        return nil
    }

    // MARK: Typed values

    func mapping(_ node: Node, _ path: DataPath) -> MappingReader? {
        guard case .mapping(let mapping) = node else {
            report(.yamlType, "\(describe(path)) must be a mapping of keys, found \(kind(node))", at: node)
            return nil
        }
        record(node, path)
        return MappingReader(document: self, mapping: mapping, node: node, path: path)
    }

    func sequence(_ node: Node, _ path: DataPath) -> [Node]? {
        guard case .sequence(let sequence) = node else {
            report(.yamlType, "\(describe(path)) must be a list, found \(kind(node))", at: node)
            return nil
        }
        record(node, path)
        return Array(sequence)
    }

    func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any else { return false }
        return ["null", "~", "Null", "NULL", ""].contains(scalar.string)
    }

    /// A plain numeral parsed exactly (`Money.parse`); quoted or malformed numbers are errors.
    /// An amount may also be written `{ value: 12700, provisional: "how it was derived" }` or
    /// `{ value: 4685, provenance: corroborated }` (or both).
    func decimal(_ node: Node, _ path: DataPath) -> Decimal? {
        annotated(node, path) { node in
            guard let value = number(node, path, what: "an amount", parse: Money.parse) else { return nil }
            // Amounts are dollars and cents: 16100.001 would reach every app as a sub-cent figure.
            if case .scalar(let scalar) = node, let dot = scalar.string.firstIndex(of: "."),
               scalar.string[scalar.string.index(after: dot)...].count > 2 {
                report(.yamlNumber, "\(describe(path)): '\(scalar.string)' has more than two decimals; amounts are dollars and cents", at: node)
                return nil
            }
            return value
        }
    }

    /// A rate: a fraction (`0.0475`) or a percentage (`4.75%`), parsed exactly; it may carry its own
    /// grade like an amount: `{ value: 0.047, provenance: corroborated }`.
    func rate(_ node: Node, _ path: DataPath) -> Decimal? {
        annotated(node, path) { number($0, path, what: "a rate", parse: Money.parseRate) }
    }

    /// A value written plainly, or as `{ value, provisional?, provenance? }` with at least one annotation.
    private func annotated(_ node: Node, _ path: DataPath, read: (Node) -> Decimal?) -> Decimal? {
        guard case .mapping = node else { return read(node) }
        guard var reader = mapping(node, path) else { return nil }
        let value = reader.required("value").flatMap(read)
        let derivationNode = reader.optional("provisional")
        let derivation = derivationNode.flatMap { string($0, path.key("provisional")) }
        let gradeNode = reader.optional("provenance")
        let grade = gradeNode.flatMap { choice($0, path.key("provenance"), Provenance.self) }
        reader.finish()
        if derivationNode == nil && gradeNode == nil {
            report(.yamlMissingKey, "\(describe(path)) is written as a mapping: add provisional: \"how it was derived\" or provenance: official | corroborated | estimated, or write the number alone",
                   at: node)
            return nil
        }
        if let derivation { provisional[path] = derivation }
        if let grade { figureProvenance[path] = grade }
        guard derivationNode == nil || derivation != nil, gradeNode == nil || grade != nil else { return nil }
        return value
    }

    /// A plain scalar that must be one of an enumeration's raw values.
    func choice<E: RawRepresentable & CaseIterable>(_ node: Node, _ path: DataPath, _ type: E.Type) -> E? where E.RawValue == String {
        guard let text = string(node, path) else { return nil }
        guard let value = E(rawValue: text) else {
            report(.yamlType, "\(describe(path)) '\(text)' must be one of \(E.allCases.map(\.rawValue).joined(separator: ", "))", at: node)
            return nil
        }
        return value
    }

    /// An amount or `null`. Returns `.some(nil)` for null, `nil` when invalid.
    func nullableDecimal(_ node: Node, _ path: DataPath) -> Decimal?? {
        if isNull(node) {
            record(node, path)
            return .some(nil)
        }
        return decimal(node, path).map { .some($0) }
    }

    func integer(_ node: Node, _ path: DataPath) -> Int? {
        guard let value = number(node, path, what: "a whole number", parse: Money.parse) else { return nil }
        guard let int = Int(Money.text(value)) else {
            report(.yamlNumber, "\(describe(path)) must be a whole number, found \(Money.text(value))", at: node)
            return nil
        }
        return int
    }

    func string(_ node: Node, _ path: DataPath) -> String? {
        guard case .scalar(let scalar) = node, !isNull(node) else {
            report(.yamlType, "\(describe(path)) must be text, found \(kind(node))", at: node)
            return nil
        }
        record(node, path)
        guard scalar.style != .plain || untagged(scalar, node, path) else { return nil }
        return scalar.string
    }

    /// A plain scalar with an explicit tag (`!!str 16100`, `!custom 3`) is refused: a tag changes
    /// what other YAML readers make of the value, and the schema already says what each key is.
    private func untagged(_ scalar: Node.Scalar, _ node: Node, _ path: DataPath) -> Bool {
        guard scalar.style == .plain || scalar.style == .any, !scalar.tag.rawValue.isEmpty else { return true }
        report(.yamlType, "\(describe(path)) has the explicit tag '\(scalar.tag.rawValue)'; write the value without a tag", at: node)
        return false
    }

    func bool(_ node: Node, _ path: DataPath) -> Bool? {
        guard case .scalar(let scalar) = node, scalar.style == .plain, ["true", "false"].contains(scalar.string) else {
            report(.yamlType, "\(describe(path)) must be true or false, found \(kind(node))", at: node)
            return nil
        }
        record(node, path)
        return scalar.string == "true"
    }

    func number(_ node: Node, _ path: DataPath, what: String, parse: (String) -> Decimal?) -> Decimal? {
        guard case .scalar(let scalar) = node else {
            report(.yamlType, "\(describe(path)) must be \(what), found \(kind(node))", at: node)
            return nil
        }
        record(node, path)
        guard untagged(scalar, node, path) else { return nil }
        guard scalar.style == .plain || scalar.style == .any else {
            report(.yamlType, "\(describe(path)) must be \(what), found the quoted text \"\(scalar.string)\"; write numbers without quotes",
                   at: node)
            return nil
        }
        if isNull(node) {
            report(.yamlType, "\(describe(path)) must be \(what), found null", at: node)
            return nil
        }
        if scalar.string.hasPrefix("-"), let zero = parse(scalar.string), zero == 0 {
            report(.yamlNumber, "\(describe(path)): '\(scalar.string)' is a negative zero; write 0", at: node)
            return nil
        }
        guard let value = parse(scalar.string) else {
            if scalar.string.wholeMatch(of: #/\d{1,3}(,\d{3})+(\.\d+)?/#) != nil {
                report(.yamlNumber, "\(describe(path)): '\(scalar.string)' has a thousands separator; write \(scalar.string.replacingOccurrences(of: ",", with: ""))",
                       at: node)
                return nil
            }
            report(.yamlNumber, "\(describe(path)): '\(scalar.string)' is not \(what); write plain digits like 14600, 1192.50\(what == "a rate" ? ", 0.0475 or 4.75%" : "") (no commas, exponents or signs)",
                   at: node)
            return nil
        }
        return value
    }

    func describe(_ path: DataPath) -> String {
        path.components.isEmpty ? "the document" : "'\(path.pointer)'"
    }

    func kind(_ node: Node) -> String {
        switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        case .scalar(let scalar):
            isNull(node) ? "null" : (scalar.style == .plain ? "'\(scalar.string)'" : "the text \"\(scalar.string)\"")
        }
    }
}
