/// A deduction of federal income tax or FICA paid has, when capped, a non-negative cap for every
/// filing status; its shares by income (1.4) are rows rising from `over: 0` with shares in 0…1;
/// `shares` and `itemized` need schema 1.4, and only FICA is deducted as an itemized deduction;
/// `lessRefundable` (1.6) is for federal tax only and names each credit once.
public struct StatePaidTaxDeduction: ValidationRule {
    public let id = RuleID.statePaidTaxDeduction
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for code in data.states.keys.sorted() {
            let state = data.states[code]!
            let deductions = [("federalTaxDeduction", state.federalTaxDeductionRule), ("ficaDeduction", state.ficaDeductionRule)]
            for (key, deduction) in deductions {
                guard let deduction else { continue }
                let path = DataPath(.state(code)).key(key)
                if let cap = deduction.cap {
                    let missing = FilingStatus.allCases.filter { cap[$0] == nil }
                    if !missing.isEmpty {
                        findings.append(.error(id, "\(code) \(key) cap has no amount for \(missing.map(\.rawValue).joined(separator: ", "))", at: path.key("cap")))
                    }
                    if FilingStatus.allCases.contains(where: { (cap[$0] ?? 0) < 0 }) {
                        findings.append(.error(id, "\(code) \(key) cap must not be negative", at: path.key("cap")))
                    }
                }
                if !deduction.isSchema12, data.meta.schemaVersion < .v1_4 {
                    findings.append(.error(id, "\(code) \(key): shares and itemized need schemaVersion \"1.4\" in year.yaml", at: path))
                }
                if let shares = deduction.shares {
                    findings += RowTableCheck(id: id, name: "\(code) \(key) shares", allowsAmount: false, schema: data.meta.schemaVersion)
                        .check(shares, at: path.key("shares"))
                }
                if let less = deduction.lessRefundable {
                    if key != "federalTaxDeduction" {
                        findings.append(.error(id, "\(code) \(key): only federalTaxDeduction subtracts refundable federal credits", at: path.key("lessRefundable")))
                    }
                    if data.meta.schemaVersion < .v1_6 {
                        findings.append(.error(id, "\(code) \(key): lessRefundable needs schemaVersion \"1.6\" in year.yaml", at: path.key("lessRefundable")))
                    }
                    if Set(less).count != less.count {
                        findings.append(.error(id, "\(code) \(key): lessRefundable names a credit twice", at: path.key("lessRefundable")))
                    }
                }
                if deduction.itemized == true, key != "ficaDeduction" {
                    findings.append(.error(id, "\(code) \(key): only ficaDeduction may be itemized (in place of the standard deduction)", at: path.key("itemized")))
                }
            }
        }
        return findings
    }
}
