import Foundation
import TaxDataCore
import Yams

/// Reading `IncomeTestedCredit` from a state file (see `IncomeTestedCredit` in TaxDataCore for what each key means).
extension YAMLDocument {
    /// `{ label, measure: ratio | excess, base: {status: amount}, perDependent (amount or status map), maxDependents?: {status: n},
    /// bands: {status: [ { upTo, share } ]} }`; a ratio's `upTo` is a rate (1.04), an excess's an amount.
    func incomeTestedCredit(_ node: Node, _ path: DataPath) -> IncomeTestedCredit? {
        guard var m = mapping(node, path) else { return nil }
        let label = m.required("label").flatMap { string($0, path.key("label")) }
        let measure = m.required("measure").flatMap { choice($0, path.key("measure"), IncomeTestedCredit.Measure.self) }
        let base = m.required("base").flatMap { amountTable($0, path.key("base")) }
        let perDependent = m.required("perDependent").flatMap { amountOrTable($0, path.key("perDependent")) }
        let capsNode = m.optional("maxDependents")
        let caps = capsNode.flatMap { statusTable($0, path.key("maxDependents")) { self.integer($0, $1) } }
        let bands = m.required("bands").flatMap { node in
            statusTable(node, path.key("bands")) { node, path -> [IncomeTestedCredit.Band]? in
                sequence(node, path).flatMap { items in
                    let parsed = items.enumerated().map { offset, item -> IncomeTestedCredit.Band? in
                        let bandPath = path.index(offset)
                        guard var band = mapping(item, bandPath) else { return nil }
                        let upTo = band.required("upTo").flatMap {
                            measure == .ratio ? rate($0, bandPath.key("upTo")) : decimal($0, bandPath.key("upTo"))
                        }
                        let share = band.required("share").flatMap { rate($0, bandPath.key("share")) }
                        band.finish()
                        guard let upTo, let share else { return nil }
                        return .init(upTo: upTo, share: share)
                    }
                    return parsed.contains(where: { $0 == nil }) ? nil : parsed.compactMap { $0 }
                }
            }
        }
        let limitNode = m.optional("limit")
        let limit = limitNode.flatMap { node -> IncomeTestedCredit.Limit? in
            let limitPath = path.key("limit")
            guard var l = mapping(node, limitPath) else { return nil }
            let rate = l.required("rate").flatMap { self.rate($0, limitPath.key("rate")) }
            let upTo = l.required("upTo").flatMap { measure == .ratio ? self.rate($0, limitPath.key("upTo")) : decimal($0, limitPath.key("upTo")) }
            l.finish()
            guard let rate, let upTo else { return nil }
            return .init(rate: rate, upTo: upTo)
        }
        m.finish()
        guard let label, let measure, let base, let perDependent, capsNode == nil || caps != nil, let bands, limitNode == nil || limit != nil else { return nil }
        return .init(label: label, measure: measure, base: base, perDependent: perDependent, maxDependents: caps, bands: bands, limit: limit)
    }
}
