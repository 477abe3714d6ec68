import Foundation
import Testing
import TaxDataCore
import TaxDataTestSupport

/// The local form (schema 1.13): what `LocalFormVerifier` refuses, in `verify` and in the client.
@Suite("the local form")
struct LocalFormTests {
    static let year = compiledYears.first { $0.meta.taxYear == 2026 }!

    static func built(_ edit: (inout TaxYearData) -> Void = { _ in }) throws -> (manifest: Data, files: [String: Data]) {
        var data = year
        edit(&data)
        var files: [String: Data] = [:]
        for file in try #require(try BundleBuilder.buildLocal(data)).files { files[file.path] = file.contents }
        let manifest = files.removeValue(forKey: BundleLayout.manifestName)!
        return (manifest, files)
    }

    static func rules(_ result: LocalFormVerifier.Result) -> [String] {
        result.findings.filter { $0.diagnostic.severity == .error }.map { "\($0.file) \($0.diagnostic.rule)" }
    }

    @Test("as built: every state's document passes, and the localities are the year's; the other forms hold none")
    func valid() throws {
        let (manifest, files) = try Self.built()
        let result = LocalFormVerifier().verify(manifestBytes: manifest, files: files, year: Self.year.withoutLocalities)
        #expect(result.isValid, "\(result.findings)")
        #expect(result.localities.keys.sorted() == Self.year.localities.keys.sorted() && result.localities["MD"]?.count == 25)
        #expect(try CanonicalJSON.encode(result.localities["IN"]!) == CanonicalJSON.encode(Self.year.localities["IN"]!))
        let parts = try BundleBuilder.build(Self.year).files.first { $0.path == "states_2026.json" }!.contents
        let app = try BundleBuilder.buildApp(Self.year).files.first { $0.path == "app_2026.json" }!.contents
        #expect(!String(decoding: parts, as: UTF8.self).contains("\"localities\"") && !String(decoding: app, as: UTF8.self).contains("\"localities\""))
    }

    /// What an app downloads for its user's state: the largest (Iowa, 325 school districts) is about
    /// 88 KB, 6 KB gzip-compressed on the wire. The citations stay out of it.
    static let documentBudget = 100_000

    @Test("payload budget: every state's document of every year stays within 100,000 bytes, without citations or notes")
    func budget() throws {
        for data in compiledYears {
            guard let built = try BundleBuilder.buildLocal(data) else { continue }
            for file in built.files where file.path.range(of: #"^[A-Z]{2}_[0-9]{4}\.json$"#, options: .regularExpression) != nil {
                #expect(file.contents.count <= Self.documentBudget, "\(data.meta.taxYear) \(file.path): \(file.contents.count) bytes")
                let text = String(decoding: file.contents, as: UTF8.self)
                #expect(!text.contains("\"sources\"") && !text.contains("\"notes\""), "\(file.path) carries its audit trail")
            }
        }
    }

    @Test("refused, each with its rule: a changed byte, a missing or unlisted file, another version, a locality listed in two states, a rate out of range")
    func refused() throws {
        let year = Self.year.withoutLocalities
        var (manifest, files) = try Self.built()
        var tampered = files
        tampered["MD_2026.json"]![100] ^= 0x01
        #expect(Self.rules(LocalFormVerifier().verify(manifestBytes: manifest, files: tampered, year: year)) == ["MD_2026.json bundle.checksum"])
        var missing = files
        missing["IN_2026.json"] = nil
        missing["stray.json"] = Data("{}".utf8)
        #expect(Set(Self.rules(LocalFormVerifier().verify(manifestBytes: manifest, files: missing, year: year)))
            == ["IN_2026.json bundle.missing-file", "stray.json bundle.unlisted-file"])
        var other = year
        other.meta.version = DataVersion("2026.99.0")!
        #expect(Self.rules(LocalFormVerifier().verify(manifestBytes: manifest, files: files, year: other)) == ["manifest.json bundle.inconsistent"])
        // The same version with another text of its changes, or other dates: not the same publication either.
        for change in [{ (meta: inout YearMeta) in meta.changes = (meta.changes ?? "") + "." }, { $0.expirationDate = "2027-01-31" }, { $0.status = .draft }] {
            var changed = year
            change(&changed.meta)
            #expect(Self.rules(LocalFormVerifier().verify(manifestBytes: manifest, files: files, year: changed)) == ["manifest.json bundle.inconsistent"])
        }

        (manifest, files) = try Self.built { data in
            var copy = data.states["MD"]!.localities![0]
            copy.taxes[0].id = "md-copy"
            data.states["PA"]!.localities!.append(copy)
            data.states["IN"]!.localities![0].taxes[0].resident!.rate = Decimal(string: "1.02")!
        }
        let result = LocalFormVerifier().verify(manifestBytes: manifest, files: files, year: year)
        #expect(Set(Self.rules(result)) == ["PA_2026.json locality.duplicate", "IN_2026.json locality.rate"], "\(result.findings)")
        #expect(result.localities["IN"] == nil && result.localities["MD"] != nil, "a refused document's localities are not used")
    }

    @Test("a manifest that is not a local form's, or names a file that is not XX_<year>.json, is refused before any document is read")
    func manifest() throws {
        let (manifestBytes, _) = try Self.built()
        var manifest = try CanonicalJSON.decode(Manifest.self, from: manifestBytes)
        manifest.files.localities?["MD"] = "../MD_2026.json"
        let renamed = LocalFormVerifier().verifyManifest(try CanonicalJSON.encode(manifest), signature: nil, year: Self.year.meta)
        #expect(renamed.findings.contains { $0.diagnostic.rule == .bundleFileName })
        manifest.files.localities = nil
        manifest.files.app = "app_2026.json"
        manifest.files.provenance = "provenance_2026.json"
        let app = LocalFormVerifier().verifyManifest(try CanonicalJSON.encode(manifest), signature: nil, year: Self.year.meta)
        #expect(app.manifest == nil && app.findings.contains { $0.diagnostic.rule == .bundleManifest })
    }
}
