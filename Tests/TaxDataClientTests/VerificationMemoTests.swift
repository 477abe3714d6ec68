import Foundation
import Testing
@testable import TaxDataClient
import TaxDataCore
import TaxDataCrypto

/// `VerificationMemo`: bytes that passed skip the checks that depend only on them; everything
/// else (every SHA-256, the signature, the year, rollback, expiry) still runs.
@Suite("Remembering bytes that passed")
struct VerificationMemoTests {
    func split(_ files: [String: Data]) -> (manifest: Data, rest: [String: Data]) {
        var rest = files
        return (rest.removeValue(forKey: BundleLayout.manifestName)!, rest)
    }

    @Test("a remembered token gives the same data without the byte-only checks; a tampered file is still refused by its SHA-256")
    func remembered() throws {
        let (manifest, files) = split(try bundleFiles())
        let verifier = BundleVerifier()
        let first = verifier.verify(manifestBytes: manifest, files: files)
        #expect(first.isValid && !first.usedMemo)
        let token = try #require(first.memo)
        let second = verifier.verify(manifestBytes: manifest, files: files, remembered: [token])
        #expect(second.isValid && second.usedMemo)
        #expect(second.data == first.data)

        var tampered = files
        let name = try #require(first.manifest?.files.fica)
        tampered[name] = Data(String(decoding: tampered[name]!, as: UTF8.self).replacingOccurrences(of: "0.062", with: "0.063").utf8)
        let refused = verifier.verify(manifestBytes: manifest, files: tampered, remembered: [token])
        #expect(!refused.isValid && refused.findings.contains { $0.diagnostic.rule == .bundleChecksum })
        #expect(refused.memo == nil)
    }

    @Test("exactly the byte-only checks are skipped: a forged token passes a rule violation, never an unsigned bundle or a wrong year")
    func skipsOnlyByteChecks() throws {
        let (manifest, files) = split(try bundleFiles { $0.fica.socialSecurity.rate = 2 })
        let verifier = BundleVerifier()
        #expect(verifier.verify(manifestBytes: manifest, files: files).findings.contains { $0.diagnostic.rule == .rateRange })
        let forged = try #require(VerificationMemo.token(manifestBytes: manifest, verifier: verifier))
        #expect(verifier.verify(manifestBytes: manifest, files: files, remembered: [forged]).isValid)

        let key = try Ed25519PrivateKey.generate()
        let signed = BundleVerifier(signatures: SignaturePolicy(trustedKeys: [key.publicKey], requireSignature: true),
                                    extraChecks: [ExpectedYear(2025)])
        let token = try #require(VerificationMemo.token(manifestBytes: manifest, verifier: signed))
        let result = signed.verify(manifestBytes: manifest, files: files, remembered: [token])
        #expect(result.usedMemo && !result.isValid)
        #expect(result.findings.contains { $0.diagnostic.rule == .signatureMissing })
    }

    @Test("a verifier with other rules makes another token, so a token from an older build never matches")
    func fingerprint() throws {
        let (manifest, _) = split(try bundleFiles())
        let standard = try #require(VerificationMemo.token(manifestBytes: manifest, verifier: BundleVerifier()))
        let fewer = try #require(VerificationMemo.token(manifestBytes: manifest, verifier: BundleVerifier(rules: RuleSet([]))))
        #expect(standard != fewer)
        #expect(standard.hasPrefix("sha256:"))
    }

    @Test("load remembers the cached years that verified; the next launch uses it; bytes changed in the cache are still refused")
    func clientRemembers() async throws {
        let store = MemoryStore()
        store.yearsStored[2026] = try bundleFiles(version: dataVersion(plus: 2))
        let offline = MemoryTransport(); offline.failAll(TransportError(.offline, "plane"))
        let first = await (try provider(offline, store)).load()
        #expect(first.source == .cache)
        let state = try #require(store.state.flatMap { String(data: $0, encoding: .utf8) })
        #expect(state.contains("\"verified\"") && state.contains("sha256:"))

        let second = await (try provider(offline, store)).load()
        #expect(second.source == .cache && second.version == dataVersion(plus: 2))

        let manifest = try CanonicalJSON.decode(Manifest.self, from: store.yearsStored[2026]![BundleLayout.manifestName]!)
        let fica = manifest.files.fica!
        store.yearsStored[2026]![fica] = Data(String(decoding: store.yearsStored[2026]![fica]!, as: UTF8.self).replacingOccurrences(of: "0.062", with: "0.063").utf8)
        let third = await (try provider(offline, store)).load()
        #expect(third.source == .embedded)
        #expect(third.rejections.contains { $0.reason == .bundleChecksum })
    }
}

/// The embedded years are remembered too: a launch after the first hashes them and skips their
/// byte-only checks, as it does the cache's.
@Suite("Remembering the embedded bytes")
struct EmbeddedMemoTests {
    func tokens(_ store: MemoryStore) throws -> [String] {
        let state = try #require(store.state)
        let object = try #require(try JSONSerialization.jsonObject(with: state) as? [String: Any])
        return object["verified"] as? [String] ?? []
    }

    @Test("the first load remembers the embedded year it verified, the requested one (the others are verified when first used); a second launch finds nothing new to write")
    func remembersEmbedded() async throws {
        let store = MemoryStore()
        let offline = MemoryTransport(); offline.failAll(TransportError(.offline, "plane"))
        let first = try provider(offline, store)
        _ = await first.load()
        let remembered = try tokens(store)
        let token = try #require(VerificationMemo.token(manifestBytes: embedded.years[2026]![BundleLayout.manifestName]!,
                                                        verifier: BundleVerifier(extraChecks: [ExpectedYear(2026)])))
        #expect(remembered == [token])
        #expect(await first.embedded.keys.sorted() == [2026], "only the requested year was decoded")
        #expect(await first.availableYears() == embedded.years.keys.sorted())
        #expect(await first.embedded.keys.sorted() == embedded.years.keys.sorted(), "the list of years verifies the others")
        let written = store.state
        store.state = written
        let second = await (try provider(offline, store)).load()
        #expect(second.source == .embedded && second.rejections.isEmpty)
        #expect(store.state == written)
    }

    @Test("a remembered or shipped token is what skips an embedded year's rules (a forged one passes a rule violation); a changed byte is refused all the same")
    func tokenIsUsed() async throws {
        let valid = try bundleFiles(year: 2025)
        let broken = try bundleFiles(year: 2026) { $0.fica.socialSecurity.rate = 2 }
        let bundles = EmbeddedBundles(years: [2025: valid, 2026: broken])
        let offline = MemoryTransport(); offline.failAll(TransportError(.offline, "plane"))
        func open(_ store: MemoryStore) throws -> TaxDataProvider {
            try TaxDataProvider(configuration: .init(baseURL: nil, taxYear: 2026), transport: offline, store: store, embedded: bundles, logger: quietLogger)
        }

        let fresh = MemoryStore()
        let refused = await (try open(fresh)).load()
        #expect(refused.taxYear == 2025 && refused.rejections.contains { $0.source == .embedded && $0.taxYear == 2026 && $0.reason == .ficaMaxTax }, "\(refused.rejections)")
        #expect(try tokens(fresh).count == 1)

        let forged = try #require(VerificationMemo.token(manifestBytes: broken[BundleLayout.manifestName]!,
                                                         verifier: BundleVerifier(extraChecks: [ExpectedYear(2026)])))
        let trusting = MemoryStore()
        trusting.state = Data(#"{"years": {}, "verified": ["\#(forged)"]}"#.utf8)
        let accepted = await (try open(trusting)).load()
        #expect(accepted.taxYear == 2026 && accepted.rejections.isEmpty)

        // The tokens a build ships with the embedded bundles count from the first launch.
        let shipped = try TaxDataProvider(configuration: .init(baseURL: nil, taxYear: 2026), transport: offline, store: MemoryStore(),
                                          embedded: EmbeddedBundles(years: [2025: valid, 2026: broken], verified: [forged]))
        let vouched = await shipped.load()
        #expect(vouched.taxYear == 2026 && vouched.rejections.isEmpty)

        var tampered = broken
        let name = try CanonicalJSON.decode(Manifest.self, from: broken[BundleLayout.manifestName]!).files.federal!
        tampered[name]!.append(contentsOf: Array(" ".utf8))
        let changed = MemoryStore()
        changed.state = trusting.state
        let provider = try TaxDataProvider(configuration: .init(baseURL: nil, taxYear: 2026), transport: offline, store: changed,
                                           embedded: EmbeddedBundles(years: [2025: valid, 2026: tampered], verified: [forged]))
        let status = await provider.load()
        #expect(status.taxYear == 2025 && status.rejections.contains { $0.reason == .bundleSize || $0.reason == .bundleChecksum })
    }

    @Test("a state that does not decode costs only the full checks")
    func unreadableState() async throws {
        let store = MemoryStore()
        store.state = Data("{not json".utf8)
        let offline = MemoryTransport(); offline.failAll(TransportError(.offline, "plane"))
        let status = await (try provider(offline, store)).load()
        #expect(status.source == .embedded)
        #expect(try tokens(store).count == 1, "the requested year's")
    }
}

@Suite("The tokens a build ships")
struct ShippedMemoTests {
    let token = "sha256:" + String(repeating: "ab", count: 32) + "@3ffe49aaa4dc1b87"

    @Test("a memo file round-trips sorted; an unknown key, unsorted tokens or a malformed token are refused")
    func strict() throws {
        let file = VerificationMemo.Shipped(verified: [token, "sha256:" + String(repeating: "01", count: 32) + "@x1"])
        #expect(try VerificationMemo.Shipped.decode(try file.encoded()) == file)
        #expect(file.verified.first?.hasPrefix("sha256:01") == true)
        for bad in [#"{"verified": [], "extra": 1}"#, "{\n  \"verified\" : [\n    \"\(token)\",\n    \"sha256:\(String(repeating: "01", count: 32))@x1\"\n  ]\n}\n",
                    "{\n  \"verified\" : [\n    \"sha256:abc@x\"\n  ]\n}\n", "{\n  \"verified\" : [\n    \"\(token.uppercased())\"\n  ]\n}\n"] {
            #expect(throws: DecodingError.self, "\(bad)") { try VerificationMemo.Shipped.decode(Data(bad.utf8)) }
        }
    }
}
