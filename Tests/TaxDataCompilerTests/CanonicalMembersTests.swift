import Foundation
import Testing
@testable import TaxDataCore
import TaxDataTestSupport

/// The fast path of `DocumentsDecode` on real years, as `TaxData/` compiles them.
@Suite("the first form's parts are members of the combined document")
struct CanonicalMembersTests {
    @Test("each part file of a real bundle is its member of the combined document moved to the top level, which is its canonical encoding",
          arguments: [2024, 2025, 2026])
    func partsAreMembers(year: Int) throws {
        let built = try BundleBuilder.build(try #require(compiledYears.first { $0.meta.taxYear == year })).files
        let layout = BundleLayout(year: year)
        func file(_ name: String) throws -> Data { try #require(built.first { $0.path == name }).contents }
        let combinedBytes = try file(layout.combined)
        let combined = try CanonicalJSON.decode(CombinedDocument.self, from: combinedBytes)
        let members = try #require(CanonicalMembers(combinedBytes))
        #expect(members.topLevel("federal") == (try CanonicalJSON.encode(combined.federal)))
        #expect(members.topLevel("fica") == (try CanonicalJSON.encode(combined.fica)))
        #expect(members.topLevel("retirement") == (try CanonicalJSON.encode(combined.retirement)))
        let states = try #require(members.nested("states"))
        #expect(DocumentsDecode.statesDocument(states: states, year: year) == (try CanonicalJSON.encode(StatesDocument(year: year, states: combined.states))))
        #expect(members.topLevel("federal") == (try file(layout.federal)))
        #expect(members.nested("taxYear").map { String(decoding: $0, as: UTF8.self) } == String(year))
    }}
