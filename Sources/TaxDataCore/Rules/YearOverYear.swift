import Foundation

/// Sanity warnings between two consecutive years of the same data (run by `check` on the
/// source tree and by `diff`). They point at the newer year's values.
///
/// Peer groups: the federal bracket ceilings and standard deductions (indexed by one IRS
/// factor), and, for a state that declares `indexed: true`, its bracket ceilings and standard
/// deductions (exemptions are often statutory). When a group moved
/// (its median factor is at least `movedThreshold` away from 1, and at least 60 % of its values are
/// within `tolerance` of that median: one inflation factor), a value that did not move is
/// reported, and so is a value whose factor is more than `tolerance` away from the median
/// (one mistyped threshold among values that all moved together). A state that declares
/// `indexed: true` with brackets identical to last year's is reported too, and so is any
/// inflation-indexed amount that went down (`IndexedDecrease`, instead of an outlier warning).
public struct YearOverYear: Sendable {
    public var tolerance: Decimal
    public var movedThreshold: Decimal

    public init(tolerance: Decimal = Decimal(string: "0.015")!, movedThreshold: Decimal = Decimal(string: "0.005")!) {
        self.tolerance = tolerance
        self.movedThreshold = movedThreshold
    }

    struct Peer {
        var path: DataPath
        var old: Decimal
        var new: Decimal
    }

    /// `indexed` holds each year's `inflationIndexedAmounts` when the caller computed them already.
    public func check(previous: TaxYearData, current: TaxYearData,
                      indexed: (previous: [IndexedAmount], current: [IndexedAmount])? = nil) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        findings += checkGroup(federalPeers(previous, current), label: "federal")
        for code in current.states.keys.sorted() {
            guard let old = previous.states[code], let new = current.states[code] else { continue }
            if new.indexed == true { findings += checkGroup(statePeers(code, old, new), label: code) }
            if new.indexed == true, let brackets = new.brackets, brackets.expanded == old.brackets?.expanded {
                findings.append(.warning(.sanityStaleBrackets,
                    "\(code) indexes its brackets every year, but its \(current.meta.taxYear) brackets are identical to \(previous.meta.taxYear)'s",
                    at: DataPath(.state(code)).key("brackets")))
            }
        }
        // A decrease of an indexed amount is said once, as such, not also as an outlier.
        let decreases = indexed.map { IndexedDecrease().check(previous: previous, current: current, indexed: $0) }
            ?? IndexedDecrease().check(previous: previous, current: current)
        let decreased = Set(decreases.compactMap(\.path))
        findings.removeAll { $0.rule == .sanityInflationOutlier && $0.path.map(decreased.contains) == true }
        return (findings + decreases).map { var d = $0; d.taxYear = current.meta.taxYear; return d }
    }

    func checkGroup(_ peers: [Peer], label: String) -> [Diagnostic] {
        let moving = peers.filter { $0.old > 0 }
        guard moving.count >= 3 else { return [] }
        let factors = moving.map { $0.new / $0.old }.sorted()
        let median = factors[factors.count / 2]
        guard abs(median - 1) >= movedThreshold else { return [] }
        // Only a group that moved together (most factors near the median: one inflation factor)
        // says anything about its odd ones out; a legislated restructuring moves values apart.
        let together = factors.filter { abs($0 - median) <= tolerance }.count
        guard Decimal(together) >= Decimal(factors.count) * Decimal(string: "0.6")! else { return [] }
        var findings: [Diagnostic] = []
        for peer in moving {
            let factor = peer.new / peer.old
            if factor == 1 {
                findings.append(.warning(.sanityUnchanged,
                    "\(label) \(peer.path.pointer) stayed at \(Money.text(peer.new)) while its peers moved by \(percent(median - 1))",
                    at: peer.path))
            } else if abs(factor - median) > tolerance {
                findings.append(.warning(.sanityInflationOutlier,
                    "\(label) \(peer.path.pointer) moved by \(percent(factor - 1)) (\(Money.text(peer.old)) → \(Money.text(peer.new))) while its peers moved by \(percent(median - 1)): check it against the publication",
                    at: peer.path))
            }
        }
        return findings
    }

    func percent(_ value: Decimal) -> String {
        var raw = value * 100, rounded = Decimal()
        NSDecimalRound(&rounded, &raw, 2, .plain)
        return "\(Money.text(rounded))%"
    }

    func federalPeers(_ a: TaxYearData, _ b: TaxYearData) -> [Peer] {
        var peers: [Peer] = []
        for status in FilingStatus.allCases where b.federal.brackets.written[status] != nil {
            peers += schedulePeers(a.federal.brackets[status], b.federal.brackets[status],
                                   DataPath(.federal).key("brackets").key(status.rawValue))
        }
        peers += tablePeers(a.federal.standardDeduction, b.federal.standardDeduction, DataPath(.federal).key("standardDeduction"))
        return peers
    }

    func statePeers(_ code: String, _ a: StateData, _ b: StateData) -> [Peer] {
        let path = DataPath(.state(code))
        var peers: [Peer] = []
        for status in FilingStatus.allCases where b.brackets?.written[status] != nil {
            peers += schedulePeers(a.brackets?[status], b.brackets?[status], path.key("brackets").key(status.rawValue))
        }
        peers += tablePeers(a.standardDeduction, b.standardDeduction, path.key("standardDeduction"))
        return peers
    }

    func schedulePeers(_ a: [Bracket]?, _ b: [Bracket]?, _ path: DataPath) -> [Peer] {
        guard let a, let b, a.count == b.count, a.map(\.rate) == b.map(\.rate) else { return [] }
        return a.indices.compactMap { i in
            guard let old = a[i].ceiling, let new = b[i].ceiling else { return nil }
            return Peer(path: path.index(i).key("ceiling"), old: old, new: new)
        }
    }

    func tablePeers(_ a: StatusTable<Decimal>?, _ b: StatusTable<Decimal>?, _ path: DataPath) -> [Peer] {
        guard let a, let b else { return [] }
        return FilingStatus.allCases.compactMap { status in
            guard b.written[status] != nil, let old = a[status], let new = b[status] else { return nil }
            return Peer(path: path.key(status.rawValue), old: old, new: new)
        }
    }
}
