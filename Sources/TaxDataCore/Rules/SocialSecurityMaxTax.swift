/// Social Security `maxTax` equals rate × wageBase, to the cent.
public struct SocialSecurityMaxTax: ValidationRule {
    public let id = RuleID.ficaMaxTax
    public init() {}
    public func check(_ data: TaxYearData) -> [Diagnostic] {
        let ss = data.fica.socialSecurity
        let expected = Money.roundedToCent(ss.rate * ss.wageBase)
        guard ss.maxTax != expected else { return [] }
        return [.error(id, "socialSecurity.maxTax is \(Money.text(ss.maxTax)), but rate × wageBase = \(Money.text(ss.rate)) × \(Money.text(ss.wageBase)) = \(Money.text(expected))",
                       at: DataPath(.fica).key("socialSecurity").key("maxTax"))]
    }
}
