import Foundation
import Testing
import TaxDataCompiler
import TaxDataCore
import TaxDataTestSupport

/// `new-year` edits last year's sources in place: it indexes what the law indexes and carries
/// everything else, comments included.
@Suite("new-year edits the sources in place")
struct NextYearTests {
    let from = compiledYears.first { $0.meta.taxYear == 2026 }!

    func scaffold() throws -> (files: [SourceFile], year: TaxYearData) {
        let files = try NextYear.scaffold(from: from, sources: sources2026, to: 2027, index: Decimal(string: "0.027")!)
        let result = TreeCompiler.compile(files)
        #expect(!result.hasErrors, "\(result.diagnostics.errors.map(\.message).prefix(5))")
        return (files, try #require(result.years.first))
    }

    @Test("every value it does not index or derive is carried over unchanged: state law, credits, phase-outs, rates")
    func nothingLost() throws {
        let (_, next) = try scaffold()
        let indexed = Set(from.inflationIndexedAmounts.map(\.path))
        let after = Dictionary(next.fields().map { ($0.path, $0.value) }, uniquingKeysWith: { a, _ in a })
        var lost: [String] = [], changed: [String] = []
        for field in from.fields() where field.isWritten && !indexed.contains(field.path) && field.derivation == nil {
            guard case .key(let first)? = field.path.components.first, !["sources", "notes", "provenance", "year", "pending"].contains(first) else { continue }
            // A carried locality is estimated until someone reads the new year's figures, and its
            // dates move to the new year (NextYear.localities).
            if field.path.description.contains("/localities["), field.path.lastKey == "provenance" || field.path.lastKey == "from" || field.path.lastKey == "to" { continue }
            // A carried withholding method is estimated, without pending, its citations marked (below).
            if field.path.description.contains("/withholding"), ["provenance", "pending", "title"].contains(field.path.lastKey ?? "") { continue }
            // A withholding method that changed during the year starts the next as its last method (below).
            if case .state(let code) = field.path.document, from.states[code]?.withholding?.midYear != nil,
               field.path.description.contains("withholding") { continue }
            // Married filing separately's federal brackets follow joint's (half of it).
            if field.path.description.hasPrefix("federal/brackets.married_filing_separately") && field.path.lastKey == "ceiling" { continue }
            switch after[field.path] {
            case nil: lost.append(field.path.description)
            case let value? where value != field.value: changed.append("\(field.path): \(field.value) → \(value)")
            default: break
            }
        }
        #expect(lost.isEmpty, "dropped by new-year: \(lost.prefix(20))")
        #expect(changed.isEmpty, "changed by new-year: \(changed.prefix(20))")
        // The ones the old scaffolder dropped.
        #expect(next.federal.earnedIncomeCredit?.count == 4)
        #expect(next.federal.childTaxCredit == from.federal.childTaxCredit)
        #expect(next.states["MD"]?.earnedIncomeCredit == from.states["MD"]?.earnedIncomeCredit)
        #expect(next.states["MD"]?.phaseOuts == from.states["MD"]?.phaseOuts)
        // Georgia's and Ohio's 2026 methods changed during the year: 2027 starts with the later one, without its date.
        for code in from.states.keys.sorted() {
            guard let last = from.states[code]?.withholding?.midYear?.last?.method else { continue }
            var carried = try #require(next.states[code]?.withholding)
            #expect(carried.midYear == nil)
            #expect(carried.provenance == .estimated && carried.pending == nil)
            #expect(carried.sources.allSatisfy { SourcesCarriedOver.isCarriedOver($0.title) })
            carried.sources = last.sources
            carried.provenance = last.provenance
            carried.pending = last.pending
            #expect(carried == last, "\(code)")
        }
        #expect(from.states.values.contains { $0.withholding?.midYear != nil })
    }

    @Test("indexed amounts become provisional at their law's rounding; what follows from them is recomputed")
    func indexedAndDerived() throws {
        let (_, next) = try scaffold()
        for amount in from.inflationIndexedAmounts {
            #expect(next.provisional(at: amount.path) != nil, "\(amount.path) is not provisional")
        }
        // 42 U.S.C. 430: 184,500 × 1.027 = 189,481.5, to the nearest 300 = 189,600; maxTax = 6.2% of it.
        #expect(next.fica.socialSecurity.wageBase == 189_600)
        #expect(next.fica.socialSecurity.maxTax == Decimal(string: "11755.2"))
        // IRC 32(j)(2): 18,290 × 1.027 = 18,783.83 → 18,780; the maximum is 45% of it, to the dollar.
        let three = try #require(next.federal.earnedIncomeCredit?.last)
        #expect(three.earnedAmount == 18_780)
        #expect(three.maximum == 8_451)
        // Floors follow ceilings and the written base taxes are recomputed (check has no errors).
        let single = try #require(next.federal.brackets[.single])
        #expect(single[1].floor == single[0].ceiling)
        #expect(single[0].ceiling == 12_700) // 12,400 × 1.027 = 12,734.8, down to a multiple of 50
    }

    @Test("32.15: base taxes the compiler derives are left derived, so correcting one ceiling is one edit, not a cascade")
    func baseTaxesStayDerived() throws {
        let (files, next) = try scaffold()
        let federal = try #require(files.first { $0.relativePath == "2027/federal.yaml" })
        let single = try #require(next.federal.brackets[.single])
        // The 2026 file writes `baseTax: 5800`; the scaffold leaves the key out and the compiler derives it.
        #expect(!federal.contents.contains("baseTax: 5800"), "a derived base tax written as a number")
        #expect(single[2].baseTax == Schedule.expectedBaseTaxes(single)[2])
        // An author corrects the second ceiling (the next floor is left: that is one brackets.contiguous
        // finding, the typo itself): no brackets.base-tax cascade.
        var edited = files
        let index = try #require(edited.firstIndex { $0.relativePath == "2027/federal.yaml" })
        let ceiling = Money.text(single[1].ceiling!)
        #expect(federal.contents.contains("value: \(ceiling),"))
        edited[index].contents = federal.contents.replacingOccurrences(of: "value: \(ceiling),", with: "value: 51850,")
        let result = TreeCompiler.compile(edited)
        #expect(!result.diagnostics.contains { $0.rule == .bracketsBaseTax }, "\(result.diagnostics.filter { $0.rule == .bracketsBaseTax }.map(\.message).prefix(3))")
    }

    @Test("32.21: the scaffold does not trip its own sanity.separate-half-joint")
    func separateStaysHalf() throws {
        let (files, next) = try scaffold()
        let result = TreeCompiler.compile(files)
        #expect(!result.diagnostics.contains { $0.rule == .sanitySeparateHalfJoint }, "\(result.diagnostics.filter { $0.rule == .sanitySeparateHalfJoint }.map(\.message))")
        let deduction = next.federal.standardDeduction
        #expect(deduction[.marriedFilingJointly] == deduction[.single].map { $0 * 2 })
        #expect(deduction[.marriedFilingSeparately] == deduction[.single])
    }

    @Test("comments, key order and untouched lines survive; the header is next year's; reviewed and pending are dropped")
    func layoutKept() throws {
        let (files, _) = try scaffold()
        for source in sources2026 where source.relativePath.hasSuffix(".yaml") {
            let name = source.relativePath.dropFirst("2026/".count)
            let next = try #require(files.first { $0.relativePath == "2027/\(name)" }, "\(name) not scaffolded")
            // A withholding method that changed during the year is replaced by its last (NextYear.latestWithholding):
            // the first method's lines, comments included, are gone by design.
            let kept = source.contents.contains("\n  midYear:")
                ? String(source.contents[..<source.contents.range(of: "\nwithholding:")!.lowerBound]) : source.contents
            let comments = kept.split(separator: "\n").compactMap { line -> Substring? in
                guard let hash = line.range(of: " # ") ?? (line.hasPrefix("#") ? line.startIndex..<line.startIndex : nil) else { return nil }
                return line[hash.lowerBound...]
            }
            for comment in comments where !source.contents.contains("reviewed:") || !comment.contains("reviewed") {
                #expect(next.contents.contains(comment), "\(name): lost comment \(comment)")
            }
            #expect(next.contents.hasPrefix("# Scaffolded from 2026 by taxdata new-year (index 2.7%)"))
            #expect(!next.contents.contains("\nreviewed:") && !next.contents.contains("\npending:"))
        }
        let federal = try #require(files.first { $0.relativePath == "2027/federal.yaml" }).contents
        #expect(federal.contains("taxYear: 2027\nprovenance: estimated\n"))
        #expect(federal.contains("  phaseOutStep: 1000\n"))
        #expect(federal.contains("earnedIncomeCredit:              # IRC 32 (refundable; not withholding)"))
        let year = try #require(files.first { $0.relativePath == "2027/year.yaml" }).contents
        #expect(year.contains("version: 2027.0.1") && year.contains("status: draft") && year.contains("effectiveDate: 2027-01-01"))
    }

    @Test("a value it must rewrite but cannot (a block mapping) is refused with the file and path, not written wrongly")
    func refusesBlockMapping() throws {
        var sources = sources2026
        let i = try #require(sources.firstIndex { $0.relativePath == "2026/fica.yaml" })
        sources[i].contents = sources[i].contents.replacingOccurrences(of: "  wageBase: 184500\n", with: "  wageBase:\n    value: 184500\n    provenance: official\n")
        let data = try #require(TreeCompiler.compile(sources).years.first)
        #expect(throws: NextYear.ScaffoldError.self) {
            try NextYear.scaffold(from: data, sources: sources, to: 2027, index: Decimal(string: "0.027")!)
        }
        do {
            _ = try NextYear.scaffold(from: data, sources: sources, to: 2027, index: Decimal(string: "0.027")!)
        } catch {
            #expect("\(error)".contains("2026/fica.yaml") && "\(error)".contains("fica/socialSecurity.wageBase"))
        }
    }
}
