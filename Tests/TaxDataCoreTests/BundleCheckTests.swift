import Foundation
import Testing
@testable import TaxDataCore

/// The catalogue of bundle checks (`Bundle/Checks/`): each check alone, and the catalogue as a whole.
@Suite("Bundle checks: one per file, each with its rule ids")
struct BundleCheckTests {
    static func candidate(_ data: TaxYearData = BundleVerifierTests.sample()) throws -> BundleCandidate {
        let (files, _) = try BundleBuilder.build(data)
        let manifestBytes = files.first { $0.path == BundleLayout.manifestName }!.contents
        let manifest = try CanonicalJSON.decode(Manifest.self, from: manifestBytes)
        var others: [String: Data] = [:]
        for file in files where file.path != BundleLayout.manifestName { others[file.path] = file.contents }
        var candidate = BundleCandidate(manifestBytes: manifestBytes, manifest: manifest, signature: nil, files: others)
        candidate.documents = DocumentsDecode.decode(candidate).documents
        return candidate
    }

    static func rules(_ findings: [BundleFinding]) -> [RuleID] { findings.map(\.diagnostic.rule) }

    @Test("the catalogue names every check once, in stage order, and every id it lists is reported by one check or the client")
    func catalogue() {
        let entries = BundleChecks.catalogue
        #expect(Set(entries.map(\.name)).count == entries.count)
        #expect(entries.first?.name == "ManifestDecodes")
        let stages = entries.map { BundleCheckStage.allCases.map(String.init(describing:)).firstIndex(of: $0.stage)! }
        #expect(stages == stages.sorted())
        #expect(entries.allSatisfy { !$0.rules.isEmpty })
        // Every bundle check id and client refusal is distinct from the others' (a refusal is never ambiguous).
        let bundleIDs = Set(entries.flatMap(\.rules))
        #expect(bundleIDs.isDisjoint(with: RuleID.clientRefusals))
        for id: RuleID in [.bundleChecksum, .signatureInvalid, .schemaUnsupported, .rollback, .publicationVersion, .bundleExpired, .publishEstimated] {
            #expect(bundleIDs.contains(id) || RuleID.clientRefusals.contains(id), "\(id)")
        }
    }

    @Test("the table of checks in docs/building-and-verifying.md is the catalogue")
    func readmeTable() throws {
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/building-and-verifying.md"), encoding: .utf8)
        for entry in BundleChecks.catalogue where entry.name != "ContentRules" {
            let ids = entry.rules.map { "`\($0)`" }.joined(separator: ", ")
            #expect(readme.contains("| `\(entry.name)` | \(entry.stage) | \(ids) |"), "README lacks the row for \(entry.name): | `\(entry.name)` | \(entry.stage) | \(ids) |")
        }
        #expect(readme.contains("| `ContentRules` | contents |"))
    }

    @Test("NoRollback refuses a lower version than the active one, and accepts the same or a higher one")
    func noRollback() throws {
        let candidate = try Self.candidate()   // 2024.1.0
        #expect(Self.rules(NoRollback(active: DataVersion("2024.2.0")!, source: "cache").check(candidate)) == [.rollback])
        #expect(NoRollback(active: DataVersion("2024.1.0")!, source: "cache").check(candidate).isEmpty)
        #expect(NoRollback(active: DataVersion("2024.0.9")!, source: "embedded").check(candidate).isEmpty)
        // Composed into the verifier, it stops before any file is read.
        let verifier = BundleVerifier(extraChecks: [NoRollback(active: DataVersion("2024.2.0")!, source: "cache")])
        let result = verifier.verify(manifestBytes: candidate.manifestBytes, files: [:])
        #expect(Self.rules(result.findings) == [.rollback])
    }

    @Test("ExpectedYear refuses another year's bundle before its files are read")
    func expectedYear() throws {
        let candidate = try Self.candidate()
        #expect(ExpectedYear(2024).check(candidate).isEmpty)
        #expect(Self.rules(ExpectedYear(2025).check(candidate)) == [.yearConsistency])
        let checked = BundleVerifier(extraChecks: [ExpectedYear(2025)]).verifyManifest(candidate.manifestBytes, signature: nil)
        #expect(Self.rules(checked.findings) == [.yearConsistency])
    }

    @Test("PublishedVersionGuard: never lower than the published version, never changed content at the same version")
    func publishedVersion() throws {
        let candidate = try Self.candidate()
        var higher = candidate.manifest
        higher.version = DataVersion("2024.2.0")!
        #expect(Self.rules(PublishedVersionGuard(published: higher).check(candidate)) == [.publicationVersion])
        var changed = candidate.manifest
        changed.checksums[changed.files.federal!] = "sha256:" + String(repeating: "0", count: 64)
        #expect(Self.rules(PublishedVersionGuard(published: changed).check(candidate)) == [.publicationVersion])
        #expect(PublishedVersionGuard(published: candidate.manifest).check(candidate).isEmpty)
        #expect(PublishedVersionGuard(published: nil).check(candidate).isEmpty)
        var older = candidate.manifest
        older.version = DataVersion("2024.0.1")!
        older.checksums = changed.checksums
        #expect(PublishedVersionGuard(published: older).check(candidate).isEmpty, "changed content with a higher version is a normal release")
    }

    @Test("ContentRules reads a published bundle as a release: a carried-over citation is a warning in a draft, publish.carried-over when published")
    func releaseContent() throws {
        var data = BundleVerifierTests.sample()
        data.federal.sources[0].title = SourcesCarriedOver.marker(previous: 2023, year: 2024) + "Rev. Proc. 2023-34"
        let draft = try Self.candidate(data)
        func citations(_ findings: [BundleFinding]) -> [String] {
            findings.filter { $0.diagnostic.rule.rawValue.hasSuffix("carried-over") }.map { "\($0.file) \($0.diagnostic.severity) \($0.diagnostic.rule)" }
        }
        #expect(citations(ContentRules().check(draft)) == ["federal_2024.json warning sources.carried-over"])
        data.meta.status = .published
        let published = try Self.candidate(data)
        #expect(citations(ContentRules().check(published)) == ["federal_2024.json error publish.carried-over"])
        #expect(!BundleVerifier().verify(manifestBytes: published.manifestBytes, files: published.files).isValid)
    }

    @Test("each standard check passes an untouched bundle, and reports only its own ids on a damaged one")
    func eachCheckAlone() throws {
        let good = try Self.candidate()
        for check in BundleChecks.standard(now: ISODate("2024-06-01")) {
            let errors = check.check(good).filter { $0.diagnostic.severity == .error }
            #expect(errors.isEmpty, "\(type(of: check)) on an untouched bundle: \(errors.map(\.diagnostic.message))")
        }
        var damaged = good
        damaged.files[damaged.manifest.files.fica!]!.append(0x20)
        damaged.files["notes.txt"] = Data("x".utf8)
        damaged.manifest.sizes[damaged.manifest.files.federal!] = 1 << 30
        var seen: [String: [RuleID]] = [:]
        for check in BundleChecks.standard(maxFileBytes: 1 << 20, now: ISODate("2024-06-01")) {
            let found = Self.rules(check.check(damaged))
            #expect(found.allSatisfy(check.rules.contains), "\(type(of: check)) reported \(found)")
            if !found.isEmpty { seen[String(describing: type(of: check))] = found }
        }
        #expect(seen["ManifestSizes"] == [.bundleSize])
        #expect(seen["FilesMatchManifest"] == [.bundleSize, .bundleSize])
        #expect(seen["NothingUnlisted"] == [.bundleUnlistedFile])
    }
}

@Suite("Decoding the documents once")
struct DecodeOnceTests {
    @Test("an intact bundle is decoded from its combined document alone; any differing byte falls back to decoding each file, which names it")
    func decodeOnce() throws {
        let intact = try BundleCheckTests.candidate()
        let fast = try #require(DocumentsDecode.decodeOnce(intact))
        let each = try #require(DocumentsDecode.decodeEach(intact).documents)
        #expect(fast.data(meta: intact.manifest.meta) == each.data(meta: intact.manifest.meta))

        var reformatted = intact
        let federal = reformatted.manifest.files.federal!
        reformatted.files[federal] = Data(String(decoding: reformatted.files[federal]!, as: UTF8.self).replacingOccurrences(of: "\n", with: "\n ").utf8)
        #expect(DocumentsDecode.decodeOnce(reformatted) == nil)
        #expect(DocumentsDecode.decode(reformatted).findings.map { "\($0.file) \($0.diagnostic.rule)" } == ["\(federal) bundle.not-canonical"])

        var noCombined = intact
        noCombined.manifest.files.combined = nil
        #expect(DocumentsDecode.decodeOnce(noCombined) == nil)
        #expect(DocumentsDecode.decode(noCombined).documents != nil)
    }

    @Test("members: scalars, empty collections and the last member; anything not laid out canonically gives nil")
    func members() throws {
        struct Sample: Codable { var a: [String: Int] = [:]; var b: [Int] = []; var c = 1; var d: [String: [Int]] = ["x": [], "y": [2]]; var e = "t,\\n" }
        let bytes = try CanonicalJSON.encode(Sample())
        let members = try #require(CanonicalMembers(bytes))
        let sample = Sample()
        #expect(members.topLevel("a") == (try CanonicalJSON.encode(sample.a)))
        #expect(members.topLevel("b") == (try CanonicalJSON.encode(sample.b)))
        #expect(members.topLevel("d") == (try CanonicalJSON.encode(sample.d)))
        #expect(members.nested("c").map(Array.init) == Array("1".utf8))
        #expect(members.nested("e").map(Array.init) == Array(#""t,\\n""#.utf8))
        #expect(members.nested("z") == nil)
        #expect(CanonicalMembers(Data(#"{"a":1}"#.utf8)) == nil)
        #expect(CanonicalMembers(Data("{\n  \"a\\\"b\" : 1\n}\n".utf8)) == nil)
        #expect(CanonicalMembers(Data("{\n  \"a\" : [\n    1\n".utf8)) == nil)
    }

    @Test("a part file that decodes to its part but is not its canonical bytes is refused, naming the file")
    func partNotCanonical() throws {
        let intact = try BundleCheckTests.candidate()
        for name in [intact.manifest.files.states!, intact.manifest.files.fica!] {
            var edited = intact
            // The same value, written with a key repeated: a decoder keeps one of them.
            var text = String(decoding: edited.files[name]!, as: UTF8.self)
            text = text.replacingOccurrences(of: "{\n", with: "{\n  \"year\" : 1999,\n", range: text.range(of: "{\n"))
            edited.files[name] = Data(text.utf8)
            #expect(DocumentsDecode.decodeOnce(edited) == nil)
            #expect(DocumentsDecode.decode(edited).findings.map { "\($0.file) \($0.diagnostic.rule)" }.first?.hasPrefix(name) == true)
        }
    }
}
