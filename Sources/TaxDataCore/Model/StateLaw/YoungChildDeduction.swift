import Foundation

/// A deduction from state taxable income for each dependent under age 6 at the end of the year
/// (schema 1.10): South Carolina's (S.C. Code 12-6-1160), an amount equal to its dependent
/// exemption, taken on top of it. The calculator counts the children from
/// `PayInput.childrenUnder6`.
public struct YoungChildDeduction: Sendable, Equatable, Codable {
    /// What the user is shown ("deduction for each dependent under 6").
    public var label: String
    /// Per qualifying child, in dollars.
    public var amount: Decimal

    public init(label: String, amount: Decimal) {
        self.label = label
        self.amount = amount
    }
}
