import Foundation
import Testing
import TaxDataClient
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
        let fica = manifest.files.fica
        store.yearsStored[2026]![fica] = Data(String(decoding: store.yearsStored[2026]![fica]!, as: UTF8.self).replacingOccurrences(of: "0.062", with: "0.063").utf8)
        let third = await (try provider(offline, store)).load()
        #expect(third.source == .embedded)
        #expect(third.rejections.contains { $0.reason == .bundleChecksum })
    }
}
