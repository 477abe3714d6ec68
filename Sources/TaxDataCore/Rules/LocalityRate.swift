import Foundation

/// Every local rate (a part's `rate`, each bracket's, a resident credit's `rateLimit`) is at least 0
/// and below 1, and a resident credit's `share` is above 0 and at most 1 (schema 1.13).
public struct LocalityRate: StateConstructRule {
    public let id = RuleID.localityRate
    public static let key = "localities"
    public static let since = SchemaVersion.v1_13
    /// `locality.shape` reports a year too old for localities, once.
    public static let reportsSchema = false
    public static let noIncomeTax: String? = nil
    public init() {}

    public func construct(of state: StateData) -> [Locality]? { state.localities }

    public func check(_ localities: [Locality], _ context: inout StateConstructContext) {
        for (i, locality) in localities.enumerated() {
            for (t, tax) in locality.taxes.enumerated() {
                let path = context.path.index(i).key("taxes").index(t)
                let label = "\(locality.id) \(tax.id)"
                func inRange(_ rate: Decimal, _ what: String, _ at: DataPath) {
                    if rate < 0 || rate >= 1 { context.error("\(label): \(what) \(Money.text(rate)) must be at least 0 and below 1", at: at) }
                }
                for (key, part) in [("resident", tax.resident), ("nonresident", tax.nonresident)] {
                    guard let part else { continue }
                    if let rate = part.rate { inRange(rate, "\(key) rate", path.key(key).key("rate")) }
                    for status in FilingStatus.allCases {
                        for (b, bracket) in (part.brackets?.written[status] ?? []).enumerated() {
                            inRange(bracket.rate, "\(key) \(status.rawValue) bracket \(b) rate",
                                    path.key(key).key("brackets").key(status.rawValue).index(b).key("rate"))
                        }
                    }
                }
                if let credit = tax.residentCredit {
                    inRange(credit.rateLimit, "residentCredit rateLimit", path.key("residentCredit").key("rateLimit"))
                    if credit.share <= 0 || credit.share > 1 {
                        context.error("\(label): residentCredit share \(Money.text(credit.share)) must be above 0 and at most 1",
                                      at: path.key("residentCredit").key("share"))
                    }
                }
            }
        }
    }
}
