/// A state's SDI `maxTax` equals rate × wageBase to the cent; an uncapped SDI has no maxTax.
public struct SDIMaxTax: ValidationRule {
    public let id = RuleID.sdiMaxTax
    public init() {}
    public func check(_ data: TaxYearData) -> [Diagnostic] {
        data.states.keys.sorted().compactMap { code in
            guard let sdi = data.states[code]!.sdi else { return nil }
            let path = DataPath(.state(code)).key("sdi").key("maxTax")
            switch (sdi.wageBase, sdi.maxTax) {
            case let (base?, max?):
                let expected = Money.roundedToCent(sdi.rate * base)
                return max == expected ? nil
                    : .error(id, "\(code) sdi.maxTax is \(Money.text(max)), but rate × wageBase = \(Money.text(expected))", at: path)
            case (nil, _?):
                return .error(id, "\(code) sdi has a maxTax but no wageBase", at: path)
            default:
                return nil
            }
        }
    }
}
