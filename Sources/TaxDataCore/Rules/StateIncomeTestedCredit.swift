import Foundation

/// An income-tested credit has a label, a base threshold above zero for every filing status that
/// qualifies, a per-dependent amount of at least zero, dependent caps of at least zero, and for
/// every status a list of bands (empty where the status does not qualify) with rising `upTo` (at
/// least 0; ratios in (0, 2]) and shares in (0, 1] that never rise; a state income tax to reduce;
/// and schema 1.5; a `limit` (1.6) has a rate in (0, 1] and reaches above every band.
public struct StateIncomeTestedCredit: StateConstructRule {
    public let id = RuleID.stateIncomeTestedCredit
    public static let key = "incomeTestedCredit"
    public static let since = SchemaVersion.v1_5
    public static let noIncomeTax: String? = " to credit"
    public init() {}

    public func construct(of state: StateData) -> IncomeTestedCredit? { state.incomeTestedCredit }

    public func check(_ credit: IncomeTestedCredit, _ context: inout StateConstructContext) {
        let (data, path) = (context.data, context.path)
        func error(_ message: String, _ at: DataPath) { context.error(message, at: at) }
        context.requireLabel(credit.label, naming: "the credit")
        // A status whose band list is empty does not qualify and needs no base.
        let missing = credit.base.missing.filter { !(credit.bands[$0]?.isEmpty ?? false) }
        if !missing.isEmpty { error("base has no amount for \(missing.map(\.rawValue).joined(separator: ", "))", path.key("base")) }
        if FilingStatus.allCases.contains(where: { (credit.base[$0] ?? 1) <= 0 }) {
            error("base must be above zero for every status", path.key("base"))
        }
        let missingPer = credit.perDependent.missing
        if !missingPer.isEmpty { error("perDependent has no amount for \(missingPer.map(\.rawValue).joined(separator: ", "))", path.key("perDependent")) }
        if FilingStatus.allCases.contains(where: { (credit.perDependent[$0] ?? 0) < 0 }) { error("perDependent must be at least zero", path.key("perDependent")) }
        if let caps = credit.maxDependents {
            let missing = caps.missing
            if !missing.isEmpty { error("maxDependents has no number for \(missing.map(\.rawValue).joined(separator: ", "))", path.key("maxDependents")) }
            if FilingStatus.allCases.contains(where: { (caps[$0] ?? 0) < 0 }) { error("maxDependents must be at least zero", path.key("maxDependents")) }
        }
        if let limit = credit.limit {
            let at = path.key("limit")
            if data.meta.schemaVersion < .v1_6 { error("limit needs schemaVersion \"1.6\" in year.yaml", at) }
            if limit.rate <= 0 || limit.rate > 1 { error("rate \(Money.text(limit.rate)) must be above 0 and at most 1", at.key("rate")) }
            for status in FilingStatus.allCases {
                if let last = credit.bands[status]?.last, limit.upTo <= last.upTo {
                    error("upTo \(Money.text(limit.upTo)) must be above the last \(status.rawValue) band's (\(Money.text(last.upTo)))", at.key("upTo"))
                    break
                }
            }
        }
        let missingBands = credit.bands.missing
        if !missingBands.isEmpty { error("bands has no list for \(missingBands.map(\.rawValue).joined(separator: ", "))", path.key("bands")) }
        for status in FilingStatus.allCases {
            guard let bands = credit.bands[status] else { continue }
            let at = path.key("bands").key(status.rawValue)
            for (index, band) in bands.enumerated() {
                let bandPath = at.index(index)
                if band.share <= 0 || band.share > 1 { error("share \(Money.text(band.share)) must be above 0 and at most 1", bandPath.key("share")) }
                if credit.measure == .ratio ? (band.upTo <= 0 || band.upTo > 2) : band.upTo < 0 {
                    error("upTo \(Money.text(band.upTo)) must be \(credit.measure == .ratio ? "a ratio above 0 and at most 2" : "at least zero")", bandPath.key("upTo"))
                }
                if index > 0 {
                    if band.upTo <= bands[index - 1].upTo { error("upTo must rise from band to band", bandPath.key("upTo")) }
                    if band.share > bands[index - 1].share { error("share must not rise as income rises", bandPath.key("share")) }
                }
            }
        }
    }
}
