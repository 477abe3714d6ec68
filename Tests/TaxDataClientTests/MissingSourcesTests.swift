import Foundation
import Testing
@testable import TaxDataClient
import TaxDataCore

/// `sources` is read as empty when its key is absent (`OmittedWhenEmpty`, for the app form of
/// docs/design/34-payload.md). A published 1.x document without it is still refused, by the rule
/// that requires sources, whether the key was removed or emptied.
@Suite("a bundle whose state has no sources is refused")
struct MissingSourcesTests {
    @Test("the key removed (sources.missing) or the list emptied (bundle.not-canonical), re-hashed: refused")
    func refused() throws {
        for replacement in ["", "\"sources\" : [],"] {
            var files = try bundleFiles()
            for name in ["states_2026.json", "combined_2026.json"] {
                var text = String(decoding: files[name]!, as: UTF8.self)
                // Texas's sources: from its "sources" key to the "type" key that follows it in sorted order.
                let texas = try #require(text.range(of: "\"TX\" : {"))
                let start = try #require(text.range(of: "\"sources\" : [", range: texas.upperBound..<text.endIndex))
                let end = try #require(text.range(of: "\"type\" :", range: start.upperBound..<text.endIndex))
                let indent = text[text.index(before: start.lowerBound)...].prefix { $0 == " " }
                text.replaceSubrange(start.lowerBound..<end.lowerBound, with: replacement.isEmpty ? "" : replacement + "\n" + indent)
                files[name] = Data(text.utf8)
            }
            try rehash(&files)
            let result = ClientVerification.verify(files: files, year: 2026, source: .remote, policy: .none,
                                                   now: Date(timeIntervalSince1970: 1_772_366_400))
            guard case .failure(let rejection) = result else {
                Issue.record("a state without sources was accepted (\(replacement.isEmpty ? "key removed" : "emptied"))")
                continue
            }
            // Removed: the document is canonical and the rule refuses it. Emptied: `"sources": []` is
            // not how a list without entries is written any more, so the canonical check refuses it first.
            #expect(rejection.reason == (replacement.isEmpty ? .sourcesMissing : .bundleNotCanonical), "\(rejection)")
        }
    }
}
