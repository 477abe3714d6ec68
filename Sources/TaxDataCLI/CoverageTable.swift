import TaxDataCore

/// The coverage table: one row per jurisdiction, one column per year, and a legend for every
/// abbreviation in it. Compact enough for four years in 120 columns.
enum CoverageTable {
    /// Each cell reads `cor prog 7br SD EX`: the provenance grade (`off`icial, `cor`roborated,
    /// `est`imated, `est*` estimated and pending), the type (`prog`ressive, `flat` with its rate,
    /// `no_tax`), brackets in the single schedule, the filing statuses covered when fewer than
    /// five, and SD / EX / CR when a standard deduction, exemption or exemption credit is present,
    /// and the parts a state declares `missing`.
    static func render(_ years: [TaxYearData]) -> String {
        let sorted = years.sorted { $0.meta.taxYear < $1.meta.taxYear }
        var rows: [[String]] = [[""] + sorted.map { "\($0.meta.taxYear) \($0.meta.version) \($0.meta.status.rawValue)" }]
        for code in Jurisdiction.codes {
            rows.append([code] + sorted.map { year in year.states[code].map(cell) ?? "MISSING" })
        }
        rows.append(["covered"] + sorted.map { year in
            "\(Jurisdiction.codes.filter { year.states[$0] != nil }.count) of \(Jurisdiction.codes.count)"
        })
        rows.append(["federal"] + sorted.map { year in
            [year.federal.provenance, year.fica.provenance, year.retirement.provenance]
                .map { $0?.abbreviation ?? "---" }.joined(separator: "/")
        })
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        let table = rows.map { row in
            row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingTrailingSpaces()
        }.joined(separator: "\n")
        return table + "\n" + legend
    }

    static let legend = """
    columns: tax year, data version, status. covered: jurisdictions present. federal: grades of federal/fica/retirement
    grade: off = official, cor = corroborated, est = estimated (est* = pending its authority's publication), --- = none
    type: prog = progressive brackets, flat = one rate, no_tax = no wage income tax
    counts: br = brackets in the single schedule, st = filing statuses (shown when fewer than 5)
    parts: SD = standard deduction, EX = personal exemption, CR = personal (exemption) credit
    """

    private static func cell(_ state: StateData) -> String {
        var grade = state.provenance?.abbreviation ?? "---"
        if state.pending != nil { grade += "*" }
        var parts: [String] = [grade]
        switch state.type {
        case .noTax: parts.append(state.type.rawValue)
        case .flat: parts.append("flat " + (state.rate.map { "\(Money.text($0 * 100))%" } ?? "?"))
        case .progressive:
            parts.append("prog")
            parts.append("\(state.brackets?[.single]?.count ?? 0)br")
            let statuses = state.brackets?.covered.count ?? 0
            if statuses < FilingStatus.allCases.count { parts.append("\(statuses)st") }
        }
        if state.standardDeduction != nil { parts.append("SD") }
        if state.personalExemption != nil { parts.append("EX") }
        if state.personalCredit != nil { parts.append("CR") }
        if let missing = state.missing, !missing.isEmpty { parts.append("(missing \(missing.joined(separator: ",")))") }
        return parts.joined(separator: " ")
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
