import Foundation

/// Each locality has an id (digits, or the state's letters, a hyphen and the state's own code:
/// `24031`, `PA-510101`), a name, a known kind and at least one tax; each tax an id of lower-case
/// letters, digits and hyphens, a name, and a resident or nonresident part (a resident credit
/// needs a resident part). Each part has a known base and what that base needs: `wages` names
/// gross, fica or taxable wages; a rate base has `rate` or `brackets` (with a known `method`);
/// `flat` has an `amount` per `month` or `year`; `nycTax` stands on a state with `nycTax`; a base of
/// the state's income tax on a state that has one (schema 1.13).
public struct LocalityShape: StateConstructRule {
    public let id = RuleID.localityShape
    public static let key = "localities"
    public static let since = SchemaVersion.v1_13
    public static let noIncomeTax: String? = nil
    public init() {}

    public func construct(of state: StateData) -> [Locality]? { state.localities }

    /// `24031`, `3651000`, `PA-510101`, `OH-SD-1807`, `MD-NONRESIDENT`: upper-case letters, digits
    /// and single hyphens, at most 32 characters, starting with a digit or the state's code.
    public static func isWellFormed(_ id: String, state code: String) -> Bool {
        guard (1...32).contains(id.count), !id.hasSuffix("-"), !id.contains("--"),
              id.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) else { return false }
        return id.first!.isNumber ? id.allSatisfy(\.isNumber) : id.hasPrefix(code + "-")
    }

    public func check(_ localities: [Locality], _ context: inout StateConstructContext) {
        for (i, locality) in localities.enumerated() {
            let path = context.path.index(i)
            if !Self.isWellFormed(locality.id, state: context.code) {
                context.error("id '\(locality.id)' must be a Census GEOID (digits) or \(context.code)- and the state's own code in capitals and digits (\(context.code)-510101)",
                              at: path.key("id"))
            }
            if locality.name.isBlank { context.error("\(locality.id): name must say which place it is", at: path.key("name")) }
            if !Locality.kinds.contains(locality.kind) {
                context.error("\(locality.id): kind '\(locality.kind)' is not one of \(Locality.kinds.joined(separator: ", "))", at: path.key("kind"))
            }
            if locality.taxes.isEmpty { context.error("\(locality.id) lists no tax: a locality is here for its taxes", at: path.key("taxes")) }
            for (t, tax) in locality.taxes.enumerated() {
                check(tax, locality, path.key("taxes").index(t), &context)
            }
        }
    }

    private func check(_ tax: LocalIncomeTax, _ locality: Locality, _ path: DataPath, _ context: inout StateConstructContext) {
        let label = "\(locality.id) \(tax.id)"
        if tax.id.isEmpty || !tax.id.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) {
            context.error("\(locality.id): tax id '\(tax.id)' must be lower-case letters, digits and hyphens (md-24031)", at: path.key("id"))
        }
        if tax.name.isBlank { context.error("\(label): name must say what the payslip line is", at: path.key("name")) }
        if tax.resident == nil && tax.nonresident == nil {
            context.error("\(label) has neither a resident nor a nonresident part", at: path)
        }
        if tax.residentCredit != nil && tax.resident == nil {
            context.error("\(label): a residentCredit reduces the resident part, which this tax does not have", at: path.key("residentCredit"))
        }
        for (key, part) in [("resident", tax.resident), ("nonresident", tax.nonresident)] {
            guard let part else { continue }
            check(part, label, path.key(key), &context)
        }
    }

    private func check(_ part: LocalTaxPart, _ label: String, _ path: DataPath, _ context: inout StateConstructContext) {
        func error(_ message: String, _ key: String) { context.error("\(label): \(message)", at: path.key(key)) }
        guard let base = LocalTaxBase(rawValue: part.base) else {
            error("base '\(part.base)' is not one of \(LocalTaxBase.allCases.map(\.rawValue).joined(separator: ", "))", "base")
            return
        }
        let rated = part.rate != nil || part.brackets != nil
        switch base {
        case .wages:
            let known: [WageDefinition] = [.gross, .fica, .taxable]
            if part.wages.flatMap(WageDefinition.init(rawValue:)).map(known.contains) != true {
                error("base wages needs wages: one of \(known.map(\.rawValue).joined(separator: ", "))", "wages")
            }
        default:
            if part.wages != nil { error("wages names which wages a base of wages is; this base is \(base.rawValue)", "wages") }
        }
        switch base {
        case .wages, .stateTaxableIncome, .stateTax:
            if part.rate != nil && part.brackets != nil { error("has both rate and brackets: keep one", "brackets") }
            if !rated { error("base \(base.rawValue) needs a rate or brackets", "base") }
            if part.amount != nil || part.per != nil || part.minimumWages != nil {
                error("amount, per and minimumWages go with base flat", "amount")
            }
            if base == .stateTax && part.brackets != nil { error("a share of the state tax is one rate, not brackets", "brackets") }
            if base != .wages && context.state.type == .noTax {
                error("\(context.code) has no income tax for a base of \(base.rawValue)", "base")
            }
        case .nycTax:
            if rated || part.amount != nil { error("base nycTax uses the state's nycTax brackets: no rate, brackets or amount", "base") }
            if context.state.nycTax == nil { error("base nycTax needs nycTax in \(context.code)'s state file", "base") }
        case .flat:
            if rated { error("a flat amount has no rate or brackets", "rate") }
            if part.amount == nil { error("base flat needs an amount", "base") }
            if let amount = part.amount, amount < 0 { error("amount \(Money.text(amount)) must be at least zero", "amount") }
            if part.per != "month" && part.per != "year" { error("per must be month or year", "per") }
            if let minimum = part.minimumWages, minimum < 0 { error("minimumWages \(Money.text(minimum)) must be at least zero", "minimumWages") }
        }
        for status in FilingStatus.allCases {
            guard let brackets = part.brackets?.written[status] else { continue }
            let at = path.key("brackets").key(status.rawValue)
            if brackets.first?.floor != 0 { error("\(status.rawValue) brackets must start at 0", "brackets") }
            for (b, bracket) in brackets.enumerated() {
                let next = b + 1 < brackets.count ? brackets[b + 1].floor : nil
                if bracket.ceiling != next {
                    context.error("\(label): \(status.rawValue) bracket \(b) ends at \(bracket.ceiling.map(Money.text) ?? "null") but the next starts at \(next.map(Money.text) ?? "nothing"); the top bracket's ceiling is null",
                                  at: at.index(b).key("ceiling"))
                }
            }
        }
        if let method = part.method {
            if part.brackets == nil { error("method goes with brackets", "method") }
            if LocalBracketMethod(rawValue: method) == nil {
                error("method '\(method)' is not one of \(LocalBracketMethod.allCases.map(\.rawValue).joined(separator: ", "))", "method")
            }
        }
    }
}
