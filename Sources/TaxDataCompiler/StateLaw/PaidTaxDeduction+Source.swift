import Foundation
import TaxDataCore
import Yams

/// Reading `PaidTaxDeduction` from a state file (see `PaidTaxDeduction` in TaxDataCore for what each key means).
extension YAMLDocument {
    /// `{ cap?: {status: amount}, shares?: {status: [rows]}, itemized?: bool }`; `{}` deducts the whole amount.
    func paidTaxDeduction(_ node: Node, _ path: DataPath) -> PaidTaxDeduction? {
        guard var m = mapping(node, path) else { return nil }
        let capNode = m.optional("cap")
        let cap = capNode.flatMap { amountTable($0, path.key("cap")) }
        let sharesNode = m.optional("shares")
        let shares = sharesNode.flatMap { rowTable($0, path.key("shares")) }
        let itemizedNode = m.optional("itemized")
        let itemized = itemizedNode.flatMap { bool($0, path.key("itemized")) }
        let lessNode = m.optional("lessRefundable")
        let less = lessNode.flatMap { node in
            sequence(node, path.key("lessRefundable")).flatMap { items in
                let parsed = items.enumerated().map { choice($0.element, path.key("lessRefundable").index($0.offset), PaidTaxDeduction.RefundableCredit.self) }
                return parsed.contains(where: { $0 == nil }) ? nil : parsed.compactMap { $0 }
            }
        }
        m.finish()
        guard capNode == nil || cap != nil, sharesNode == nil || shares != nil, itemizedNode == nil || itemized != nil,
              lessNode == nil || less != nil else { return nil }
        return PaidTaxDeduction(cap: cap, shares: shares, itemized: itemized, lessRefundable: less)
    }
}
