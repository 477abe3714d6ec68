import Foundation

/// A local tax's `effective` dates are two days of the tax year, in order, and no two entries of one
/// tax id in one locality are in force on the same day (a rate that changes on July 1 is two
/// entries, one to June 30 and one from July 1) (schema 1.13).
public struct LocalityDates: StateConstructRule {
    public let id = RuleID.localityDates
    public static let key = "localities"
    public static let since = SchemaVersion.v1_13
    /// `locality.shape` reports a year too old for localities, once.
    public static let reportsSchema = false
    public static let noIncomeTax: String? = nil
    public init() {}

    public func construct(of state: StateData) -> [Locality]? { state.localities }

    public func check(_ localities: [Locality], _ context: inout StateConstructContext) {
        let year = context.data.meta.taxYear
        for (i, locality) in localities.enumerated() {
            var spans: [(id: String, days: ClosedRange<Int>, index: Int)] = []
            for (t, tax) in locality.taxes.enumerated() {
                let path = context.path.index(i).key("taxes").index(t)
                var days = 1...YearDays.count(year)
                if let effective = tax.effective {
                    guard let from = YearDays.day(effective.from, in: year), let to = YearDays.day(effective.to, in: year), from <= to else {
                        context.error("\(locality.id) \(tax.id): effective \(effective.from) to \(effective.to) must be two dates YYYY-MM-DD in \(year), in order",
                                      at: path.key("effective"))
                        continue
                    }
                    days = from...to
                }
                for other in spans where other.id == tax.id && other.days.overlaps(days) {
                    context.error("\(locality.id) \(tax.id): in force on the same days as tax \(other.index) of the same id; effective dates must not overlap",
                                  at: path.key("effective"))
                }
                spans.append((tax.id, days, t))
            }
        }
    }
}
