import Foundation
import Testing
import TaxDataCompiler
import TaxDataCore
import TaxDataTestSupport

/// Provenance grades (schema 1.2) and reviewed warnings, on edited copies of the fixture base tree.
@Suite("Provenance grades and reviewed warnings")
struct ProvenanceTests {
    /// The fixture base tree with `edits` applied as (file, old, new) text replacements.
    func compile(_ edits: [(String, String, String)]) throws -> CompileResult { try baseTree(edits) }

    func rules(_ result: CompileResult) -> [String] {
        result.diagnostics.map { "\($0.severity.rawValue) \($0.rule)" }.sorted()
    }

    @Test("the grade and each source's kind reach the bundle")
    func bundle() throws {
        let result = try compile([])
        let year = try #require(result.years.first)
        #expect(year.federal.provenance == .official && year.states["CA"]?.provenance == .official)
        let json = String(decoding: try CanonicalJSON.encode(year.states["CA"]!), as: UTF8.self)
        #expect(json.contains(#""provenance" : "official""#) && json.contains(#""kind" : "official""#))
    }

    @Test("a figure with its own weaker grade lowers its document's grade, not the others'")
    func figureGrade() throws {
        let result = try compile([("2024/federal.yaml", "  head_of_household: 21900",
                                   "  head_of_household: { value: 21900, provenance: estimated }")])
        let year = try #require(result.years.first)
        #expect(year.federal.standardDeduction[.headOfHousehold] == Money.parse("21900"))
        #expect(year.federal.provenance == .estimated)
        #expect(year.fica.provenance == .official)
        #expect(rules(result) == ["warning data.estimated"])
    }

    @Test("each value's grade is its own, its bracket's or its file's, as written; a bundle knows only the file's effective grade")
    func gradeOfOneValue() throws {
        let result = try compile([
            ("2024/federal.yaml", "  head_of_household: 21900", "  head_of_household: { value: 21900, provenance: estimated }"),
            ("2024/states/CA.yaml", "- { floor: 0, ceiling: 10756, rate: 1% }", "- { floor: 0, ceiling: 10756, rate: 1%, provenance: estimated }"),
        ])
        let year = try #require(result.years.first)
        let federal = DataPath(.federal), ca = DataPath(.state("CA"))
        #expect(year.provenance(at: federal.key("standardDeduction").key("head_of_household")) == .estimated)
        #expect(year.provenance(at: federal.key("standardDeduction").key("single")) == .official, "the file's own grade, not its weakest")
        #expect(year.provenance(at: ca.key("brackets").key("single").index(0).key("ceiling")) == .estimated, "the bracket's grade")
        #expect(year.provenance(at: ca.key("brackets").key("single").index(1).key("ceiling")) == .official)
        #expect(year.provenance(at: DataPath(.fica).key("socialSecurity").key("rate")) == .official)
        // Decoded from a bundle, nothing was written: the document's effective grade answers.
        var bundle = year
        bundle.gradesWritten = [:]
        #expect(bundle.provenance(at: federal.key("standardDeduction").key("single")) == .estimated)
    }

    @Test("a bracket and a rate can carry a grade")
    func bracketAndRateGrades() throws {
        let result = try compile([
            ("2024/states/CA.yaml", "- { floor: 0, ceiling: 10756, rate: 1% }", "- { floor: 0, ceiling: 10756, rate: 1%, provenance: corroborated }"),
            ("2024/fica.yaml", "  rate: 0.062", "  rate: { value: 0.062, provenance: corroborated }"),
        ])
        let year = try #require(result.years.first)
        #expect(year.states["CA"]?.provenance == .corroborated)
        #expect(year.fica.socialSecurity.rate == Money.parse("0.062"))
        // Corroborated now, but each lists a single official source: the grade rule says so.
        #expect(rules(result) == ["error provenance.grade", "error provenance.grade"])
    }

    @Test("a value mapping needs provisional or provenance; an unknown grade is a type error")
    func malformed() throws {
        let bare = try compile([("2024/federal.yaml", "  head_of_household: 21900", "  head_of_household: { value: 21900 }")])
        #expect(rules(bare).contains("error yaml.missing-key"))
        let unknown = try compile([("2024/federal.yaml", "provenance: official", "provenance: certain")])
        #expect(unknown.diagnostics.contains { $0.rule == .yamlType && $0.message.contains("official, corroborated, estimated") })
        let kind = try compile([("2024/fica.yaml", "    kind: official", "    kind: primary")])
        #expect(kind.diagnostics.contains { $0.rule == .yamlType && $0.message.contains("official, secondary") })
    }

    @Test("corroborated needs one official and two secondary sources")
    func corroborated() throws {
        let secondary = [
            "  - title: \"Fixture: Tax Foundation 2024\"",
            "    url: https://taxfoundation.org/data/all/state/state-income-tax-rates-2024/",
            "    kind: secondary",
            "  - title: \"Fixture: PolicyEngine-US 2024\"",
            "    url: https://github.com/PolicyEngine/policyengine-us",
            "    kind: secondary",
        ].map { $0 + "\n" }.joined()
        let ok = try compile([("2024/states/TX.yaml", "provenance: official", "provenance: corroborated"),
                              ("2024/states/TX.yaml", "    kind: official\n", "    kind: official\n" + secondary)])
        #expect(rules(ok).isEmpty, "\(ok.diagnostics)")
        let noOfficial = try compile([("2024/states/TX.yaml", "provenance: official", "provenance: corroborated"),
                                      ("2024/states/TX.yaml", "    kind: official\n", "    kind: secondary\n" + secondary)])
        #expect(rules(noOfficial) == ["error provenance.grade"])
    }

    @Test("estimated: a warning in a draft, an error in a published year unless a state is pending")
    func estimated() throws {
        let draft = try compile([("2024/states/TX.yaml", "provenance: official", "provenance: estimated")])
        #expect(rules(draft) == ["warning data.estimated"])
        let pendingState = try compile([("2024/states/TX.yaml", "provenance: official", "provenance: estimated\npending: \"Fixture: 2024 booklet\"")])
        #expect(rules(pendingState).isEmpty)
        #expect(pendingState.years.first?.states["TX"]?.pending == "Fixture: 2024 booklet")
        let pendingOfficial = try compile([("2024/states/TX.yaml", "provenance: official", "provenance: official\npending: \"Fixture\"")])
        #expect(rules(pendingOfficial) == ["error provenance.grade"])
        let federal = try compile([("2024/federal.yaml", "provenance: official", "provenance: estimated"),
                                   ("2024/year.yaml", "status: draft", "status: published")])
        #expect(federal.diagnostics.contains { $0.rule == .dataEstimated && $0.severity == .error })
    }

    @Test("schema 1.1 years need no grade (older trees and bundles still read)")
    func olderSchema() throws {
        let result = try compile([("2024/year.yaml", #"schemaVersion: "1.2""#, #"schemaVersion: "1.1""#),
                                  ("2024/states/TX.yaml", "provenance: official\n", "")])
        #expect(rules(result).isEmpty, "\(result.diagnostics)")
    }

    @Test("a reviewed warning stops printing, is kept with its reason, and a stale entry warns")
    func reviewed() throws {
        let edit = ("2024/federal.yaml", "  married_filing_separately: 14600", "  married_filing_separately: 29200")
        let unreviewed = try compile([edit])
        #expect(rules(unreviewed) == ["warning sanity.separate-half-joint"])
        let entry = "reviewed:\n  - { rule: sanity.separate-half-joint, path: standardDeduction.married_filing_separately, reason: \"fixture: checked\" }\nstandardDeduction:"
        let reviewed = try compile([edit, ("2024/federal.yaml", "standardDeduction:", entry)])
        #expect(rules(reviewed).isEmpty, "\(reviewed.diagnostics)")
        #expect(reviewed.reviewed.count == 1 && reviewed.reviewed.first?.reason == "fixture: checked")
        #expect(reviewed.reviewed.first?.diagnostic.rule == .sanitySeparateHalfJoint)
        // The same entry without the warning it reviews: reported, so it cannot linger.
        let stale = try compile([("2024/federal.yaml", "standardDeduction:", entry)])
        #expect(rules(stale) == ["warning reviewed.unused"])
    }

    @Test("reviewed paths parse as the warnings print them")
    func pointers() {
        #expect(DataPath(.federal, pointer: "brackets.single[2].ceiling") == DataPath(.federal).key("brackets").key("single").index(2).key("ceiling"))
        #expect(DataPath(.federal, pointer: "standardDeduction.single")?.pointer == "standardDeduction.single")
        #expect(DataPath(.federal, pointer: "brackets..single") == nil)
        #expect(DataPath(.federal, pointer: "brackets.single[x]") == nil)
        #expect(DataPath(.federal, pointer: "brackets.single[2]x") == nil)
    }
}
