import Foundation
import Testing
import TaxDataCompiler
import TaxDataCore
import TaxDataTestSupport

/// `taxdata diff` and `taxdata check` share the compiler's sanity stage (issue 33): the warnings
/// diff shows for a year against the year before are the ones check finds.
@Suite("the sanity stage, shared by check and diff")
struct SanityStageTests {
    @Test("RuleSet.sanity is exactly the standard rules whose id starts with sanity.")
    func sanityRules() {
        let ids = RuleSet.sanity.rules.map(\.id.rawValue)
        #expect(!ids.isEmpty && ids.allSatisfy { $0.hasPrefix("sanity.") })
        #expect(Set(ids) == Set(RuleSet.standard.rules.map(\.id.rawValue).filter { $0.hasPrefix("sanity.") }))
    }

    @Test("for each year of TaxData/ against the year before, the stage's warnings are check's sanity warnings (reviewed ones included)")
    func sameAsCheck() throws {
        let result = TreeCompiler.compile(try readTree(packageRoot.appendingPathComponent("TaxData")))
        let years = result.years.sorted { $0.meta.taxYear < $1.meta.taxYear }
        #expect(years.count >= 3)
        func key(_ d: Diagnostic) -> String { "\(d.rule) \(d.location?.file ?? "?"):\(d.location?.line ?? 0) \(d.message)" }
        var compared = 0
        for (previous, current) in zip(years, years.dropFirst()) {
            let year = current.meta.taxYear
            let fromCheck = (result.diagnostics + result.reviewed.map(\.diagnostic))
                .filter { $0.taxYear == year && $0.rule.rawValue.hasPrefix("sanity.") }
            let fromStage = SanityStage.warnings(previous: previous, current: current, sourceMap: result.sourceMap)
            #expect(fromStage.map(key).sorted() == fromCheck.map(key).sorted(), "\(year)")
            compared += fromStage.count
        }
        #expect(compared > 0, "the real years have sanity warnings (reviewed), so the comparison is not vacuous")
    }
}
