import Foundation

/// The earned income credit has one schedule for each of 0, 1, 2 and 3 (or more) qualifying
/// children; rates between 0 and 1; a maximum equal to the phase-in rate × the earned income amount
/// (to the dollar, as the revenue procedures round it); a phase-out start for every filing status;
/// and schema 1.4.
public struct FederalEarnedIncomeCredit: ValidationRule {
    public let id = RuleID.federalEarnedIncomeCredit
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        guard let schedules = data.federal.earnedIncomeCredit else { return [] }
        let path = DataPath(.federal).key("earnedIncomeCredit")
        var findings: [Diagnostic] = []
        func error(_ message: String, _ at: DataPath) { findings.append(.error(id, message, at: at)) }
        if data.meta.schemaVersion < .v1_4 { error("earnedIncomeCredit needs schemaVersion \"1.4\" in year.yaml", path) }
        let counts = schedules.map(\.children)
        let expected = Array(0...EarnedIncomeCreditSchedule.mostChildren)
        if counts.sorted() != expected {
            error("earnedIncomeCredit needs exactly one schedule for each of children 0, 1, 2 and 3 (three or more), found \(counts.isEmpty ? "none" : "children " + counts.map(String.init).joined(separator: ", "))", path)
        }
        for (index, schedule) in schedules.enumerated() {
            let at = path.index(index)
            for (key, rate) in [("phaseInRate", schedule.phaseInRate), ("phaseOutRate", schedule.phaseOutRate)] where rate <= 0 || rate > 1 {
                error("\(key) \(Money.text(rate)) must be above 0 and at most 1", at.key(key))
            }
            if schedule.earnedAmount <= 0 || schedule.maximum <= 0 {
                error("earnedAmount and maximum must be above 0", at)
            }
            let implied = schedule.earnedAmount * schedule.phaseInRate
            if abs(implied - schedule.maximum) >= 1 {
                error("maximum \(Money.text(schedule.maximum)) is not phaseInRate × earnedAmount (\(Money.text(implied))): one of the three is mistyped", at.key("maximum"))
            }
            let missing = schedule.phaseOutStart.missing
            if !missing.isEmpty {
                error("phaseOutStart has no amount for \(missing.map(\.rawValue).joined(separator: ", "))", at.key("phaseOutStart"))
            }
            if FilingStatus.allCases.contains(where: { (schedule.phaseOutStart[$0] ?? 0) < 0 }) {
                error("phaseOutStart must not be negative", at.key("phaseOutStart"))
            }
        }
        return findings
    }
}
