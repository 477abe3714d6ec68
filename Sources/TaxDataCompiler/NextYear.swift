import Foundation
import TaxDataCore

/// Scaffolds next year's sources from this year's data (`taxdata new-year`). Pure: returns files.
///
/// Indexed amounts are multiplied by (1 + index) and rounded the way their source rounds them;
/// each is written as `{ value: X, provisional: "derivation" }` until an author replaces it with
/// the official figure. Statutory amounts that are not indexed (rates, the Additional Medicare
/// thresholds, the HSA catch-up, ages, states without `indexed: true`) are copied as they are.
public enum NextYear {
    /// How a figure is rounded after indexing.
    struct Rounding {
        var multiple: Decimal
        var down: Bool
        /// The increase is rounded, not the total (IRC 402(g)(4), 414(v)(2)(C), 415(d)(4), 401(a)(17),
        /// 219(b)(5)(C), 223(g)(2): "any increase … which is not a multiple of $X shall be rounded to
        /// the next lowest multiple"), so an amount that is not itself a multiple never goes down.
        var ofIncrease = false
        var label: String {
            let what = ofIncrease ? "increase " : ""
            return down ? "\(what)rounded down to a multiple of \(Money.text(multiple))" : "\(what)rounded to the nearest \(Money.text(multiple))"
        }

        /// `indexed` (the old amount times the factor) rounded; `old` is the amount it indexes.
        func apply(_ indexed: Decimal, from old: Decimal) -> Decimal {
            guard ofIncrease else { return round(indexed) }
            return old + max(0, round(indexed - old))
        }

        private func round(_ value: Decimal) -> Decimal {
            var scaled = value / multiple, rounded = Decimal()
            NSDecimalRound(&rounded, &scaled, 0, down ? .down : .plain)
            return rounded * multiple
        }
    }

    public static func scaffold(from data: TaxYearData, to year: Int, index: Decimal) -> [SourceFile] {
        let s = Scaffolder(from: data, year: year, factor: 1 + index, index: index)
        return [
            SourceFile(relativePath: "\(year)/year.yaml", contents: s.yearFile()),
            SourceFile(relativePath: "\(year)/federal.yaml", contents: s.federalFile()),
            SourceFile(relativePath: "\(year)/fica.yaml", contents: s.ficaFile()),
            SourceFile(relativePath: "\(year)/retirement.yaml", contents: s.retirementFile()),
        ] + data.states.keys.sorted().map { SourceFile(relativePath: "\(year)/states/\($0).yaml", contents: s.stateFile($0, data.states[$0]!)) }
    }
}

/// Writes YAML in the authoring format (docs/authoring.md).
struct Scaffolder {
    let from: TaxYearData
    let year: Int
    let factor: Decimal
    let index: Decimal

    var previous: Int { from.meta.taxYear }

    static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: " ") + "\""
    }

    /// `X` or `{ value: X', provisional: "…" }` for an indexed amount.
    func indexed(_ value: Decimal, _ rounding: NextYear.Rounding) -> String {
        let raw = value * factor
        let result = rounding.apply(raw, from: value)
        let derivation = "\(previous) \(Money.text(value)) × \(Money.text(factor)) = \(Money.text(raw)), \(rounding.label)"
        return "{ value: \(Money.text(result)), provisional: \(Self.quote(derivation)) }"
    }

    func value(_ x: Decimal) -> String { Money.text(x) }

    /// A scaffolded file is `estimated` (its indexed values are derived before the authority
    /// publishes): `check` warns, `build --release` refuses, until it is graded from the new sources.
    func header(_ sources: [Citation], _ notes: String?) -> String {
        var out = "taxYear: \(year)\nprovenance: estimated\nsources:\n"
        for source in sources {
            out += "  - title: \(Self.quote(SourcesCarriedOver.marker(previous: previous, year: year) + source.title))\n    url: \(source.url)\n"
            if let kind = source.kind { out += "    kind: \(kind.rawValue)\n" }
        }
        let scaffoldNote = "Scaffolded from \(previous) by taxdata new-year (index \(Money.text(index * 100))%). Every provisional value awaits its official \(year) figure."
        out += "notes: \(Self.quote(scaffoldNote + (notes.map { " " + $0 } ?? "")))\n"
        return out
    }

    func table(_ t: StatusTable<Decimal>, indent: String, _ render: (FilingStatus, Decimal) -> String) -> String {
        FilingStatus.allCases.compactMap { status in
            if let target = t.aliases[status] { return "\(indent)\(status.rawValue): { sameAs: \(target.rawValue) }" }
            guard let v = t.written[status] else { return nil }
            return "\(indent)\(status.rawValue): \(render(status, v))"
        }.joined(separator: "\n")
    }

    /// A schedule with new ceilings (floors follow); base taxes are derived unless statutory.
    func schedule(_ brackets: [Bracket], indent: String, ceiling: (Int, Decimal) -> (Decimal, String?)) -> String {
        var lines: [String] = []
        var floor: Decimal = 0
        for (i, b) in brackets.enumerated() {
            var fields = "floor: \(value(floor)), "
            var note: String?
            if let c = b.ceiling {
                let (newCeiling, derivation) = ceiling(i, c)
                fields += "ceiling: \(value(newCeiling)), "
                note = derivation
                floor = newCeiling
            } else {
                fields += "ceiling: null, "
            }
            fields += "rate: \(value(b.rate))"
            if b.statutoryBaseTax { fields += ", baseTax: \(value(b.baseTax)), statutoryBaseTax: true" }
            if let note { fields += ", provisional: \(Self.quote(note))" }
            lines.append("\(indent)- { \(fields) }")
        }
        return lines.joined(separator: "\n")
    }

    func schedules(_ t: StatusTable<[Bracket]>, indent: String, ceiling: @escaping (FilingStatus, Int, Decimal) -> (Decimal, String?)) -> String {
        FilingStatus.allCases.compactMap { status in
            if let target = t.aliases[status] { return "\(indent)\(status.rawValue): { sameAs: \(target.rawValue) }" }
            guard let list = t.written[status] else { return nil }
            return "\(indent)\(status.rawValue):\n" + schedule(list, indent: indent + "  ") { ceiling(status, $0, $1) }
        }.joined(separator: "\n")
    }

    func derivation(_ old: Decimal, _ rounding: NextYear.Rounding) -> (Decimal, String) {
        let raw = old * factor
        return (rounding.apply(raw, from: old), "\(previous) \(Money.text(old)) × \(Money.text(factor)) = \(Money.text(raw)), \(rounding.label)")
    }

    // MARK: Files

    func yearFile() -> String {
        """
        taxYear: \(year)
        version: \(year).0.1
        schemaVersion: "\(SchemaVersion.current)"
        effectiveDate: \(year)-01-01
        expirationDate: \(year)-12-31
        status: draft

        """
    }

    func federalFile() -> String {
        let fifty = NextYear.Rounding(multiple: 50, down: true)
        let f = from.federal
        // Married filing separately is half of joint when it was last year (26 U.S.C. §1(f)(7)).
        let joint = f.brackets.written[.marriedFilingJointly]
        let separate = f.brackets.written[.marriedFilingSeparately]
        let separateIsHalf = joint != nil && separate != nil && joint!.count == separate!.count
            && zip(joint!, separate!).allSatisfy { $0.ceiling.map { $0 / 2 } == $1.ceiling }
        var out = header(f.sources, f.notes)
        out += "standardDeduction:\n" + table(f.standardDeduction, indent: "  ") { status, v in
            if status == .marriedFilingSeparately, f.standardDeduction[.single] == v, f.standardDeduction.written[.single] != nil {
                return indexed(f.standardDeduction[.single]!, fifty)
            }
            return indexed(v, fifty)
        } + "\n"
        out += "brackets:\n" + schedules(f.brackets, indent: "  ") { status, i, c in
            if status == .marriedFilingSeparately, separateIsHalf, let jc = joint![i].ceiling {
                let (j, _) = derivation(jc, fifty)
                return (j / 2, "half of married_filing_jointly's \(Money.text(j)) (provisional)")
            }
            return derivation(c, fifty)
        } + "\n"
        return out
    }

    func ficaFile() -> String {
        let fica = from.fica
        var out = header(fica.sources, fica.notes)
        out += """
        socialSecurity:
          rate: \(value(fica.socialSecurity.rate))
          wageBase: \(indexed(fica.socialSecurity.wageBase, NextYear.Rounding(multiple: 300, down: false)))
        medicare:
          rate: \(value(fica.medicare.rate))
          additionalRate: \(value(fica.medicare.additionalRate))
          thresholds:

        """
        out += table(fica.medicare.thresholds, indent: "    ") { _, v in value(v) } + "\n"
        return out
    }

    func retirementFile() -> String {
        let r = from.retirement
        func round(_ m: Decimal) -> NextYear.Rounding { NextYear.Rounding(multiple: m, down: true, ofIncrease: true) }
        func enhanced(_ e: RetirementData.EnhancedCatchUp?) -> String {
            guard let e else { return "" }
            return ", enhancedCatchUp: { contribution: \(indexed(e.contribution, round(500))), minAge: \(e.minAge), maxAge: \(e.maxAge) }"
        }
        func plan(_ key: String, _ p: RetirementData.DeferralPlan) -> String {
            var fields = "employeeLimit: \(indexed(p.employeeLimit, round(500))), catchUpContribution: \(indexed(p.catchUpContribution, round(500))), catchUpAge: \(p.catchUpAge)"
            if let total = p.totalLimit { fields += ", totalLimit: \(indexed(total, round(1000)))" }
            return "\(key): { \(fields)\(enhanced(p.enhancedCatchUp)) }\n"
        }
        var out = header(r.sources, r.notes)
        out += plan("401k", r.plan401k) + plan("403b", r.plan403b) + plan("457b", r.plan457b)
        out += "ira: { traditionalLimit: \(indexed(r.ira.traditionalLimit, round(500))), rothLimit: \(indexed(r.ira.rothLimit, round(500))), catchUpContribution: \(indexed(r.ira.catchUpContribution, round(100))), catchUpAge: \(r.ira.catchUpAge) }\n"
        out += "rothIncomePhaseout:\n"
        for status in FilingStatus.allCases {
            if let target = r.rothIncomePhaseout.aliases[status] {
                out += "  \(status.rawValue): { sameAs: \(target.rawValue) }\n"
            } else if let range = r.rothIncomePhaseout.written[status] {
                // The married-separate range ($0–$10,000) is statutory.
                let statutory = status == .marriedFilingSeparately
                out += "  \(status.rawValue): { start: \(statutory ? value(range.start) : indexed(range.start, round(1000))), end: \(statutory ? value(range.end) : indexed(range.end, round(1000))) }\n"
            }
        }
        out += "simpleIra: { employeeLimit: \(indexed(r.simpleIra.employeeLimit, round(500))), catchUpContribution: \(indexed(r.simpleIra.catchUpContribution, round(500)))\(enhanced(r.simpleIra.enhancedCatchUp)) }\n"
        out += "sepIra: { limit: \(indexed(r.sepIra.limit, round(1000))), maxCompensation: \(indexed(r.sepIra.maxCompensation, round(5000))), maxPercentage: \(value(r.sepIra.maxPercentage)) }\n"
        out += "hsa: { individual: \(indexed(r.hsa.individual, round(50))), family: \(indexed(r.hsa.family, round(50))), catchUpContribution: \(value(r.hsa.catchUpContribution)), catchUpAge: \(r.hsa.catchUpAge) }\n"
        return out
    }

    func stateFile(_ code: String, _ state: StateData) -> String {
        let indexedState = state.indexed == true
        let dollar = NextYear.Rounding(multiple: 1, down: false)
        var out = header(state.sources, state.notes)
        out += "name: \(Self.quote(state.name))\ntype: \(state.type.rawValue)\n"
        if let indexed = state.indexed { out += "indexed: \(indexed)\n" }
        if let missing = state.missing, !missing.isEmpty { out += "missing: [\(missing.joined(separator: ", "))]\n" }
        if let rate = state.rate { out += "rate: \(value(rate))\n" }
        func amounts(_ key: String, _ t: StatusTable<Decimal>?, indexedTable: Bool) {
            guard let t else { return }
            out += "\(key):\n" + table(t, indent: "  ") { _, v in indexedTable ? indexed(v, dollar) : value(v) } + "\n"
        }
        amounts("standardDeduction", state.standardDeduction, indexedTable: indexedState)
        amounts("personalExemption", state.personalExemption, indexedTable: false)
        if let d = state.dependentExemption { out += "dependentExemption: \(value(d))\n" }
        amounts("personalCredit", state.personalCredit, indexedTable: false)
        if let d = state.dependentCredit { out += "dependentCredit: \(value(d))\n" }
        if let brackets = state.brackets {
            out += "brackets:\n" + schedules(brackets, indent: "  ") { _, _, c in
                indexedState ? derivation(c, dollar) : (c, nil)
            } + "\n"
        }
        if let sdi = state.sdi {
            out += "sdi: { rate: \(value(sdi.rate)), wageBase: \(sdi.wageBase.map(value) ?? "null")"
            if sdi.wageBase == nil { out += ", maxTax: null" }
            if let weekly = sdi.maxWeekly { out += ", maxWeekly: \(value(weekly))" }
            out += " }\n"
        }
        if let m = state.mentalHealthTax { out += "mentalHealthTax: { threshold: \(value(m.threshold)), rate: \(value(m.rate)) }\n" }
        if let nyc = state.nycTax {
            out += "nycTax:\n  brackets:\n" + schedules(nyc.brackets, indent: "    ") { _, _, c in (c, nil) } + "\n"
        }
        if let local = state.localTax {
            out += "localTax:\n  hasLocalTax: \(local.hasLocalTax)\n"
            if let average = local.averageRate { out += "  averageRate: \(value(average))\n" }
            if !local.cities.isEmpty {
                out += "  cities:\n" + local.cities.map { "    - { name: \(Self.quote($0.name)), rate: \(value($0.rate)) }" }.joined(separator: "\n") + "\n"
            }
        }
        return out
    }
}
