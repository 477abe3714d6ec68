import Foundation
import TaxDataCore
import Yams

/// Scaffolds next year's sources from this year's (`taxdata new-year`). Pure: takes the year's
/// data and its source files, returns the new files.
///
/// Each file is this year's, edited in place, so comments, key order and line layout survive and
/// an author reviews the scaffold as a diff of the YAML:
/// - every amount indexed for inflation (`TaxYearData.inflationIndexedAmounts`, from
///   `FieldCatalogue`) becomes `{ value: X, provisional: "derivation" }`, multiplied by (1 + index)
///   and rounded the way its law rounds it, until an author replaces it with the official figure;
/// - values that follow from those are recomputed in place: the next bracket's floor, a written
///   base tax that is not statutory, the Social Security maximum tax, the earned income credit's
///   maximum;
/// - the header says `taxYear` and `provenance: estimated`, each citation is marked as the
///   previous year's (`sources.carried-over`), and a comment says how the file was made;
/// - `reviewed:` entries and `pending:` are dropped: they judge last year's warnings and name
///   last year's awaited publication;
/// - everything else (rates, statutory amounts, state law) is carried over as it is written.
public enum NextYear {
    /// A source the scaffolder cannot edit in place (a value written in a shape it does not
    /// rewrite, such as a block mapping), with where.
    public struct ScaffoldError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func scaffold(from data: TaxYearData, sources: [SourceFile], to year: Int, index: Decimal) throws -> [SourceFile] {
        let previous = data.meta.taxYear
        let plan = Plan(data: data, year: year, factor: 1 + index)
        let comment = "# Scaffolded from \(previous) by taxdata new-year (index \(Money.text(index * 100))%): every provisional value awaits its official \(year) figure.\n"
        var out: [SourceFile] = []
        for file in sources {
            let parts = file.relativePath.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts[0] == String(previous) else { continue }
            var editor = try SourceEditor(parts[1].hasPrefix("states/")
                ? SourceFile(relativePath: file.relativePath, displayPath: file.displayPath, contents: Self.latestWithholding(file.contents, from: previous))
                : file)
            if parts[1] == "year.yaml" {
                try editor.replaceTopLevel("taxYear", with: String(year))
                try editor.replaceTopLevel("version", with: "\(year).0.1")
                try editor.replaceTopLevel("schemaVersion", with: "\"\(SchemaVersion.current)\"")
                try editor.replaceTopLevel("effectiveDate", with: "\(year)-01-01")
                try editor.replaceTopLevel("expirationDate", with: "\(year)-12-31")
                try editor.replaceTopLevel("status", with: "draft")
                out.append(SourceFile(relativePath: "\(year)/\(parts[1])", contents: comment + editor.text))
                continue
            }
            if parts[1].hasPrefix("localities/") {
                out.append(SourceFile(relativePath: "\(year)/\(parts[1])", contents: comment + Self.localities(file.contents, from: previous, to: year)))
                continue
            }
            guard let document = Self.document(parts[1]) else {
                out.append(SourceFile(relativePath: "\(year)/\(parts[1])", contents: file.contents))
                continue
            }
            try editor.replaceTopLevel("taxYear", with: String(year))
            try editor.replaceTopLevel("provenance", with: "estimated")
            let marker = SourcesCarriedOver.marker(previous: previous, year: year)
            for (i, title) in editor.sourceTitles() {
                try editor.replace(at: DataPath(document).key("sources").index(i).key("title"), with: quote(marker + title))
            }
            // A state's withholding method is carried as last year's too: estimated, its citations marked.
            if case .state(let code) = document, let first = data.states[code]?.withholding {
                let method = first.midYear?.last?.method ?? first
                let at = DataPath(document).key("withholding")
                try editor.replace(at: at.key("provenance"), with: "estimated")
                if editor.contains(at.key("pending")) { try editor.remove(at: at.key("pending")) }
                for (i, source) in method.sources.enumerated() {
                    try editor.replace(at: at.key("sources").index(i).key("title"), with: quote(marker + source.title))
                }
            }
            for (path, text) in plan.edits where path.document == document {
                try editor.replace(at: path, with: text)
            }
            for (path, text) in plan.ifWritten where path.document == document && editor.contains(path) {
                try editor.replace(at: path, with: text)
            }
            for path in plan.derive.sorted(by: { $0.description < $1.description }) where path.document == document && editor.contains(path) {
                try editor.remove(at: path)
            }
            editor.removeTopLevelBlock("reviewed")
            editor.removeTopLevelBlock("pending")
            out.append(SourceFile(relativePath: "\(year)/\(parts[1])", contents: comment + editor.text))
        }
        return out.sorted { $0.relativePath < $1.relativePath }
    }

    /// A state's withholding that changed during `previous` (`midYear`) starts the next year as
    /// its last method: that block, without its `from` and `appliesBy`, becomes the `withholding`.
    /// Text in, text out: every other line is as it was.
    static func latestWithholding(_ text: String, from previous: Int) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("withholding:") }) else { return text }
        func topLevel(_ line: String) -> Bool { !line.isEmpty && !line.hasPrefix(" ") && !line.hasPrefix("#") }
        let end = lines[(start + 1)...].firstIndex(where: topLevel) ?? lines.endIndex
        guard let midYear = lines[start..<end].firstIndex(where: { $0.hasPrefix("  midYear:") }),
              let last = lines[midYear..<end].lastIndex(where: { $0.hasPrefix("    - ") }) else { return text }
        var item = lines[last..<end].map { $0 }
        item[0] = "      " + item[0].dropFirst(6)
        let kept = item.filter { line in
            let key = line.trimmingCharacters(in: .whitespaces)
            return !key.hasPrefix("from:") && !key.hasPrefix("appliesBy:")
        }.map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }
        let from = item.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("from:") }?.trimmingCharacters(in: .whitespaces) ?? "from: ?"
        let header = "withholding:                     # carried from \(previous): the method in force from \(from.dropFirst(6).prefix(10)) (its midYear)"
        return (lines[..<start] + [header] + kept.drop { $0.trimmingCharacters(in: .whitespaces).isEmpty } + lines[end...]).joined(separator: "\n")
    }

    /// A localities file carried into the next year: its `taxYear`, every locality graded
    /// `estimated` (its figures are last year's until someone reads the new ones), and the dates of
    /// its taxes moved to the new year; rates and amounts as they are.
    static func localities(_ text: String, from previous: Int, to year: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var line = String(line)
            if line.hasPrefix("taxYear:") { return "taxYear: \(year)" }
            for grade in ["official", "corroborated"] {
                line = line.replacingOccurrences(of: "    provenance: \(grade)", with: "    provenance: estimated")
            }
            if line.contains("effective:") {
                line = line.replacingOccurrences(of: "from: \(previous)-", with: "from: \(year)-")
                    .replacingOccurrences(of: "to: \(previous)-", with: "to: \(year)-")
            }
            return line
        }.joined(separator: "\n")
    }

    static func document(_ name: String) -> DataPath.Document? {
        switch name {
        case "federal.yaml": .federal
        case "fica.yaml": .fica
        case "retirement.yaml": .retirement
        default:
            if name.hasPrefix("states/"), name.hasSuffix(".yaml") {
                .state(String(name.dropFirst("states/".count).dropLast(".yaml".count)))
            } else {
                nil
            }
        }
    }

    static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: " ") + "\""
    }
}

/// The new values, as YAML text at their paths: indexed amounts, and what follows from them.
struct Plan {
    var edits: [DataPath: String] = [:]
    /// Derived values rewritten only where the author wrote them (an omitted one is derived when
    /// the scaffold is compiled).
    var ifWritten: [DataPath: String] = [:]
    /// Written values the compiler derives, removed so that they stay derived: a base tax written
    /// as a number would contradict the first ceiling the author corrects (`brackets.base-tax`).
    var derive: Set<DataPath> = []

    init(data: TaxYearData, year: Int, factor: Decimal) {
        let previous = data.meta.taxYear
        var indexed: [DataPath: Decimal] = [:]
        var notes: [DataPath: String] = [:]
        for amount in data.inflationIndexedAmounts {
            let raw = amount.value * factor
            indexed[amount.path] = amount.indexing.apply(amount.value, factor: factor)
            notes[amount.path] = "\(previous) \(Money.text(amount.value)) × \(Money.text(factor)) = \(Money.text(raw)), \(amount.indexing.label)"
        }
        // Married filing separately's federal brackets are half of joint's when they were last
        // year (26 U.S.C. §1(f)(8)): halve the indexed joint ceiling instead of indexing its own.
        let federal = DataPath(.federal).key("brackets")
        if let joint = data.federal.brackets.written[.marriedFilingJointly], let separate = data.federal.brackets.written[.marriedFilingSeparately],
           joint.count == separate.count, zip(joint, separate).allSatisfy({ $0.ceiling.map { $0 / 2 } == $1.ceiling }) {
            for i in joint.indices {
                let path = federal.key(FilingStatus.marriedFilingSeparately.rawValue).index(i).key("ceiling")
                guard let j = indexed[federal.key(FilingStatus.marriedFilingJointly.rawValue).index(i).key("ceiling")] else { continue }
                indexed[path] = j / 2
                notes[path] = "half of married_filing_jointly's \(Money.text(j))"
            }
        }
        // The standard deduction: joint is twice single's and separate equals single's when they
        // were last year (26 U.S.C. §63(c)(2)), so the scaffold keeps them so instead of rounding
        // each on its own (which trips sanity.separate-half-joint).
        let deduction = DataPath(.federal).key("standardDeduction")
        let table = data.federal.standardDeduction
        if let single = table[.single], let indexedSingle = indexed[deduction.key(FilingStatus.single.rawValue)] {
            if table[.marriedFilingJointly] == single * 2, indexed[deduction.key(FilingStatus.marriedFilingJointly.rawValue)] != nil {
                let path = deduction.key(FilingStatus.marriedFilingJointly.rawValue)
                indexed[path] = indexedSingle * 2
                notes[path] = "twice single's \(Money.text(indexedSingle))"
            }
            if table[.marriedFilingSeparately] == single, indexed[deduction.key(FilingStatus.marriedFilingSeparately.rawValue)] != nil {
                let path = deduction.key(FilingStatus.marriedFilingSeparately.rawValue)
                indexed[path] = indexedSingle
                notes[path] = "equal to single's \(Money.text(indexedSingle))"
            }
        }
        for (path, value) in indexed {
            edits[path] = "{ value: \(Money.text(value)), provisional: \(NextYear.quote(notes[path]!)) }"
        }

        // Schedules whose ceilings moved: the next floors, and written base taxes the law does not fix.
        for schedule in data.schedules() where schedule.copyOf == nil {
            var brackets = schedule.brackets
            var moved = false
            for i in brackets.indices {
                if let ceiling = indexed[schedule.path.index(i).key("ceiling")] {
                    brackets[i].ceiling = ceiling
                    if i + 1 < brackets.count { brackets[i + 1].floor = ceiling }
                    moved = true
                }
            }
            guard moved else { continue }
            for (i, bracket) in brackets.enumerated() where i > 0 && bracket.floor != schedule.brackets[i].floor {
                edits[schedule.path.index(i).key("floor")] = Money.text(bracket.floor)
            }
            let expected = Schedule.expectedBaseTaxes(brackets)
            for (i, bracket) in schedule.brackets.enumerated() where !bracket.statutoryBaseTax {
                guard let want = expected[i], want != bracket.baseTax else { continue }
                derive.insert(schedule.path.index(i).key("baseTax"))
            }
        }

        // The Social Security maximum tax follows the wage base.
        let wageBase = DataPath(.fica).key("socialSecurity").key("wageBase")
        if let base = indexed[wageBase] {
            ifWritten[DataPath(.fica).key("socialSecurity").key("maxTax")] = Money.text(Money.roundedToCent(base * data.fica.socialSecurity.rate))
        }

        // The federal earned income credit's maximum is phaseInRate × earnedAmount, to the dollar.
        for (i, schedule) in (data.federal.earnedIncomeCredit ?? []).enumerated() {
            let path = DataPath(.federal).key("earnedIncomeCredit").index(i)
            guard let earned = indexed[path.key("earnedAmount")] else { continue }
            var product = earned * schedule.phaseInRate, rounded = Decimal()
            NSDecimalRound(&rounded, &product, 0, .plain)
            edits[path.key("maximum")] = Money.text(rounded)
        }
    }
}

/// Edits one YAML source in place, by the positions Yams reports (lines from 1, columns in Unicode
/// scalars from 1), so everything not edited stays byte for byte.
struct SourceEditor {
    let file: SourceFile
    private let root: Node
    private var scalars: [Unicode.Scalar]
    private let lineStarts: [Int]
    /// Replacements as scalar offsets into the original text: [start, end) → text.
    private var pending: [(start: Int, end: Int, text: String)] = []

    init(_ file: SourceFile) throws {
        self.file = file
        guard let root = try Yams.compose(yaml: file.contents) else {
            throw NextYear.ScaffoldError(description: "\(file.displayPath): empty document")
        }
        self.root = root
        scalars = Array(file.contents.unicodeScalars)
        var starts = [0]
        for (i, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(i + 1) }
        lineStarts = starts
    }

    /// The text with every edit applied.
    var text: String {
        var out = scalars
        for edit in pending.sorted(by: { $0.start > $1.start }) {
            out.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.unicodeScalars))
        }
        var string = String.UnicodeScalarView()
        string.append(contentsOf: out)
        return String(string)
    }

    func sourceTitles() -> [(Int, String)] {
        guard case .sequence(let list)? = root.mapping?["sources"] else { return [] }
        return list.enumerated().compactMap { i, item in item.mapping?["title"]?.scalar.map { (i, $0.string) } }
    }

    mutating func replaceTopLevel(_ key: String, with text: String) throws {
        guard root.mapping?[key] != nil else { return }
        try replace(at: [key], with: text)
    }

    /// Whether the file writes a value at `path`.
    func contains(_ path: DataPath) -> Bool { node(at: steps(path)) != nil }

    private func node(at steps: [PathStep]) -> Node? {
        var node = root
        for step in steps {
            switch step {
            case .key(let name):
                guard let next = node.mapping?[name] else { return nil }
                node = next
            case .index(let i):
                guard case .sequence(let list) = node, i < list.count else { return nil }
                node = list[i]
            }
        }
        return node
    }

    private func steps(_ path: DataPath) -> [PathStep] {
        path.components.map { component -> PathStep in
            switch component {
            case .key(let name): .key(name)
            case .index(let i): .index(i)
            }
        }
    }

    mutating func replace(at path: DataPath, with text: String) throws {
        try replace(at: steps(path), with: text, label: path.description)
    }

    private enum PathStep { case key(String), index(Int) }

    private mutating func replace(at keys: [String], with text: String) throws {
        try replace(at: keys.map { .key($0) }, with: text, label: keys.joined(separator: "."))
    }

    private mutating func replace(at steps: [PathStep], with text: String, label: String) throws {
        guard let node = node(at: steps) else { throw failure("\(label) is not in the file") }
        guard let mark = node.mark else { throw failure("\(label) has no position") }
        let start = lineStarts[mark.line - 1] + mark.column - 1
        let end = try extent(of: node, from: start, label: label)
        pending.append((start, end, text))
    }

    /// Where the node that starts at `start` ends: a single-line plain scalar, a quoted scalar,
    /// or a flow mapping or sequence (brackets matched outside quotes).
    private func extent(of node: Node, from start: Int, label: String) throws -> Int {
        guard start < scalars.count else { throw failure("\(label) is past the end of the file") }
        switch scalars[start] {
        case "{", "[":
            var depth = 0, i = start, quote: Unicode.Scalar?
            while i < scalars.count {
                let c = scalars[i]
                if let q = quote {
                    if c == "\\" && q == "\"" { i += 1 } else if c == q { quote = nil }
                } else if c == "\"" || c == "'" {
                    quote = c
                } else if c == "{" || c == "[" {
                    depth += 1
                } else if c == "}" || c == "]" {
                    depth -= 1
                    if depth == 0 { return i + 1 }
                }
                i += 1
            }
            throw failure("\(label): unterminated flow collection")
        case "\"", "'":
            let q = scalars[start]
            var i = start + 1
            while i < scalars.count {
                if scalars[i] == "\\" && q == "\"" { i += 2; continue }
                if scalars[i] == q {
                    if q == "'" && i + 1 < scalars.count && scalars[i + 1] == "'" { i += 2; continue }
                    return i + 1
                }
                i += 1
            }
            throw failure("\(label): unterminated quoted scalar")
        default:
            guard case .scalar(let scalar) = node, !scalar.string.isEmpty else {
                throw failure("\(label) is written as a block; write it on one line (`{ … }`) for new-year to rewrite it")
            }
            let written = Array(scalar.string.unicodeScalars)
            guard start + written.count <= scalars.count, Array(scalars[start..<start + written.count]) == written else {
                throw failure("\(label) spans several lines; write it on one line for new-year to rewrite it")
            }
            return start + written.count
        }
    }

    /// Removes a key and its value from the mapping that holds them, so the compiler derives the
    /// value: in a flow mapping (`{ floor: 1, baseTax: 5800 }`) the entry and one separator; in a
    /// block mapping, the key's line, when its value is on that line.
    mutating func remove(at path: DataPath) throws {
        let all = steps(path)
        guard case .key(let name)? = all.last, let parent = node(at: Array(all.dropLast())), let mapping = parent.mapping,
              let key = mapping.keys.first(where: { $0.string == name }), let value = mapping[name],
              let keyMark = key.mark, let valueMark = value.mark, let parentMark = parent.mark else {
            throw failure("\(path) is not in the file")
        }
        let keyStart = lineStarts[keyMark.line - 1] + keyMark.column - 1
        let valueEnd = try extent(of: value, from: lineStarts[valueMark.line - 1] + valueMark.column - 1, label: path.description)
        if scalars[lineStarts[parentMark.line - 1] + parentMark.column - 1] == "{" {
            var before = keyStart - 1
            while before >= 0, scalars[before] == " " { before -= 1 }
            if before >= 0, scalars[before] == "," {
                pending.append((before, valueEnd, ""))
            } else {
                var after = valueEnd
                while after < scalars.count, scalars[after] == " " { after += 1 }
                if after < scalars.count, scalars[after] == "," {
                    after += 1
                    while after < scalars.count, scalars[after] == " " { after += 1 }
                }
                pending.append((keyStart, after, ""))
            }
            return
        }
        guard valueMark.line == keyMark.line else { throw failure("\(path) spans several lines; write it on one line for new-year to remove it") }
        let end = keyMark.line < lineStarts.count ? lineStarts[keyMark.line] : scalars.count
        pending.append((lineStarts[keyMark.line - 1], end, ""))
    }

    /// Removes a top-level key and its block: from its line to the next line that starts a
    /// top-level key or a comment at column 1, blank lines before that kept.
    mutating func removeTopLevelBlock(_ key: String) {
        guard let mapping = root.mapping, let keyNode = mapping.keys.first(where: { $0.string == key }),
              let mark = keyNode.mark, mark.column == 1 else { return }
        let first = mark.line - 1
        var last = first + 1
        while last < lineStarts.count {
            let begin = lineStarts[last]
            if begin < scalars.count, scalars[begin] != " ", scalars[begin] != "\n", scalars[begin] != "\t" { break }
            last += 1
        }
        while last - 1 > first, isBlank(line: last - 1) { last -= 1 }
        let start = lineStarts[first]
        let end = last < lineStarts.count ? lineStarts[last] : scalars.count
        pending.append((start, end, ""))
    }

    private func isBlank(line: Int) -> Bool {
        let begin = lineStarts[line], end = line + 1 < lineStarts.count ? lineStarts[line + 1] : scalars.count
        return scalars[begin..<end].allSatisfy { $0 == " " || $0 == "\n" || $0 == "\t" }
    }

    private func failure(_ message: String) -> NextYear.ScaffoldError {
        NextYear.ScaffoldError(description: "\(file.displayPath): \(message)")
    }
}
