import Foundation
import Testing
import TaxDataCore
import TaxDataTestSupport

/// The app form of a year (docs/bundle-contract.md "The app form"): built beside the first form,
/// verified on its own and against it, and every way to break it refused with its rule.
@Suite("the app form: verified alone, with and without its provenance, and against the first form")
struct AppFormTests {
    static let year2026 = compiledYears.first { $0.meta.taxYear == 2026 }!
    /// The year as the first form's five documents decode (tables written out for every status).
    static let decoded2026: TaxYearData = {
        var files: [String: Data] = [:]
        for file in try! BundleBuilder.build(year2026).files { files[file.path] = file.contents }
        return verify(files).data!
    }()

    static func appFiles(_ data: TaxYearData = year2026) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for file in try BundleBuilder.buildApp(data).files { files[file.path] = file.contents }
        return files
    }

    static func verify(_ files: [String: Data], auditTrail: AuditTrailPolicy = .required) -> BundleVerifier.Result {
        var files = files
        let manifest = files.removeValue(forKey: BundleLayout.manifestName) ?? Data()
        return BundleVerifier(auditTrail: auditTrail).verify(manifestBytes: manifest, files: files)
    }

    static func rules(_ result: BundleVerifier.Result) -> [String] {
        result.findings.filter { $0.diagnostic.severity == .error }.map { "\($0.file) \($0.diagnostic.rule)" }
    }

    @Test("intact: with its provenance it is the year, audit trail included; without it the year's figures, every sources empty")
    func intact() throws {
        let files = try Self.appFiles()
        let whole = Self.verify(files)
        #expect(whole.isValid, "\(Self.rules(whole))")
        #expect(whole.data == Self.decoded2026)
        var withoutTrail = files
        withoutTrail["provenance_2026.json"] = nil
        #expect(!Self.verify(withoutTrail).isValid, "verify, build and the server require it")
        let client = Self.verify(withoutTrail, auditTrail: .whenPresent)
        #expect(client.isValid, "\(Self.rules(client))")
        #expect(client.data?.states["CA"]?.sources == [] && client.data?.federal.notes == nil)
        #expect(client.data?.states["CA"]?.brackets == Self.decoded2026.states["CA"]?.brackets)
        #expect(client.data.map { CombinedDocument($0).restoringAuditTrailIgnoringErrors(of: files) } == CombinedDocument(Self.decoded2026))
    }

    @Test("a provenance document swapped from another year, or another version of the same year, is refused (year.consistency)")
    func swappedProvenance() throws {
        var files = try Self.appFiles()
        // 2025's audit trail, listed with its real hash: the manifest is re-signed by a publisher who erred.
        let other = try Self.appFiles(compiledYears.first { $0.meta.taxYear == 2025 }!)
        files = try Self.relisted(files, "provenance_2026.json", other["provenance_2025.json"]!)
        #expect(Self.rules(Self.verify(files)) == ["provenance_2026.json year.consistency"])
        var bumped = Self.year2026
        bumped.meta.version = DataVersion("2026.99.0")!
        let sameYear = try Self.relisted(try Self.appFiles(), "provenance_2026.json", try Self.appFiles(bumped)["provenance_2026.json"]!)
        #expect(Self.rules(Self.verify(sameYear)) == ["provenance_2026.json year.consistency"])
        #expect(Self.rules(Self.verify(sameYear, auditTrail: .whenPresent)) == ["provenance_2026.json year.consistency"],
                "a client that has it checks it too")
    }

    @Test("the swapped bytes without a new manifest are a checksum mismatch (bundle.checksum), before anything is decoded")
    func swappedBytes() throws {
        var files = try Self.appFiles()
        let other = try Self.appFiles(compiledYears.first { $0.meta.taxYear == 2025 }!)
        files["provenance_2026.json"] = other["provenance_2025.json"]
        #expect(Self.rules(Self.verify(files)).allSatisfy { $0.hasPrefix("provenance_2026.json bundle.") })
        #expect(Self.rules(Self.verify(files)).contains { $0.hasSuffix("bundle.size") || $0.hasSuffix("bundle.checksum") })
    }

    @Test("an app document that carries an audit trail, or is pretty-printed, is refused")
    func appDocument() throws {
        var withSources = Self.year2026
        let (app, _) = CombinedDocument(withSources).splittingAuditTrail()
        var carrying = app
        carrying.states["CA"]?.sources = withSources.states["CA"]!.sources
        let relisted = try Self.relisted(try Self.appFiles(), "app_2026.json", try CanonicalJSON.encodeCompact(carrying))
        var trailless = relisted
        trailless["provenance_2026.json"] = nil
        #expect(Self.rules(Self.verify(trailless, auditTrail: .whenPresent)) == ["app_2026.json bundle.inconsistent"])
        let pretty = try Self.relisted(try Self.appFiles(), "app_2026.json", try CanonicalJSON.encode(app))
        #expect(Self.rules(Self.verify(pretty)) == ["app_2026.json bundle.not-canonical"])
        withSources.meta.version = DataVersion("2026.99.0")!
        let otherVersion = try Self.relisted(try Self.appFiles(), "app_2026.json",
                                             try CanonicalJSON.encodeCompact(CombinedDocument(withSources).splittingAuditTrail().app))
        #expect(Self.rules(Self.verify(otherVersion)).contains("app_2026.json bundle.inconsistent"))
    }

    @Test("a manifest naming some of each form, or nothing, is refused before any file (bundle.manifest)")
    func mixedManifest() throws {
        let files = try Self.appFiles()
        var manifest = try CanonicalJSON.decode(Manifest.self, from: files[BundleLayout.manifestName]!)
        manifest.files.federal = "federal_2026.json"
        let mixed = BundleVerifier().verifyManifest(try CanonicalJSON.encode(manifest), signature: nil)
        #expect(mixed.findings.map { "\($0.diagnostic.rule)" } == ["bundle.manifest"])
        manifest.files = .init(app: "app_2026.json", provenance: "provenance_2026.json")
        manifest.files.app = nil
        manifest.files.provenance = nil
        let empty = BundleVerifier().verifyManifest(try CanonicalJSON.encode(manifest), signature: nil)
        #expect(empty.findings.map { "\($0.diagnostic.rule)" } == ["bundle.manifest"])
    }

    @Test("a dist: both forms verify and agree; an app form of other figures, or an index entry that does not match, is refused")
    func dist() throws {
        let built = try BundleBuilder.buildDist(compiledYears)
        #expect(DistVerifier().verify(DistVerifier.Contents(files: built)).filter { $0.diagnostic.severity == .error }.isEmpty)

        // The app form of a changed year, with its own valid manifest and a matching index entry.
        var changed = Self.year2026
        changed.retirement.hsa.individual += 50
        let other = try BundleBuilder.buildDist(compiledYears.map { $0.meta.taxYear == 2026 ? changed : $0 })
        var mixed = built.filter { !$0.path.hasPrefix("2026/app/") && $0.path != BundleLayout.indexName }
        mixed += other.filter { $0.path.hasPrefix("2026/app/") }
        var index = try CanonicalJSON.decode(BundleIndex.self, from: built.first { $0.path == BundleLayout.indexName }!.contents)
        let otherIndex = try CanonicalJSON.decode(BundleIndex.self, from: other.first { $0.path == BundleLayout.indexName }!.contents)
        index.years[2].app = otherIndex.years[2].app
        mixed.append(OutputFile(path: BundleLayout.indexName, contents: try CanonicalJSON.encode(index)))
        let findings = DistVerifier().verify(DistVerifier.Contents(files: mixed)).filter { $0.diagnostic.severity == .error }
        #expect(findings.map { "\($0.file) \($0.diagnostic.rule)" } == ["2026/app/manifest.json bundle.inconsistent"])

        // The index's app entry of another publication: the mix-and-match check.
        var stale = built.filter { $0.path != BundleLayout.indexName }
        index = try CanonicalJSON.decode(BundleIndex.self, from: built.first { $0.path == BundleLayout.indexName }!.contents)
        index.years[2].app = otherIndex.years[2].app
        stale.append(OutputFile(path: BundleLayout.indexName, contents: try CanonicalJSON.encode(index)))
        let mismatch = DistVerifier().verify(DistVerifier.Contents(files: stale)).filter { $0.diagnostic.severity == .error }
        #expect(mismatch.map { "\($0.file) \($0.diagnostic.rule)" } == ["2026/app/manifest.json bundle.checksum"])

        // An app directory the index does not list.
        index.years[2].app = nil
        var unlisted = built.filter { $0.path != BundleLayout.indexName }
        unlisted.append(OutputFile(path: BundleLayout.indexName, contents: try CanonicalJSON.encode(index)))
        let extra = DistVerifier().verify(DistVerifier.Contents(files: unlisted)).filter { $0.diagnostic.severity == .error }
        #expect(extra.map { "\($0.file) \($0.diagnostic.rule)" } == ["2026/app bundle.unlisted-file"])
    }

    /// `files` with `name` replaced by `bytes` and the manifest listing them (size and hash).
    static func relisted(_ files: [String: Data], _ name: String, _ bytes: Data) throws -> [String: Data] {
        var files = files
        var manifest = try CanonicalJSON.decode(Manifest.self, from: files[BundleLayout.manifestName]!)
        manifest.checksums[name] = Manifest.checksum(try PortableCrypto().sha256Hex(bytes))
        manifest.sizes[name] = bytes.count
        files[name] = bytes
        files[BundleLayout.manifestName] = try CanonicalJSON.encode(manifest)
        return files
    }
}

extension CombinedDocument {
    /// The document with the audit trail of the app form `files` put back.
    func restoringAuditTrailIgnoringErrors(of files: [String: Data]) -> CombinedDocument {
        guard let bytes = files.first(where: { $0.key.hasPrefix("provenance_") })?.value,
              let provenance = try? CanonicalJSON.decode(ProvenanceDocument.self, from: bytes) else { return self }
        return (try? restoringAuditTrail(provenance)) ?? self
    }
}
