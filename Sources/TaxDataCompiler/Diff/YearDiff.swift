import Foundation
import TaxDataCore

/// The semantic difference between two tax years: jurisdiction, then filing status, then bracket,
/// then field. Renumbered brackets are matched by rate (longest common subsequence), so inserting
/// one bracket reports one added bracket, not a change to every bracket after it.
public enum YearDiff {
    public static func compare(_ old: TaxYearData, _ new: TaxYearData) -> [Change] {
        let a = FlatYear(old), b = FlatYear(new)
        var changes: [Change] = []
        let statesA = Set(old.states.keys), statesB = Set(new.states.keys)
        for code in statesA.subtracting(statesB) {
            changes.append(Change(area: "states/\(code)", path: "", kind: .removed, old: old.states[code]!.type.rawValue, new: nil))
        }
        for code in statesB.subtracting(statesA) {
            changes.append(Change(area: "states/\(code)", path: "", kind: .added, old: nil, new: new.states[code]!.type.rawValue))
        }
        let wholeStates = Set(statesA.symmetricDifference(statesB).map { "states/\($0)/" })
        func inWholeState(_ key: String) -> Bool { wholeStates.contains { key.hasPrefix($0) } }

        for key in Set(a.scalars.keys).union(b.scalars.keys) where !inWholeState(key) {
            let (area, path) = split(key)
            switch (a.scalars[key], b.scalars[key]) {
            case let (x?, y?) where x != y: changes.append(change(area, path, x, y))
            case let (x?, nil): changes.append(Change(area: area, path: path, kind: .removed, old: x.text, new: nil))
            case let (nil, y?): changes.append(Change(area: area, path: path, kind: .added, old: nil, new: y.text))
            default: break
            }
        }
        for key in Set(a.schedules.keys).union(b.schedules.keys) where !inWholeState(key) {
            let (area, path) = split(key)
            switch (a.schedules[key], b.schedules[key]) {
            case let (x?, y?): changes += compareSchedules(area, path, x, y)
            case let (x?, nil): changes.append(Change(area: area, path: path, kind: .removed, old: "\(x.count) brackets", new: nil))
            case let (nil, y?): changes.append(Change(area: area, path: path, kind: .added, old: nil, new: "\(y.count) brackets"))
            default: break
            }
        }
        return changes.sorted { ($0.area, $0.path) < ($1.area, $1.path) }
    }

    static func split(_ key: String) -> (String, String) {
        // "states/CA/brackets.single" → ("states/CA", "brackets.single"); "federal/x" → ("federal", "x")
        let parts = key.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts[0] == "states" { return ("states/\(parts[1])", parts.dropFirst(2).joined(separator: "/")) }
        return (parts[0], parts.dropFirst().joined(separator: "/"))
    }

    static func change(_ area: String, _ path: String, _ old: FlatValue, _ new: FlatValue) -> Change {
        if case .number(let x) = old, case .number(let y) = new {
            let delta = y - x
            var percent: Decimal?
            if x != 0 {
                var raw = delta / x * 100, rounded = Decimal()
                NSDecimalRound(&rounded, &raw, 2, .plain)
                percent = rounded
            }
            return Change(area: area, path: path, kind: .changed, old: old.text, new: new.text, delta: delta, percent: percent)
        }
        return Change(area: area, path: path, kind: .changed, old: old.text, new: new.text)
    }

    /// Brackets aligned by rate; matched pairs compared field by field.
    static func compareSchedules(_ area: String, _ path: String, _ old: [Bracket], _ new: [Bracket]) -> [Change] {
        var changes: [Change] = []
        let pairs = align(old.map(\.rate), new.map(\.rate))
        var matchedOld = Set<Int>(), matchedNew = Set<Int>()
        for (i, j) in pairs {
            matchedOld.insert(i)
            matchedNew.insert(j)
            let p = "\(path)[\(j)]"
            let x = old[i], y = new[j]
            if x.floor != y.floor { changes.append(change(area, "\(p).floor", .number(x.floor), .number(y.floor))) }
            if x.ceiling != y.ceiling {
                changes.append(change(area, "\(p).ceiling", x.ceiling.map { .number($0) } ?? .text("null"), y.ceiling.map { .number($0) } ?? .text("null")))
            }
            if x.baseTax != y.baseTax { changes.append(change(area, "\(p).baseTax", .number(x.baseTax), .number(y.baseTax))) }
        }
        func describe(_ b: Bracket) -> String {
            "\(Money.text(b.floor))–\(b.ceiling.map(Money.text) ?? "∞") at \(Money.text(b.rate))"
        }
        for i in old.indices where !matchedOld.contains(i) {
            changes.append(Change(area: area, path: "\(path)[\(i)]", kind: .removed, old: describe(old[i]), new: nil))
        }
        for j in new.indices where !matchedNew.contains(j) {
            changes.append(Change(area: area, path: "\(path)[\(j)]", kind: .added, old: nil, new: describe(new[j])))
        }
        // Same count but rates differ at some positions: report those rates as changes.
        if old.count == new.count {
            for k in old.indices where !matchedOld.contains(k) && !matchedNew.contains(k) {
                changes.removeAll { $0.path == "\(path)[\(k)]" }
                changes.append(change(area, "\(path)[\(k)].rate", .number(old[k].rate), .number(new[k].rate)))
                if old[k].floor != new[k].floor { changes.append(change(area, "\(path)[\(k)].floor", .number(old[k].floor), .number(new[k].floor))) }
                if old[k].ceiling != new[k].ceiling {
                    changes.append(change(area, "\(path)[\(k)].ceiling", old[k].ceiling.map { .number($0) } ?? .text("null"), new[k].ceiling.map { .number($0) } ?? .text("null")))
                }
            }
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
