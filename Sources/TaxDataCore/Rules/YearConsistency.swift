/// Every document of a year names the same tax year as its metadata.
public struct YearConsistency: ValidationRule {
    public let id = RuleID.yearConsistency
    public init() {}
    public func check(_ data: TaxYearData) -> [Diagnostic] {
        let year = data.meta.taxYear
        var findings: [Diagnostic] = []
        for (document, value) in [(DataPath.Document.federal, data.federal.year), (.fica, data.fica.year), (.retirement, data.retirement.year)]
        where value != year {
            findings.append(.error(id, "year is \(value) but the bundle is for \(year)", at: DataPath(document).key("year")))
        }
        return findings
    }
}
