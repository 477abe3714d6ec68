import Foundation
import Testing
import TaxDataClient
import TaxDataCore

@Suite("The embedded bundle")
struct EmbeddedTests {
    @Test("the committed embedded bundle is exactly each year's app form, without its provenance document, as TaxData/ compiles it (run `make embed` after changing TaxData/)")
    func upToDate() throws {
        let expected = try compiledYears.flatMap { data in
            try BundleBuilder.buildApp(data).files
                .filter { $0.path != BundleLayout(year: data.meta.taxYear).provenance }
                .map { file in
                    // The data document is carried with its repeated subtrees shared.
                    file.path == BundleLayout.manifestName
                        ? OutputFile(path: "\(data.meta.taxYear)/\(file.path)", contents: file.contents)
                        : OutputFile(path: "\(data.meta.taxYear)/\(file.path)\(SharedSubtrees.fileSuffix)", contents: try SharedSubtrees.share(file.contents))
                }
        }
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

    @Test("the shipped tokens are those of both forms of every year under this build's checks, the embedded ones among them (run `make embed` after changing a rule)")
    func shippedTokens() throws {
        let bundles = try EmbeddedBundles.packaged()
        let verifier = BundleVerifier(auditTrail: .whenPresent)
        var embeddedTokens: Set<String> = []
        for (_, files) in bundles.years {
            embeddedTokens.insert(try #require(VerificationMemo.token(manifestBytes: files[BundleLayout.manifestName]!, verifier: verifier)))
        }
        var allForms: Set<String> = []
        // The first and app forms' manifests (a local form is never verified with a memo).
        for file in try BundleBuilder.buildDist(compiledYears)
        where file.path.hasSuffix("/" + BundleLayout.manifestName) && !file.path.contains("/\(BundleLayout.localDirectory)/") {
            allForms.insert(try #require(VerificationMemo.token(manifestBytes: file.contents, verifier: verifier)))
        }
        #expect(embeddedTokens.count == 3 && embeddedTokens.isSubset(of: bundles.verified), "Embedded/verified.json is stale: run `make embed`")
        #expect(bundles.verified == allForms, "Embedded/verified.json is stale: run `make embed`")
    }

    @Test("what an app embeds stays within issue 34's budget: three years in at most 400 KB (was 3.04 MB)")
    func embeddedBudget() throws {
        let root = packageRoot.appendingPathComponent("Sources/TaxDataClient/Embedded")
        var total = 0
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])!
        for case let url as URL in enumerator {
            let values = try url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
            if values.isRegularFile == true { total += values.fileSize ?? 0 }
        }
        #expect(try EmbeddedBundles.packaged().years.count == 3)
        #expect(total <= 400_000, "the embedded bundle is \(total) bytes; its budget is 400,000 (docs/design/34-payload.md)")
        #expect(total > 100_000, "\(total) bytes: not three years of data")
    }

    @Test("the packaged resource loads and every year verifies")
    func packaged() throws {
        let bundles = try EmbeddedBundles.packaged()
        #expect(bundles.years.keys.sorted() == [2024, 2025, 2026])
        for (_, files) in bundles.years {
            var files = files
            let manifest = files.removeValue(forKey: "manifest.json")!
            #expect(BundleVerifier(auditTrail: .whenPresent).verify(manifestBytes: manifest, files: files).isValid)
            #expect(!BundleVerifier().verify(manifestBytes: manifest, files: files).isValid, "without its provenance document only a client's verifier accepts it")
        }
    }
}
