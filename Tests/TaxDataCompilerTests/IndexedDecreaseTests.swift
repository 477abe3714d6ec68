import Foundation
import Testing
import TaxDataCompiler
import TaxDataCore
import TaxDataTestSupport

/// `sanity.indexed-decrease`: an inflation-indexed amount that went down, and the list of such
/// amounts that `new-year` scaffolds.
/// The real 2026 sources, as `new-year` reads them.
let sources2026 = try! readTree(packageRoot.appendingPathComponent("TaxData")).filter { $0.relativePath.hasPrefix("2026/") }

@Suite("Inflation-indexed amounts that went down")
struct IndexedDecreaseTests {
    @Test("new-year scaffolds as provisional exactly the amounts the decrease check calls indexed")
    func scaffoldMatchesIndexedList() throws {
        let from = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let files = try NextYear.scaffold(from: from, sources: sources2026, to: 2027, index: Decimal(string: "0.027")!)
        let scaffolded = try #require(TreeCompiler.compile(files).years.first)
        // A scaffolded bracket carries its ceiling's derivation.
        let provisional = Set(scaffolded.provisional.keys.map { path in
            if case .index = path.components.last { return path.key("ceiling") }
            return path
        })
        let indexed = Set(from.inflationIndexedAmounts.map(\.path))
        #expect(provisional.subtracting(indexed).isEmpty, "scaffolded but not listed: \(provisional.subtracting(indexed).sorted())")
        #expect(indexed.subtracting(provisional).isEmpty, "listed but not scaffolded: \(indexed.subtracting(provisional).sorted())")
    }

    @Test("an untouched scaffold never lowers an indexed amount: retirement limits round the increase, so 5,250 stays 5,250 at 2.7%")
    func scaffoldNeverGoesDown() throws {
        let from = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let files = try NextYear.scaffold(from: from, sources: sources2026, to: 2027, index: Decimal(string: "0.027")!)
        let scaffolded = try #require(TreeCompiler.compile(files).years.first)
        #expect(IndexedDecrease().check(previous: from, current: scaffolded).isEmpty,
                "\(IndexedDecrease().check(previous: from, current: scaffolded).map(\.message))")
        let enhanced = try #require(from.retirement.simpleIra.enhancedCatchUp?.contribution)
        #expect(enhanced == 5250)
        #expect(scaffolded.retirement.simpleIra.enhancedCatchUp?.contribution == 5250, "2.7% of 5,250 is 141.75: the increase rounds down to 0")
        let retirement = try #require(files.first { $0.relativePath == "2027/retirement.yaml" })
        #expect(retirement.contents.contains("increase rounded down to a multiple of 500"))
    }

    @Test("a lower indexed amount warns at its path; a lower amount that is not indexed does not")
    func decrease() throws {
        let old = try baseYear()
        let new = try baseYear([
            ("2024/retirement.yaml", "hsa: { individual: 4150,", "hsa: { individual: 4100,"),
            ("2024/retirement.yaml", "catchUpContribution: 1000, catchUpAge: 55", "catchUpContribution: 900, catchUpAge: 55"), // HSA catch-up: statutory
        ])
        let findings = YearOverYear().check(previous: old, current: new)
        #expect(findings.map(\.rule) == [.sanityIndexedDecrease])
        #expect(findings.first?.path == DataPath(.retirement).key("hsa").key("individual"))
        #expect(findings.first?.severity == .warning && findings.first?.taxYear == 2024)
        #expect(findings.first?.message.contains("went down from 4150 in 2024 to 4100 (-1.2%)") == true, "\(findings)")
        #expect(IndexedDecrease().check(previous: old, current: old).isEmpty)
    }

    @Test("a ceiling that went down while its peers rose is one decrease warning, not also an outlier")
    func decreaseAmongRisingPeers() throws {
        let old = try baseYear()
        let new = try baseYear([
            ("2024/federal.yaml", """
                    - { floor: 0, ceiling: 11600, rate: 0.10 }
                    - { floor: 11600, ceiling: 47150, rate: 0.12, baseTax: 1160 }
                    - { floor: 47150, ceiling: null, rate: 0.22, baseTax: 5426 }
                """, """
                    - { floor: 0, ceiling: 11500, rate: 0.10 }
                    - { floor: 11500, ceiling: 48550, rate: 0.12 }
                    - { floor: 48550, ceiling: null, rate: 0.22 }
                """),
            ("2024/federal.yaml", "- { floor: 0, ceiling: 23200, rate: 0.10 }\n    - { floor: 23200,", "- { floor: 0, ceiling: 23900, rate: 0.10 }\n    - { floor: 23900,"),
            ("2024/federal.yaml", "- { floor: 0, ceiling: 16550, rate: 0.10 }\n    - { floor: 16550,", "- { floor: 0, ceiling: 17050, rate: 0.10 }\n    - { floor: 17050,"),
            ("2024/federal.yaml", "  single: 14600\n  married_filing_jointly: 29200\n  married_filing_separately: 14600\n  head_of_household: 21900",
             "  single: 15050\n  married_filing_jointly: 30100\n  married_filing_separately: 15050\n  head_of_household: 22550"),
        ])
        let findings = YearOverYear().check(previous: old, current: new)
        let ceiling = DataPath(.federal).key("brackets").key("single").index(0).key("ceiling")
        #expect(findings.filter { $0.path == ceiling }.map(\.rule) == [.sanityIndexedDecrease], "\(findings)")
        // Without the decrease check the same edit is an outlier: the group moved together.
        #expect(findings.count == 1)
    }
}
