import Foundation

/// A nonrefundable credit for each qualifying child under 6 at the end of the year (schema 1.12):
/// Georgia's $250 from 2026 (O.C.G.A. 48-7-29.27, HB 136 of 2025), limited to the tax, no
/// carryforward, no income limit. The calculator counts the children from
/// `PayInput.childrenUnder6`.
public struct YoungChildCredit: Sendable, Equatable, Codable {
    /// What the user is shown.
    public var label: String
    /// Per qualifying child, in dollars.
    public var amount: Decimal

    public init(label: String, amount: Decimal) {
        self.label = label
        self.amount = amount
    }
}
