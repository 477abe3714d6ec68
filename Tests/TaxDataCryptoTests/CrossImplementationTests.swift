import Crypto
import Foundation
import TaxDataCore
import TaxDataTestSupport
import Testing
@testable import TaxDataCrypto

/// The client verifies with swift-crypto (`PortableCrypto`), the toolchain hashes, signs and
/// verifies with OpenSSL (`OpenSSLCrypto`, `Ed25519PrivateKey`). These tests hold the two to each
/// other: every hash equal, everything one side signs the other verifies, and every signature one
/// side refuses the other refuses too.
@Suite("OpenSSL and swift-crypto agree")
struct CrossImplementationTests {
    let openSSL = OpenSSLCrypto()
    let portable = PortableCrypto()

    @Test("SHA-256 is equal for empty, one byte, block boundaries, 1 MiB and every file of a built dist")
    func sha256() throws {
        var inputs: [Data] = [Data(), Data([0]), Data([0xff])]
        inputs += [55, 56, 63, 64, 65].map { Data(repeating: 0x61, count: $0) }
        var generator = SplitMix64(seed: 16)
        inputs.append(Data((0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        inputs += try BundleBuilder.buildDist(compiledYears).map(\.contents)
        for input in inputs {
            let viaOpenSSL = try openSSL.sha256(input)
            #expect(viaOpenSSL.count == 32)
            #expect(viaOpenSSL == portable.sha256(input), "\(input.count) bytes")
            #expect(try TaxDataCrypto.SHA256.hash(input) == Array(Crypto.SHA256.hash(data: input)))
        }
        #expect(try openSSL.sha256Hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("a dist built through either implementation is the same, byte for byte")
    func sameDist() throws {
        let viaOpenSSL = try BundleBuilder.buildDist(compiledYears, crypto: openSSL)
        let viaPortable = try BundleBuilder.buildDist(compiledYears, crypto: portable)
        #expect(viaOpenSSL.count == viaPortable.count)
        #expect(viaOpenSSL == viaPortable)
    }

    @Test("a dist signed through OpenSSL verifies through swift-crypto, and one signed through swift-crypto through OpenSSL")
    func signedDists() throws {
        let openSSLKey = try Ed25519PrivateKey.generate()
        let swiftKey = try SwiftCryptoSigner()
        let cases: [(signer: any Ed25519Signer, build: any BundleCrypto)] = [(openSSLKey, openSSL), (swiftKey, portable)]
        for (signer, build) in cases {
            let dist = try BundleBuilder.buildDist(compiledYears, signingKeys: [signer], crypto: build)
            #expect(dist.contains { $0.path.hasSuffix(BundleLayout.signatureName) })
            for verify in [openSSL, portable] as [any BundleCrypto] {
                #expect(verifier(trusting: [signer.publicKey], crypto: verify).verify(contents(dist)).isEmpty,
                        "signed by \(type(of: signer)), checksummed by \(type(of: build)), verified by \(type(of: verify))")
            }
        }
    }

    @Test("a tampered or wrongly signed dist is refused by both, with the same rule ids")
    func tamperedDists() throws {
        let openSSLKey = try Ed25519PrivateKey.generate()
        let swiftKey = try SwiftCryptoSigner()
        let stranger = try SwiftCryptoSigner()
        let year = compiledYears.map(\.meta.taxYear).max()!
        for signer in [openSSLKey, swiftKey] as [any Ed25519Signer] {
            let dist = try BundleBuilder.buildDist(compiledYears, signingKeys: [signer])
            let signature = "\(year)/\(BundleLayout.signatureName)", federal = "\(year)/federal_\(year).json"
            var variants: [(String, [OutputFile], [Ed25519PublicKey])] = [
                ("a flipped byte in a document", flip(dist, federal, at: 100), [signer.publicKey]),
                ("a flipped byte in the index", flip(dist, BundleLayout.indexName, at: 20), [signer.publicKey]),
                ("another key trusted", dist, [stranger.publicKey]),
                ("signed by a stranger under the signer's key id", try resigned(dist, signature, by: stranger, claiming: signer.publicKey), [signer.publicKey]),
            ]
            for position in [0, 31, 32, 63] {
                variants.append(("signature byte \(position) flipped", try tamperSignature(dist, signature) { $0[position] ^= 0x01 }, [signer.publicKey]))
            }
            for (what, files, trusted) in variants {
                let viaOpenSSL = verifier(trusting: trusted, crypto: openSSL).verify(contents(files)).map(\.diagnostic.rule)
                let viaPortable = verifier(trusting: trusted, crypto: portable).verify(contents(files)).map(\.diagnostic.rule)
                #expect(!viaOpenSSL.isEmpty, "\(what): OpenSSL accepted it")
                #expect(viaOpenSSL == viaPortable, "\(what)")
            }
        }
    }

    @Test("every signature one side refuses the other refuses too; only the genuine one passes")
    func signatureVerdicts() throws {
        let message = Data("manifest bytes".utf8)
        let openSSLKey = try Ed25519PrivateKey.generate()
        let swiftKey = try SwiftCryptoSigner()
        for (signer, other) in [(openSSLKey, swiftKey), (swiftKey, openSSLKey)] as [(any Ed25519Signer, any Ed25519Signer)] {
            let genuine = try signer.signature(for: message)
            var candidates: [(String, Data, Data, Ed25519PublicKey, Bool)] = [
                ("genuine", genuine, message, signer.publicKey, true),
                ("another message", genuine, Data("manifest bytes!".utf8), signer.publicKey, false),
                ("empty message", genuine, Data(), signer.publicKey, false),
                ("the wrong key", genuine, message, other.publicKey, false),
                ("the other key's signature", try other.signature(for: message), message, signer.publicKey, false),
                ("non-canonical S (S + L)", addingGroupOrder(genuine), message, signer.publicKey, false),
                ("all zero", Data(count: 64), message, signer.publicKey, false),
                ("all 0xff", Data(repeating: 0xff, count: 64), message, signer.publicKey, false),
            ]
            for length in [0, 1, 32, 63, 65, 128] {
                let resized = length <= 64 ? genuine.prefix(length) : genuine + Data(count: length - 64)
                candidates.append(("\(length) bytes", Data(resized), message, signer.publicKey, false))
            }
            for position in 0..<64 {
                for bit in [UInt8(0x01), 0x80] {
                    var tampered = genuine
                    tampered[position] ^= bit
                    candidates.append(("byte \(position) ^ \(bit)", tampered, message, signer.publicKey, false))
                }
            }
            var generator = SplitMix64(seed: 1616)
            for index in 0..<32 {
                candidates.append(("garbage \(index)", Data((0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) }),
                                   message, signer.publicKey, false))
            }
            for (what, signature, signed, key, valid) in candidates {
                let viaOpenSSL = try openSSL.isValidEd25519Signature(signature, for: signed, by: key)
                let viaPortable = portable.isValidEd25519Signature(signature, for: signed, by: key)
                #expect(viaOpenSSL == valid, "OpenSSL, \(what)")
                #expect(viaPortable == valid, "swift-crypto, \(what)")
            }
        }
        #expect(!TaxDataCrypto.CryptoError.hasPendingOpenSSLErrors)
    }

    @Test("small-order public keys (the identity, canonical and not): the client is never more lenient than the toolchain")
    func smallOrderKeys() throws {
        // Ed25519 without a small-order check accepts R = identity, S = 0 for the identity key and any
        // message. Both implementations here do (a pinned key is never such a point, so it does not
        // weaken the trust rule); what must hold is that swift-crypto accepts nothing OpenSSL refuses.
        var identity = Data(count: 32)
        identity[0] = 1
        var nonCanonical = Data(repeating: 0xff, count: 32) // y = p + 1: the identity, encoded non-canonically
        nonCanonical[0] = 0xee
        nonCanonical[31] = 0x7f
        var trivial = Data(count: 64)
        trivial[0] = 1
        for raw in [identity, nonCanonical] {
            let key = try Ed25519PublicKey(rawRepresentation: raw)
            for message in [Data(), Data("manifest bytes".utf8)] {
                let viaOpenSSL = try openSSL.isValidEd25519Signature(trivial, for: message, by: key)
                let viaPortable = portable.isValidEd25519Signature(trivial, for: message, by: key)
                #expect(!viaPortable || viaOpenSSL)
                #if !canImport(CryptoKit)
                #expect(viaPortable == viaOpenSSL)
                #endif
            }
        }
    }

    @Test("RFC 8032 section 7.1 vectors: both sign to the published signature and verify it", arguments: RFC8032Vector.all)
    func rfc8032(vector: RFC8032Vector) throws {
        let openSSLKey = try Ed25519PrivateKey(seed: vector.seed)
        let swiftKey = try SwiftCryptoSigner(Curve25519.Signing.PrivateKey(rawRepresentation: vector.seed))
        #expect(openSSLKey.publicKey.rawRepresentation == vector.publicKey)
        #expect(swiftKey.publicKey == openSSLKey.publicKey)
        #expect(try openSSLKey.signature(for: vector.message) == vector.signature)
        #if !canImport(CryptoKit) // CryptoKit randomizes Ed25519 signatures; BoringSSL signs as RFC 8032 does
        #expect(try swiftKey.signature(for: vector.message) == vector.signature)
        #endif
        let key = try Ed25519PublicKey(rawRepresentation: vector.publicKey)
        #expect(try openSSL.isValidEd25519Signature(vector.signature, for: vector.message, by: key))
        #expect(portable.isValidEd25519Signature(vector.signature, for: vector.message, by: key))
    }

    @Test("a public key reads the same through either PEM reader, with the same DER, PEM and key id")
    func publicKeys() throws {
        for _ in 0..<4 {
            let key = try Ed25519PrivateKey.generate()
            let pem = try key.publicKeyPEM()
            let viaOpenSSL = try OpenSSLCrypto.publicKey(pem: pem)
            let viaPortable = try Ed25519PublicKey(pem: pem)
            #expect(viaOpenSSL == viaPortable)
            #expect(viaPortable == key.publicKey)
            #expect(viaPortable.pem() == pem)
            #expect(viaPortable.spkiDER == (try key.publicKeyDER()))
            #expect(viaPortable.keyID == (try TaxDataCrypto.SHA256.hexDigest(try key.publicKeyDER())))
            #expect(try Ed25519PublicKey(rawRepresentation: viaPortable.rawRepresentation, crypto: openSSL) == viaPortable)
            let commented = Data("a comment before the block\n".utf8) + pem
            #expect(try OpenSSLCrypto.publicKey(pem: commented) == (try Ed25519PublicKey(pem: commented)))
        }
    }

    @Test("both PEM readers refuse the same files", arguments: BadPublicKey.all)
    func badPublicKeys(bad: BadPublicKey) throws {
        #expect(throws: TaxDataCrypto.CryptoError.self, "OpenSSL") { try OpenSSLCrypto.publicKey(pem: bad.pem, source: "k.pem") }
        #expect(throws: PublicKeyError.self, "swift-crypto side") { try Ed25519PublicKey(pem: bad.pem, source: "k.pem") }
        do { _ = try Ed25519PublicKey(pem: bad.pem, source: "k.pem") } catch {
            #expect("\(error)".contains("k.pem"))
            #expect("\(error)".contains(bad.reason), "\(error)")
        }
        #expect(!TaxDataCrypto.CryptoError.hasPendingOpenSSLErrors)
    }

    // MARK: helpers

    func verifier(trusting keys: [Ed25519PublicKey], crypto: any BundleCrypto) -> DistVerifier {
        DistVerifier(bundleVerifier: BundleVerifier(signatures: SignaturePolicy(trustedKeys: keys, requireSignature: true), crypto: crypto))
    }

    func contents(_ files: [OutputFile]) -> DistVerifier.Contents { DistVerifier.Contents(files: files) }

    func flip(_ files: [OutputFile], _ path: String, at offset: Int) -> [OutputFile] {
        files.map { file in
            guard file.path == path else { return file }
            var bytes = file.contents
            bytes[offset] ^= 0x20
            return OutputFile(path: path, contents: bytes)
        }
    }

    func tamperSignature(_ files: [OutputFile], _ path: String, _ change: (inout Data) -> Void) throws -> [OutputFile] {
        try files.map { file in
            guard file.path == path else { return file }
            var envelope = try JSONDecoder().decode(SignatureEnvelope.self, from: file.contents)
            var raw = Data(base64Encoded: envelope.signatures[0].signature)!
            change(&raw)
            envelope.signatures[0].signature = raw.base64EncodedString()
            return OutputFile(path: path, contents: try CanonicalJSON.encode(envelope))
        }
    }

    func resigned(_ files: [OutputFile], _ path: String, by forger: any Ed25519Signer, claiming key: Ed25519PublicKey) throws -> [OutputFile] {
        let manifest = files.first { $0.path == path.replacingOccurrences(of: ".sig", with: "") }!.contents
        let forged = try forger.signature(for: manifest)
        return try tamperSignature(files, path) { $0 = forged }
    }

    /// `signature` with its S half (little-endian) increased by the group order L: the same
    /// scalar modulo L, but a non-canonical encoding RFC 8032 requires verifiers to refuse.
    func addingGroupOrder(_ signature: Data) -> Data {
        let order: [UInt8] = [0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
                              0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10]
        var bytes = [UInt8](signature)
        var carry = 0
        for index in 0..<32 {
            let sum = Int(bytes[32 + index]) + Int(order[index]) + carry
            bytes[32 + index] = UInt8(sum & 0xff)
            carry = sum >> 8
        }
        return Data(bytes)
    }
}

/// An `Ed25519Signer` over swift-crypto's private key: the other implementation's signing.
struct SwiftCryptoSigner: Ed25519Signer {
    let key: Curve25519.Signing.PrivateKey
    let publicKey: Ed25519PublicKey

    init(_ key: Curve25519.Signing.PrivateKey = Curve25519.Signing.PrivateKey()) throws {
        self.key = key
        self.publicKey = try Ed25519PublicKey(rawRepresentation: key.publicKey.rawRepresentation)
    }

    func signature(for message: Data) throws -> Data { try key.signature(for: message) }
}

struct RFC8032Vector: Sendable, CustomTestStringConvertible {
    var name: String
    var seed: Data
    var publicKey: Data
    var message: Data
    var signature: Data
    var testDescription: String { name }

    init(_ name: String, _ seed: String, _ publicKey: String, _ message: String, _ signature: String) {
        self.name = name
        self.seed = Data(Hex.decode(seed)!)
        self.publicKey = Data(Hex.decode(publicKey)!)
        self.message = Data(Hex.decode(message)!)
        self.signature = Data(Hex.decode(signature)!)
    }

    static let all: [RFC8032Vector] = [
        .init("TEST 1 (empty message)",
              "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
              "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
              "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
        .init("TEST 2 (one byte)",
              "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
              "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
              "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
    ]
}

struct BadPublicKey: Sendable, CustomTestStringConvertible {
    var name: String
    var pem: Data
    /// What the portable reader's message says.
    var reason: String
    var testDescription: String { name }

    static func block(_ base64: String, label: String = "PUBLIC KEY") -> Data {
        Data("-----BEGIN \(label)-----\n\(base64)\n-----END \(label)-----\n".utf8)
    }

    static let ed25519 = "MCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo="

    static let all: [BadPublicKey] = [
        .init(name: "empty", pem: Data(), reason: "not a PEM public key"),
        .init(name: "text", pem: Data("hello".utf8), reason: "not a PEM public key"),
        .init(name: "a private key block", pem: block(ed25519, label: "PRIVATE KEY"), reason: "not a PEM public key"),
        .init(name: "no END line", pem: Data("-----BEGIN PUBLIC KEY-----\n\(ed25519)\n".utf8), reason: "not a PEM public key"),
        .init(name: "empty body", pem: block(""), reason: "not a PEM public key"),
        .init(name: "not base64", pem: block("MCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHUR!="), reason: "not a PEM public key"),
        .init(name: "truncated", pem: block(String(ed25519.prefix(40))), reason: "not"),
        .init(name: "X25519 (same length, other OID)", pem: block("MCowBQYDK2VuAyEA9e5/zEvDbqj+2UrR/X2lnNtpJh0SY6X7C2JNg5RWICk="), reason: "not an Ed25519 key"),
        .init(name: "Ed448", pem: block("MEMwBQYDK2VxAzoAynKzcvhfZcr76svb4w0Tb9N3AAVX8iwD3CrqVU058oKcYcIZ\nyt2At1v4OYbuTjek4Kkd/6u6Fh4A"), reason: "not an Ed25519 key"),
        .init(name: "P-256", pem: block("MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEhRd1myMu5HPtjd8qSWME+ExUOlmg\nzsptRFa+ex7Acar8Klt4CvfPy7aUbRZJItAU74CDuw91ZMie5Fx3VXz/cw=="), reason: "not an Ed25519 key"),
    ]
}
