import Foundation
import Testing
@testable import TaxDataCore

/// In-memory tampering of a small bundle built from a model written here.
@Suite("Bundle verification in memory")
struct BundleVerifierTests {
    static func d(_ s: String) -> Decimal { Money.parse(s)! }

    static func sample() -> TaxYearData {
        let schedule = [Bracket(floor: 0, ceiling: d("11600"), rate: d("0.1"), baseTax: 0),
                        Bracket(floor: d("11600"), ceiling: nil, rate: d("0.12"), baseTax: d("1160"))]
        var table = StatusTable<[Bracket]>(written: [.single: schedule, .marriedFilingJointly: schedule, .headOfHousehold: schedule])
        table = StatusTable(written: table.written, aliases: [.marriedFilingSeparately: .single, .qualifyingWidower: .marriedFilingJointly])
        let amounts = StatusTable<Decimal>(written: Dictionary(uniqueKeysWithValues: FilingStatus.allCases.map { ($0, d("14600")) }))
        let cite = [Citation(title: "test", url: "https://example.gov/x", kind: .official)]
        let plan = RetirementData.DeferralPlan(employeeLimit: 23000, catchUpContribution: 7500, catchUpAge: 50, totalLimit: 69000, enhancedCatchUp: nil)
        let phase = StatusTable<RetirementData.Phaseout>(written: Dictionary(uniqueKeysWithValues: FilingStatus.allCases.map { ($0, .init(start: 1, end: 2)) }))
        var data = TaxYearData(
            meta: YearMeta(taxYear: 2024, version: DataVersion("2024.1.0")!, schemaVersion: .current,
                           effectiveDate: "2024-01-01", expirationDate: "2024-12-31", status: .draft),
            federal: FederalData(year: 2024, standardDeduction: amounts, brackets: table, sources: cite),
            fica: FICAData(year: 2024, socialSecurity: .init(rate: d("0.062"), wageBase: 168600, maxTax: d("10453.2")),
                           medicare: .init(rate: d("0.0145"), additionalRate: d("0.009"), thresholds: amounts), sources: cite),
            retirement: RetirementData(year: 2024, plan401k: plan, plan403b: plan, plan457b: plan,
                                       ira: .init(traditionalLimit: 7000, rothLimit: 7000, catchUpContribution: 1000, catchUpAge: 50),
                                       rothIncomePhaseout: phase, simpleIra: .init(employeeLimit: 16000, catchUpContribution: 3500, enhancedCatchUp: nil),
                                       sepIra: .init(limit: 69000, maxCompensation: 345000, maxPercentage: d("0.25")),
                                       hsa: .init(individual: 4150, family: 8300, catchUpContribution: 1000, catchUpAge: 55), sources: cite),
            states: ["TX": StateData(name: "Texas", type: .noTax, sources: cite)])
        data.federal.provenance = .official
        data.fica.provenance = .official
        data.retirement.provenance = .official
        data.states["TX"]!.provenance = .official
        return data
    }

    static func files() throws -> (manifest: Data, others: [String: Data]) {
        let (files, _) = try BundleBuilder.build(sample())
        var others: [String: Data] = [:]
        for file in files where file.path != "manifest.json" { others[file.path] = file.contents }
        return (files.first { $0.path == "manifest.json" }!.contents, others)
    }

    @Test("an untouched bundle verifies and round-trips to the same model")
    func valid() throws {
        let (manifest, others) = try Self.files()
        let result = BundleVerifier().verify(manifestBytes: manifest, files: others)
        #expect(result.isValid)
        #expect(result.findings.filter { $0.diagnostic.severity == .error }.isEmpty, "\(result.findings.map(\.diagnostic.message))")
        #expect(result.data?.federal.brackets[.marriedFilingSeparately] == Self.sample().federal.brackets[.single])
    }

    @Test("flipping one byte of any listed file fails with its checksum")
    func flippedByte() throws {
        let (manifest, others) = try Self.files()
        for name in others.keys.sorted() {
            var tampered = others
            var bytes = tampered[name]!
            bytes[bytes.count / 2] ^= 0x01
            tampered[name] = bytes
            let result = BundleVerifier().verify(manifestBytes: manifest, files: tampered)
            #expect(!result.isValid)
            #expect(result.findings.contains { $0.file == name && $0.diagnostic.rule == .bundleChecksum }, "\(name)")
        }
    }

    @Test("a stray file, a missing file and a path-escaping name are each rejected")
    func structure() throws {
        let (manifest, others) = try Self.files()
        var stray = others
        stray["notes.txt"] = Data("x".utf8)
        #expect(BundleVerifier().verify(manifestBytes: manifest, files: stray).findings.map(\.diagnostic.rule) == [.bundleUnlistedFile])
        var missing = others
        missing.removeValue(forKey: "fica_2024.json")
        #expect(BundleVerifier().verify(manifestBytes: manifest, files: missing).findings.map(\.diagnostic.rule) == [.bundleMissingFile])
        let escaping = Data(String(decoding: manifest, as: UTF8.self).replacingOccurrences(of: "\"fica_2024.json\"", with: "\"../fica_2024.json\"").utf8)
        #expect(BundleVerifier().verify(manifestBytes: escaping, files: others).findings.contains { $0.diagnostic.rule == .bundleFileName })
    }

    @Test("valid checksums over a broken bracket still fail the shared rules")
    func rehashedInvalid() throws {
        var data = Self.sample()
        var schedule = data.federal.brackets[.single]!
        schedule[0].ceiling = Self.d("11000")
        data.federal.brackets = StatusTable(written: data.federal.brackets.written.merging([.single: schedule]) { $1 },
                                            aliases: data.federal.brackets.aliases)
        let (files, _) = try BundleBuilder.build(data)
        var others: [String: Data] = [:]
        for file in files where file.path != "manifest.json" { others[file.path] = file.contents }
        let result = BundleVerifier().verify(manifestBytes: files.last!.contents, files: others)
        #expect(result.findings.contains { $0.file == "federal_2024.json" && $0.diagnostic.rule == .bracketsContiguous })
        #expect(!result.isValid)
    }

    @Test("expired data is reported when a date is given: strictly, or within its own tax year")
    func expired() throws {
        let (manifest, others) = try Self.files()
        func errors(_ result: BundleVerifier.Result) -> [RuleID] { result.findings.filter { $0.diagnostic.severity == .error }.map(\.diagnostic.rule) }
        // The fixture year expires on the last day of its tax year: afterwards it is a past year's data.
        #expect(errors(BundleVerifier().verify(manifestBytes: manifest, files: others, now: ISODate("2025-01-01"))) == [])
        #expect(errors(BundleVerifier().verify(manifestBytes: manifest, files: others, now: ISODate("2025-01-01"), expiry: .strict)) == [.bundleExpired])
    }

    @Test("an unknown schema major is refused")
    func schemaMajor() throws {
        let (manifest, others) = try Self.files()
        let major2 = Data(String(decoding: manifest, as: UTF8.self).replacingOccurrences(of: "\"schemaVersion\" : \"\(SchemaVersion.current)\"", with: "\"schemaVersion\" : \"2.0\"").utf8)
        #expect(BundleVerifier().verify(manifestBytes: major2, files: others).findings.map(\.diagnostic.rule) == [.schemaUnsupported])
    }

    @Test("a document hashed instead of read is compared by size and digest, then refused unread as too large")
    func hashedDocument() throws {
        let (manifest, others) = try Self.files()
        let name = "federal_2024.json"
        let bytes = try #require(others[name])
        let digest = try #require(Hex.decode(try PortableCrypto().sha256Hex(bytes)))
        func verify(_ hashed: HashedFile) -> [(file: String, rule: RuleID, message: String)] {
            var files = others
            files[name] = nil
            let result = BundleVerifier().verify(manifestBytes: manifest, files: files, hashed: [name: hashed])
            #expect(!result.isValid)
            return result.findings.filter { $0.diagnostic.severity == .error }.map { ($0.file, $0.diagnostic.rule, $0.diagnostic.message) }
        }

        let intact = verify(HashedFile(size: bytes.count, sha256: digest))
        #expect(intact.map(\.rule) == [.bundleSize], "\(intact)")
        #expect(intact.first?.file == name)
        #expect(intact.first?.message.contains("contents were not read") == true)

        var flipped = digest
        flipped[0] ^= 0x01
        #expect(verify(HashedFile(size: bytes.count, sha256: flipped)).map(\.rule).contains(.bundleChecksum))

        // Bytes remembered as valid (`VerificationMemo`) do not let a document that was only hashed through.
        let memo = try #require(BundleVerifier().verify(manifestBytes: manifest, files: others).memo)
        var files = others
        files[name] = nil
        let remembered = BundleVerifier().verify(manifestBytes: manifest, files: files, hashed: [name: HashedFile(size: bytes.count, sha256: digest)],
                                                 remembered: [memo])
        #expect(!remembered.isValid)
        #expect(remembered.findings.map(\.diagnostic.rule).contains(.bundleSize))

        let resized = verify(HashedFile(size: bytes.count + 1, sha256: digest))
        #expect(resized.contains { $0.rule == .bundleSize && $0.message.contains("the manifest says \(bytes.count)") }, "\(resized)")
    }
}

@Suite("Blank text")
struct BlankTextTests {
    @Test("a source title of only whitespace, newlines included, is refused; one with any visible character is not",
          arguments: [("", true), ("  \t", true), (" \n ", true), ("\u{00A0}", true), ("IRS", false), (" x ", false)])
    func blankTitle(title: String, refused: Bool) {
        var data = BundleVerifierTests.sample()
        data.fica.sources[0].title = title
        let found = SourcesCited().check(data).map { "\($0.rule) \($0.path.map(String.init(describing:)) ?? "")" }
        #expect(found == (refused ? ["sources.missing fica/sources[0].title"] : []))
    }
}
