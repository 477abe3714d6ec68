import Foundation
import Testing
import TaxDataCore
import TaxDataTestSupport

/// `provenance.construct` on withholding methods: a method read in one source is `estimated` with
/// its own `pending`, in a published year too; `pending` goes with `estimated` only; each later
/// method (`midYear`) is graded at its place.
@Suite("withholding methods are graded on their own")
struct WithholdingGradeTests {
    let year = compiledYears.first { $0.meta.taxYear == 2026 }!

    func findings(_ data: TaxYearData) -> [Diagnostic] { ConstructGrade().check(data).filter { $0.message.contains("withholding") } }

    @Test("the published data's estimated methods carry their pending; without it, or with pending on a corroborated one, each is an error at its place")
    func pendingGoesWithEstimated() throws {
        #expect(year.meta.status == .published)
        #expect(findings(year).isEmpty, "\(findings(year).map(\.message))")
        let georgia = try #require(year.states["GA"]?.withholding)
        #expect(georgia.provenance == .corroborated && georgia.midYear?.first?.method.provenance == .estimated)

        // Ohio is corroborated itself: its later method (one source) needs a pending of its own.
        var unnamed = year
        unnamed.states["OH"]?.withholding?.midYear?[0].method.pending = nil
        let missing = findings(unnamed)
        #expect(missing.count == 1)
        #expect(missing.first?.message.contains("OH withholding from 2026-08-01 is estimated in a published year") == true)
        #expect(missing.first?.path == DataPath(.state("OH")).key("withholding").key("midYear").index(0).key("provenance"))

        var misplaced = year
        misplaced.states["GA"]?.withholding?.pending = "a publication"
        let wrong = findings(misplaced)
        #expect(wrong.count == 1)
        #expect(wrong.first?.message.contains("pending goes with estimated") == true)
        #expect(wrong.first?.rule == .provenanceConstruct)
    }
}
