import Foundation
import Testing
import TaxDataClient
import TaxDataCore

@Suite("The embedded bundle")
struct EmbeddedTests {
    @Test("the committed embedded dist is exactly what TaxData/ compiles to (run `make embed` after changing TaxData/)")
    func upToDate() throws {
        let expected = try BundleBuilder.buildDist(compiledYears)
        let directory = packageRoot.appendingPathComponent("Sources/TaxDataClient/Embedded/dist")
        var onDisk: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory.path)!
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: directory.appendingPathComponent(relative).path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { onDisk[relative] = try Data(contentsOf: directory.appendingPathComponent(relative)) }
        }
        #expect(Set(onDisk.keys) == Set(expected.map(\.path)))
        for file in expected { #expect(onDisk[file.path] == file.contents, "\(file.path) differs: run `make embed`") }
    }

    @Test("the shipped tokens are exactly those of the embedded years under this build's checks (run `make embed` after changing a rule)")
    func shippedTokens() throws {
        let bundles = try EmbeddedBundles.packaged()
        var expected: Set<String> = []
        for (year, files) in bundles.years {
            let token = try #require(VerificationMemo.token(manifestBytes: files[BundleLayout.manifestName]!,
                                                            verifier: BundleVerifier(extraChecks: [ExpectedYear(year)])))
            expected.insert(token)
        }
        #expect(bundles.verified == expected, "Embedded/verified.json is stale: run `make embed`")
    }

    @Test("the packaged resource loads and every year verifies")
    func packaged() throws {
        let bundles = try EmbeddedBundles.packaged()
        #expect(bundles.years.keys.sorted() == [2024, 2025, 2026])
        for (_, files) in bundles.years {
            var files = files
            let manifest = files.removeValue(forKey: "manifest.json")!
            #expect(BundleVerifier().verify(manifestBytes: manifest, files: files).isValid)
        }
    }
}
