import Foundation
import TaxDataCore
import Yams

extension YAMLDocument {
    /// Reads a `{status: value}` mapping where a value may be `{ sameAs: other_status }`.
    ///
    /// Unknown statuses, a `sameAs` that names an unknown status, itself, or another alias are errors.
    func statusTable<V: Sendable & Equatable>(_ node: Node, _ path: DataPath,
                                              value read: (Node, DataPath) -> V?) -> StatusTable<V>? {
        guard let reader = mapping(node, path) else { return nil }
        var written: [FilingStatus: V] = [:]
        var aliases: [FilingStatus: (FilingStatus, Node)] = [:]
        var ok = true
        for (key, keyNode, valueNode) in reader.pairs {
            guard let status = FilingStatus(rawValue: key) else {
                let known = FilingStatus.allCases.map(\.rawValue).joined(separator: ", ")
                report(.statusUnknown, "'\(key)' is not a filing status; use one of \(known)", at: keyNode)
                ok = false
                continue
            }
            let statusPath = path.key(status.rawValue)
            if case .mapping(let m) = valueNode, m.count == 1, let pair = m.first, pair.key.string == "sameAs" {
                let target = pair.value
                record(valueNode, statusPath)
                guard let name = target.string, let targetStatus = FilingStatus(rawValue: name) else {
                    report(.statusSameAs, "sameAs must name a filing status, found \(kind(target))", at: target)
                    ok = false
                    continue
                }
                aliases[status] = (targetStatus, target)
            } else if let value = read(valueNode, statusPath) {
                written[status] = value
            } else {
                ok = false
            }
        }
        var resolved: [FilingStatus: FilingStatus] = [:]
        for (alias, (target, targetNode)) in aliases.sorted(by: { $0.key < $1.key }) {
            if target == alias {
                report(.statusSameAs, "\(alias.rawValue) cannot be sameAs itself", at: targetNode)
                ok = false
            } else if aliases[target] != nil {
                report(.statusSameAs, "\(alias.rawValue) is sameAs \(target.rawValue), which is itself an alias; name the written status instead",
                       at: targetNode)
                ok = false
            } else if written[target] == nil {
                if ok { report(.statusSameAs, "\(alias.rawValue) is sameAs \(target.rawValue), which is not written in this table", at: targetNode) }
                ok = false
            } else {
                resolved[alias] = target
            }
        }
        return ok ? StatusTable(written: written, aliases: resolved) : nil
    }

    /// A per-status table of amounts.
    func amountTable(_ node: Node, _ path: DataPath) -> StatusTable<Decimal>? {
        statusTable(node, path) { self.decimal($0, $1) }
    }

    /// A per-status table of bracket schedules.
    func scheduleTable(_ node: Node, _ path: DataPath) -> StatusTable<[Bracket]>? {
        statusTable(node, path) { self.schedule($0, $1) }
    }
}
