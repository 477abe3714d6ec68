/// The child tax credit's amounts are not negative, its phase-out step is positive, and its
/// phase-out start is given for every filing status.
public struct FederalChildCredit: ValidationRule {
    public let id = RuleID.federalChildCredit
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        guard let credit = data.federal.childTaxCredit else { return [] }
        let path = DataPath(.federal).key("childTaxCredit")
        var findings: [Diagnostic] = []
        if credit.perChild < 0 || credit.perOtherDependent < 0 || credit.phaseOutAmount < 0 {
            findings.append(.error(id, "child tax credit amounts must not be negative", at: path))
        }
        if credit.phaseOutStep <= 0 {
            findings.append(.error(id, "phaseOutStep must be above 0 (the credit shrinks by phaseOutAmount per phaseOutStep of income)",
                                   at: path.key("phaseOutStep")))
        }
        let missing = FilingStatus.allCases.filter { credit.phaseOutStart[$0] == nil }
        if !missing.isEmpty {
            findings.append(.error(id, "phaseOutStart has no amount for \(missing.map(\.rawValue).joined(separator: ", "))", at: path.key("phaseOutStart")))
        }
        if let refundable = credit.refundable {
            if data.meta.schemaVersion < .v1_4 {
                findings.append(.error(id, "childTaxCredit.refundable needs schemaVersion \"1.4\" in year.yaml", at: path.key("refundable")))
            }
            if refundable.perChild < 0 || refundable.perChild > credit.perChild || refundable.earnedThreshold < 0 {
                findings.append(.error(id, "refundable perChild must be between 0 and perChild, earnedThreshold not negative", at: path.key("refundable")))
            }
        }
        return findings
    }
}
