import Foundation
import TaxDataCore

/// The semantic difference between two tax years: jurisdiction, then filing status, then bracket,
/// then field. Renumbered brackets are matched by rate (longest common subsequence), so inserting
/// one bracket reports one added bracket, not a change to every bracket after it.
public enum YearDiff {
    /// One side of a diff: a tax year and where it came from (which decides how `sameAs` copies
    /// are recognised; see `Derivation`).
    public struct Side: Sendable {
        public var data: TaxYearData
        public var origin: YearOrigin
        public init(_ data: TaxYearData, origin: YearOrigin) {
            self.data = data
            self.origin = origin
        }
    }

    /// Every change, derived ones included (`Change.derived`), each annotated from the side that
    /// holds its value (the newer one; the older for a removed value), sorted by area, then path.
    public static func compare(_ old: Side, _ new: Side) -> [Change] {
        let a = FlatYear(old.data, origin: old.origin), b = FlatYear(new.data, origin: new.origin)
        var changes: [Change] = []
        let statesA = Set(old.data.states.keys), statesB = Set(new.data.states.keys)
        for code in statesA.subtracting(statesB) {
            changes.append(Change(path: DataPath(.state(code)), kind: .removed, old: old.data.states[code]!.type.rawValue, new: nil))
        }
        for code in statesB.subtracting(statesA) {
            changes.append(Change(path: DataPath(.state(code)), kind: .added, old: nil, new: new.data.states[code]!.type.rawValue))
        }
        let wholeStates = statesA.symmetricDifference(statesB)
        func inWholeState(_ path: DataPath) -> Bool {
            if case .state(let code) = path.document { return wholeStates.contains(code) }
            return false
        }

        for path in Set(a.scalars.keys).union(b.scalars.keys) where !inWholeState(path) {
            let x = a.scalars[path], y = b.scalars[path]
            let derived = Derivation.isDerived([x.map(\.derivation), y.map(\.derivation)].compactMap { $0 })
            switch (x, y) {
            case let (x?, y?) where x.value != y.value: changes.append(change(path, x.value, y.value, derived: derived))
            case let (x?, nil): changes.append(Change(path: path, kind: .removed, old: x.value.text, new: nil, derived: derived))
            case let (nil, y?): changes.append(Change(path: path, kind: .added, old: nil, new: y.value.text, derived: derived))
            default: break
            }
        }
        for path in Set(a.schedules.keys).union(b.schedules.keys) where !inWholeState(path) {
            let x = a.schedules[path], y = b.schedules[path]
            let copied = Derivation.isDerived([x.map(\.copy), y.map(\.copy)].compactMap { $0 })
            var found: [Change]
            switch (x, y) {
            case let (x?, y?): found = compareSchedules(path, x.brackets, y.brackets)
            case let (x?, nil): found = [Change(path: path, kind: .removed, old: "\(x.brackets.count) brackets", new: nil)]
            case let (nil, y?): found = [Change(path: path, kind: .added, old: nil, new: "\(y.brackets.count) brackets")]
            default: found = []
            }
            if copied { for i in found.indices { found[i].derived = true } }
            changes += found
        }
        return changes.map { change in
            var change = change
            let side = change.kind == .removed ? old.data : new.data
            change.provisional = side.provisional(at: change.path)
            change.provenance = side.provenance(at: change.path)
            return change
        }.sorted { ($0.area, $0.path.pointer) < ($1.area, $1.path.pointer) }
    }

    /// The paths `compare` looks at in a year: every scalar, and every bracket schedule (whose
    /// brackets are at `path[i]`).
    public static func paths(_ side: Side) -> [DataPath] {
        let flat = FlatYear(side.data, origin: side.origin)
        return Array(flat.scalars.keys) + Array(flat.schedules.keys)
    }

    static func change(_ path: DataPath, _ old: FlatValue, _ new: FlatValue, derived: Bool = false) -> Change {
        if case .number(let x) = old, case .number(let y) = new {
            let delta = y - x
            var percent: Decimal?
            if x != 0 {
                var raw = delta / x * 100, rounded = Decimal()
                NSDecimalRound(&rounded, &raw, 2, .plain)
                percent = rounded
            }
            return Change(path: path, kind: .changed, old: old.text, new: new.text, delta: delta, percent: percent, derived: derived)
        }
        return Change(path: path, kind: .changed, old: old.text, new: new.text, derived: derived)
    }

    /// Brackets aligned by rate; matched pairs compared field by field. Floors and base taxes
    /// (unless statutory on both sides) are marked derived; rates, ceilings and whole brackets are not.
    static func compareSchedules(_ path: DataPath, _ old: [Bracket], _ new: [Bracket]) -> [Change] {
        var changes: [Change] = []
        func ceiling(_ b: Bracket) -> FlatValue { b.ceiling.map { .number($0) } ?? .text("null") }
        func baseTaxDerived(_ x: Bracket, _ y: Bracket) -> Bool {
            Derivation.isDerived([x.statutoryBaseTax ? nil : .baseTax, y.statutoryBaseTax ? nil : .baseTax])
        }
        /// The fields of `x` (old) and `y` (new) that differ, at bracket path `p`.
        func fields(_ p: DataPath, _ x: Bracket, _ y: Bracket) -> [Change] {
            var found: [Change] = []
            if x.rate != y.rate { found.append(change(p.key("rate"), .number(x.rate), .number(y.rate))) }
            if x.floor != y.floor { found.append(change(p.key("floor"), .number(x.floor), .number(y.floor), derived: true)) }
            if x.ceiling != y.ceiling { found.append(change(p.key("ceiling"), ceiling(x), ceiling(y))) }
            if x.baseTax != y.baseTax {
                found.append(change(p.key("baseTax"), .number(x.baseTax), .number(y.baseTax), derived: baseTaxDerived(x, y)))
            }
            return found
        }
        let pairs = align(old.map(\.rate), new.map(\.rate))
        var matchedOld = Set<Int>(), matchedNew = Set<Int>()
        for (i, j) in pairs {
            matchedOld.insert(i)
            matchedNew.insert(j)
            changes += fields(path.index(j), old[i], new[j])
        }
        func describe(_ b: Bracket) -> String {
            "\(Money.text(b.floor))–\(b.ceiling.map(Money.text) ?? "∞") at \(Money.text(b.rate))"
        }
        // Same count but rates differ at some positions: those brackets are compared in place
        // (a rate change), not reported as one removed and one added.
        let inPlace = old.count == new.count ? Set(old.indices.filter { !matchedOld.contains($0) && !matchedNew.contains($0) }) : []
        for k in inPlace.sorted() { changes += fields(path.index(k), old[k], new[k]) }
        for i in old.indices where !matchedOld.contains(i) && !inPlace.contains(i) {
            changes.append(Change(path: path.index(i), kind: .removed, old: describe(old[i]), new: nil))
        }
        for j in new.indices where !matchedNew.contains(j) && !inPlace.contains(j) {
            changes.append(Change(path: path.index(j), kind: .added, old: nil, new: describe(new[j])))
        }
        return changes
    }

    /// Longest common subsequence of rates: index pairs (old, new).
    static func align(_ a: [Decimal], _ b: [Decimal]) -> [(Int, Int)] {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] { pairs.append((i, j)); i += 1; j += 1 }
            else if table[i + 1][j] >= table[i][j + 1] { i += 1 } else { j += 1 }
        }
        return pairs
    }
}
