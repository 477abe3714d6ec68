import Testing
@testable import TaxDataCore

@Suite("ReleasePolicy: what a release refuses")
struct ReleasePolicyTests {
    @Test("each refused warning becomes an error under its publish rule; other findings are unchanged")
    func apply() {
        let path = DataPath(.federal)
        let warnings = ReleasePolicy.refusals.keys.sorted().map { Diagnostic.warning($0, "detail", at: path) }
        let other = Diagnostic.warning(.dataIncomplete, "left alone", at: path)
        let applied = ReleasePolicy.apply(warnings + [other])
        for (before, after) in zip(warnings, applied) {
            #expect(after.severity == .error)
            #expect(after.rule.rawValue.hasPrefix("publish."), "\(after.rule)")
            #expect(after.rule == ReleasePolicy.refusals[before.rule]?.rule)
            #expect(after.message.hasSuffix(": detail"))
        }
        #expect(applied.last == other)
        #expect(Set(ReleasePolicy.refusals.values.map(\.rule)).count == ReleasePolicy.refusals.count)
    }
}
