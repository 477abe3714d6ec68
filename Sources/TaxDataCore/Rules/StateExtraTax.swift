/// A fixed extra tax is a positive amount on a state that taxes wages (a fee of a few dollars, not
/// a rate: over 1,000 it is almost certainly a misplaced figure).
public struct StateExtraTax: ValidationRule {
    public let id = RuleID.stateExtraTax
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        data.states.keys.sorted().compactMap { code in
            guard let amount = data.states[code]!.extraTax else { return nil }
            let path = DataPath(.state(code)).key("extraTax")
            if data.states[code]!.type == .noTax { return .error(id, "\(code) has no income tax, so no extra tax on it", at: path) }
            if amount <= 0 || amount > 1000 { return .error(id, "extraTax \(Money.text(amount)) must be a fixed amount above 0 and at most 1,000", at: path) }
            return nil
        }
    }
}
