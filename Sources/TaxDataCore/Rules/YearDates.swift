/// Effective and expiration dates are real `YYYY-MM-DD` dates in order, and the data version's
/// first number is the tax year (`2026.1.0` for 2026).
public struct YearDates: ValidationRule {
    public let id = RuleID.yearDates
    public init() {}
    public func check(_ data: TaxYearData) -> [Diagnostic] {
        let meta = data.meta
        var findings: [Diagnostic] = []
        let effective = ISODate(meta.effectiveDate)
        let expiration = ISODate(meta.expirationDate)
        if effective == nil {
            findings.append(.error(id, "effectiveDate '\(meta.effectiveDate)' is not a YYYY-MM-DD date", at: DataPath(.year).key("effectiveDate")))
        }
        if expiration == nil {
            findings.append(.error(id, "expirationDate '\(meta.expirationDate)' is not a YYYY-MM-DD date", at: DataPath(.year).key("expirationDate")))
        }
        if let effective, let expiration, !(effective < expiration) {
            findings.append(.error(id, "expirationDate \(expiration) is not after effectiveDate \(effective)", at: DataPath(.year).key("expirationDate")))
        }
        if let effective, effective.year != meta.taxYear {
            findings.append(.error(id, "effectiveDate \(effective) is not in tax year \(meta.taxYear)", at: DataPath(.year).key("effectiveDate")))
        }
        if meta.version.components.first != meta.taxYear {
            findings.append(.error(id, "version \(meta.version) should start with the tax year (\(meta.taxYear).N.N)", at: DataPath(.year).key("version")))
        }
        return findings
    }
}

/// A calendar date parsed strictly from `YYYY-MM-DD`.
public struct ISODate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m) else { return nil }
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
        guard (1...days).contains(d) else { return nil }
        year = y
        month = m
        day = d
    }

    public var description: String {
        func pad(_ v: Int, _ n: Int) -> String { String(repeating: "0", count: max(0, n - String(v).count)) + String(v) }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (a: ISODate, b: ISODate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}
