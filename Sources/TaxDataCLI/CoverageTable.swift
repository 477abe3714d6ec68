import TaxDataCore

/// The coverage table: one row per jurisdiction, one column per year.
enum CoverageTable {
    /// Each cell reads `cor progressive 7br 5st SD EX`: the provenance grade (`off`icial,
    /// `cor`roborated, `est`imated, `est*` estimated and pending), type, brackets in the single
    /// schedule, filing statuses covered, and SD / EX / CR when a standard deduction, exemption or
    /// exemption credit is present, and the parts a state declares `missing`.
    static func render(_ years: [TaxYearData]) -> String {
        let sorted = years.sorted { $0.meta.taxYear < $1.meta.taxYear }
        var rows: [[String]] = [["", ""] + sorted.map { "\($0.meta.taxYear) (\($0.meta.version), \($0.meta.status.rawValue))" }]
        for code in Jurisdiction.codes {
            var row = [code, Jurisdiction.names[code]!]
            for year in sorted {
                row.append(year.states[code].map(cell) ?? "MISSING")
            }
            rows.append(row)
        }
        var totals = ["", "covered"]
        for year in sorted {
            totals.append("\(Jurisdiction.codes.filter { year.states[$0] != nil }.count) of \(Jurisdiction.codes.count)")
        }
        rows.append(totals)
        var federalRow = ["", "federal/fica/retirement"]
        for year in sorted {
            federalRow.append([year.federal.provenance, year.fica.provenance, year.retirement.provenance]
                .map { $0?.abbreviation ?? "---" }.joined(separator: "/"))
        }
        rows.append(federalRow)
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        let table = rows.map { row in
            row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
        }.joined(separator: "\n")
        return table + "\n" + legend
    }

    static let legend = """
    grade: off = official, cor = corroborated, est = estimated (est* = pending the authority's publication), --- = not graded
    br = brackets in the single schedule, st = filing statuses, SD = standard deduction, EX = exemption, CR = exemption credit
    """

    private static func cell(_ state: StateData) -> String {
        var grade = state.provenance?.abbreviation ?? "---"
        if state.pending != nil { grade += "*" }
        var parts: [String] = [grade, state.type.rawValue]
        switch state.type {
        case .noTax: break
        case .flat: parts.append(state.rate.map { "\(Money.text($0 * 100))%" } ?? "?")
        case .progressive:
            parts.append("\(state.brackets?[.single]?.count ?? 0)br")
            parts.append("\(state.brackets?.covered.count ?? 0)st")
        }
        if state.standardDeduction != nil { parts.append("SD") }
        if state.personalExemption != nil { parts.append("EX") }
        if state.personalCredit != nil { parts.append("CR") }
        if let missing = state.missing, !missing.isEmpty { parts.append("(missing \(missing.joined(separator: ",")))") }
        return parts.joined(separator: " ")
    }
}
