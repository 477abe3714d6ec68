import Foundation

/// No tax at all when income is below a threshold, per filing status (schema 1.12): Virginia's
/// filing threshold (Va. Code 58.1-321(A)): "no tax ... is imposed" when Virginia adjusted gross
/// income is LESS THAN $11,950 (single, head of household, married filing separately) or $23,900
/// (joint). A cliff with a strict bound, which `incomeTestedCredit` (at or below) cannot say.
public struct NoTaxBelow: Sendable, Equatable, Codable {
    /// What the user is shown.
    public var label: String
    /// The threshold per status: income strictly below it pays no tax.
    public var amount: StatusTable<Decimal>

    public init(label: String, amount: StatusTable<Decimal>) {
        self.label = label
        self.amount = amount
    }
}
