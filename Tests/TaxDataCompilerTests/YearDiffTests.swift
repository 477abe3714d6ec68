import Foundation
import Testing
import TaxDataCompiler
import TaxDataCore
import TaxDataTestSupport

/// What `diff` calls derived, and what it marks, on the fixture base year and edited copies.
@Suite("YearDiff: derived values and marks")
struct YearDiffTests {
    func diff(_ old: TaxYearData, _ new: TaxYearData, _ origins: (YearOrigin, YearOrigin) = (.sources, .sources)) -> [Change] {
        YearDiff.compare(.init(old, origin: origins.0), .init(new, origin: origins.1))
    }

    func addresses(_ changes: [Change], derived: Bool) -> [String] {
        changes.filter { $0.derived == derived }.map(\.address).sorted()
    }

    @Test("an edited ceiling is authored; the next floor, the base taxes above it and sameAs copies follow (derived)")
    func derivedFollowAuthored() throws {
        let old = try baseYear()
        let new = try baseYear([
            ("2024/federal.yaml", """
                    - { floor: 0, ceiling: 11600, rate: 0.10 }
                    - { floor: 11600, ceiling: 47150, rate: 0.12, baseTax: 1160 }
                    - { floor: 47150, ceiling: null, rate: 0.22, baseTax: 5426 }
                """, """
                    - { floor: 0, ceiling: 12000, rate: 0.10 }
                    - { floor: 12000, ceiling: 47150, rate: 0.12, baseTax: 1200 }
                    - { floor: 47150, ceiling: null, rate: 0.22, baseTax: 5418 }
                """),
            ("2024/federal.yaml", "  married_filing_jointly: 29200", "  married_filing_jointly: 30000"),
            ("2024/fica.yaml", "  wageBase: 168600\n  maxTax: 10453.20", "  wageBase: 176100\n  maxTax: 10918.20"),
        ])
        let changes = diff(old, new)
        #expect(addresses(changes, derived: false) == [
            "federal/brackets.single[0].ceiling",
            "federal/standardDeduction.married_filing_jointly",
            "fica/socialSecurity.wageBase",
        ])
        // Floors and base taxes are derived even where the author wrote them (check holds them
        // to the ceilings); married filing separately and qualifying widower are sameAs copies.
        #expect(addresses(changes, derived: true) == [
            "federal/brackets.married_filing_separately[0].ceiling",
            "federal/brackets.married_filing_separately[1].baseTax",
            "federal/brackets.married_filing_separately[1].floor",
            "federal/brackets.married_filing_separately[2].baseTax",
            "federal/brackets.single[1].baseTax",
            "federal/brackets.single[1].floor",
            "federal/brackets.single[2].baseTax",
            "federal/standardDeduction.qualifying_widower",
            "fica/socialSecurity.maxTax",
        ])
    }

    @Test("in a bundle a status equal to an earlier one is a copy; in the sources only sameAs is, and one side is not enough")
    func copiesInBundles() throws {
        // Married filing separately is written (14600, equal to single), not sameAs.
        let old = try baseYear()
        let new = try baseYear([("2024/federal.yaml", "  single: 14600\n  married_filing_jointly: 29200\n  married_filing_separately: 14600",
                                 "  single: 15000\n  married_filing_jointly: 29200\n  married_filing_separately: 15000")])
        let separate = "federal/standardDeduction.married_filing_separately"
        #expect(diff(old, new).first { $0.address == separate }?.derived == false)
        #expect(diff(old, new, (.bundle, .bundle)).first { $0.address == separate }?.derived == true)
        #expect(diff(old, new, (.bundle, .sources)).first { $0.address == separate }?.derived == false)
        #expect(diff(old, new, (.bundle, .bundle)).first { $0.address == "federal/standardDeduction.single" }?.derived == false)
    }

    @Test("a copy pointed at another status and a statutory base tax are authored changes")
    func authoredDespiteDerivation() throws {
        let old = try baseYear([("2024/states/CA.yaml", "rate: 2%, baseTax: 107.56 }", "rate: 2%, baseTax: 107.56, statutoryBaseTax: true }")])
        let new = try baseYear([
            ("2024/states/CA.yaml", "  head_of_household: { sameAs: married_filing_jointly }\n  qualifying_widower: { sameAs: married_filing_jointly }\nbrackets:",
             "  head_of_household: { sameAs: single }\n  qualifying_widower: { sameAs: married_filing_jointly }\nbrackets:"),
            ("2024/states/CA.yaml", "rate: 2%, baseTax: 107.56 }", "rate: 2%, baseTax: 120, statutoryBaseTax: true }"),
        ])
        let changes = diff(old, new)
        #expect(addresses(changes, derived: false).contains("states/CA/standardDeduction.head_of_household"))
        #expect(addresses(changes, derived: false).contains("states/CA/brackets.single[1].baseTax"))
        // Married filing separately copies single on both sides: its statutory base tax follows single's.
        #expect(addresses(changes, derived: true) == ["states/CA/brackets.married_filing_separately[1].baseTax"])
    }

    @Test("provisional and graded values are marked from the newer side")
    func marks() throws {
        let old = try baseYear()
        let new = try baseYear([
            ("2024/federal.yaml", "  head_of_household: 21900", #"  head_of_household: { value: 22500, provisional: "2023 21900 × 1.027 = 22491.3, rounded down to a multiple of 50" }"#),
            ("2024/states/CA.yaml", "    - { floor: 0, ceiling: 10756, rate: 1% }\n    - { floor: 10756, ceiling: null, rate: 2%, baseTax: 107.56 }",
             "    - { floor: 0, ceiling: 11000, rate: 1%, provenance: estimated }\n    - { floor: 11000, ceiling: null, rate: 2% }"),
        ])
        let changes = diff(old, new)
        let deduction = try #require(changes.first { $0.address == "federal/standardDeduction.head_of_household" })
        #expect(deduction.provisional == "2023 21900 × 1.027 = 22491.3, rounded down to a multiple of 50")
        #expect(deduction.provenance == .official)
        let ceiling = try #require(changes.first { $0.address == "states/CA/brackets.single[0].ceiling" })
        #expect(ceiling.provisional == nil && ceiling.provenance == .estimated)
        #expect(changes.first { $0.address == "states/CA/brackets.single[1].floor" }?.provenance == .official)
    }

    @Test("JSON: old, new, delta and percent are exact decimal strings, consistent with each other")
    func exactStrings() throws {
        let change = Change(path: DataPath(.state("WV")).key("brackets").key("single").index(0).key("rate"), kind: .changed,
                            old: "0.0222", new: "0.0211", delta: Decimal(string: "-0.0011")!, percent: Decimal(string: "-4.95")!)
        let json = String(decoding: try CanonicalJSON.encode(change), as: UTF8.self)
        #expect(json.contains(#""delta" : "-0.0011""#) && json.contains(#""percent" : "-4.95""#), "\(json)")
        #expect(json.contains(#""area" : "states/WV""#) && json.contains(#""path" : "brackets.single[0].rate""#) && json.contains(#""derived" : false"#))
        for change in diff(try baseYear(), try baseYear([("2024/fica.yaml", "  wageBase: 168600\n  maxTax: 10453.20", "  wageBase: 176100\n  maxTax: 10918.20")])) {
            let old = try #require(change.old.flatMap(Money.parse)), new = try #require(change.new.flatMap(Money.parse))
            #expect(change.delta == new - old)
        }
    }
}
