import Foundation
import Testing

/// Signing and verifying, including interoperability with the `openssl` command line both ways.
@Suite("Signed manifests")
struct SigningTests {
    let base = packageRoot.appendingPathComponent("Fixtures/check/_base").path

    func openssl(_ arguments: String...) throws -> RunResult {
        try run("/usr/bin/env", ["openssl"] + arguments)
    }

    /// A keygen'd pair in `dir`: (private, public).
    func keypair(_ dir: URL, _ name: String) async throws -> (String, String) {
        let k = dir.appendingPathComponent("\(name).key.pem").path, p = dir.appendingPathComponent("\(name).pub.pem").path
        let result = try await taxdata("keygen", "--private", k, "--public", p)
        #expect(result.status == 0, "\(result.stderr)")
        return (k, p)
    }

    /// The raw bytes of the first signature in a `.sig` envelope.
    func rawSignature(_ envelope: URL, index: Int = 0) throws -> Data {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: envelope)) as! [String: Any]
        let entries = json["signatures"] as! [[String: Any]]
        return Data(base64Encoded: entries[index]["signature"] as! String)!
    }

    func writeEnvelope(_ url: URL, entries: [(keyId: String, signature: Data)]) throws {
        let list = entries.map { ["algorithm": "ed25519", "keyId": $0.keyId, "signature": $0.signature.base64EncodedString()] }
        try JSONSerialization.data(withJSONObject: ["signatures": list], options: [.sortedKeys]).write(to: url)
    }

    @Test("keygen: mode 0600, refuses to overwrite, key id is the SHA-256 of the public key DER, never prints the key")
    func keygen() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let k = tmp.appendingPathComponent("k.pem").path, p = tmp.appendingPathComponent("p.pem").path
        let result = try await taxdata("keygen", "--private", k, "--public", p)
        #expect(result.status == 0)
        #expect(!(result.stdout + result.stderr).contains("PRIVATE KEY"))
        let mode = try FileManager.default.attributesOfItem(atPath: k)[.posixPermissions] as! Int
        #expect(mode == 0o600)
        let der = try run("/bin/sh", ["-c", "openssl pkey -pubin -in '\(p)' -outform DER | sha256sum"])
        #expect(result.stdout.contains(String(der.stdout.prefix(64))))
        let privateBytes = try Data(contentsOf: URL(fileURLWithPath: k))
        #expect(try await taxdata("keygen", "--private", k, "--public", tmp.appendingPathComponent("q.pem").path).status == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: k)) == privateBytes)
        #expect(try openssl("pkey", "-in", k, "-noout").status == 0)
    }

    @Test("keygen creates missing directories (0700 above the private key), leaves existing ones' modes alone, and names a parent that is a file")
    func keygenDirectories() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let fm = FileManager.default
        try fm.setAttributes([.posixPermissions: 0o751], ofItemAtPath: tmp.path)
        let k = tmp.appendingPathComponent("secrets/taxdata/k.key.pem").path
        let p = tmp.appendingPathComponent("keys/p.pub.pem").path
        let result = try await taxdata("keygen", "--private", k, "--public", p)
        #expect(result.status == 0, "\(result.stderr)")
        for directory in ["secrets", "secrets/taxdata"] {
            #expect(try fm.attributesOfItem(atPath: tmp.appendingPathComponent(directory).path)[.posixPermissions] as? Int == 0o700, "\(directory)")
        }
        #expect(try fm.attributesOfItem(atPath: tmp.path)[.posixPermissions] as? Int == 0o751)
        #expect(try fm.attributesOfItem(atPath: k)[.posixPermissions] as? Int == 0o600)
        #expect(fm.fileExists(atPath: p))

        // A parent that is a file: the message names it, and nothing is left behind.
        try Data("x".utf8).write(to: tmp.appendingPathComponent("plain"))
        let blocked = try await taxdata("keygen", "--private", tmp.appendingPathComponent("new/k2.key.pem").path,
                                  "--public", tmp.appendingPathComponent("plain/p2.pub.pem").path)
        #expect(blocked.status == 1)
        #expect(blocked.stderr.contains("\(tmp.appendingPathComponent("plain").path) is not a directory"), "\(blocked.stderr)")
        #expect(!fm.fileExists(atPath: tmp.appendingPathComponent("new").path), "the directory made for the private key is removed again")
    }

    @Test("a taxdata signature verifies with openssl pkeyutl, for every manifest and index.json")
    func opensslVerifiesOurs() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let (k, p) = try await keypair(tmp, "ours")
        let dist = tmp.appendingPathComponent("dist")
        let built = try await taxdata("build", base, "--out", dist.path, "--sign-key", k)
        #expect(built.status == 0)
        #expect(!(built.stdout + built.stderr).contains("PRIVATE KEY"))
        for signed in ["2024/manifest.json", "index.json"] {
            let raw = tmp.appendingPathComponent("raw.sig")
            try rawSignature(dist.appendingPathComponent(signed + ".sig")).write(to: raw)
            let result = try openssl("pkeyutl", "-verify", "-pubin", "-inkey", p, "-rawin",
                                     "-in", dist.appendingPathComponent(signed).path, "-sigfile", raw.path)
            #expect(result.status == 0, "\(signed): \(result.stdout)\(result.stderr)")
        }
        #expect(try await taxdata("verify", dist.path, "--key", p, "--require-signature").status == 0)
    }

    @Test("an openssl key and an openssl signature verify in taxdata")
    func oursVerifiesOpenssl() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let k = tmp.appendingPathComponent("ossl.key.pem").path, p = tmp.appendingPathComponent("ossl.pub.pem").path
        #expect(try openssl("genpkey", "-algorithm", "ed25519", "-out", k).status == 0)
        #expect(try openssl("pkey", "-in", k, "-pubout", "-out", p).status == 0)
        // 1. taxdata signs with the openssl-made key.
        let dist = tmp.appendingPathComponent("dist")
        #expect(try await taxdata("build", base, "--out", dist.path, "--sign-key", k).status == 0)
        #expect(try await taxdata("verify", dist.path, "--key", p, "--require-signature").status == 0)
        // 2. openssl signs; taxdata verifies the envelope holding openssl's raw signature.
        let year = dist.appendingPathComponent("2024")
        let sig = tmp.appendingPathComponent("openssl.sig")
        #expect(try openssl("pkeyutl", "-sign", "-inkey", k, "-rawin", "-in", year.appendingPathComponent("manifest.json").path,
                            "-out", sig.path).status == 0)
        let keyId = String(try run("/bin/sh", ["-c", "openssl pkey -pubin -in '\(p)' -outform DER | sha256sum"]).stdout.prefix(64))
        try writeEnvelope(year.appendingPathComponent("manifest.json.sig"), entries: [(keyId, try Data(contentsOf: sig))])
        let result = try await taxdata("verify", year.path, "--key", p, "--require-signature")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test("a tampered manifest, an untrusted key, a truncated signature and an unsigned bundle all fail")
    func failures() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let (k, p) = try await keypair(tmp, "a")
        let (_, other) = try await keypair(tmp, "b")
        let dist = tmp.appendingPathComponent("dist")
        #expect(try await taxdata("build", base, "--out", dist.path, "--sign-key", k).status == 0)
        let year = dist.appendingPathComponent("2024")
        let manifest = year.appendingPathComponent("manifest.json")
        let envelope = year.appendingPathComponent("manifest.json.sig")
        let originalManifest = try Data(contentsOf: manifest), originalEnvelope = try Data(contentsOf: envelope)
        func expectFailure(_ rule: String, key: String = p, require: Bool = false) async throws {
            var arguments = ["verify", year.path, "--key", key, "--format", "json"]
            if require { arguments.append("--require-signature") }
            let result = try await taxdata(arguments)
            #expect(result.status == 1)
            #expect(result.stdout.contains("\"\(rule)\""), "expected \(rule): \(result.stdout)")
        }
        // Tampered manifest (one harmless-looking byte: a space in the JSON indentation).
        var tampered = originalManifest
        tampered.insert(UInt8(ascii: " "), at: tampered.firstIndex(of: UInt8(ascii: "\n"))! + 1)
        try tampered.write(to: manifest)
        try await expectFailure("signature.invalid")
        try originalManifest.write(to: manifest)
        // Signed by a key that is not trusted.
        try await expectFailure("signature.untrusted", key: other)
        // Truncated signature.
        let raw = try rawSignature(envelope)
        let keyId = try (JSONSerialization.jsonObject(with: originalEnvelope) as! [String: Any])["signatures"]
            .flatMap { ($0 as! [[String: Any]])[0]["keyId"] as? String }!
        try writeEnvelope(envelope, entries: [(keyId, raw.prefix(40))])
        try await expectFailure("signature.invalid")
        // Not JSON at all.
        try Data("garbage".utf8).write(to: envelope)
        try await expectFailure("signature.invalid")
        // Unsigned, with --require-signature.
        try FileManager.default.removeItem(at: envelope)
        try await expectFailure("signature.missing", require: true)
        #expect(try await taxdata("verify", year.path, "--key", p).status == 0) // unsigned but not required
        try originalEnvelope.write(to: envelope)
        #expect(try await taxdata("verify", year.path, "--key", p, "--require-signature").status == 0)
    }

    @Test("rotation: trust old and new, sign with both, then retire the old key")
    func rotation() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let (oldKey, oldPub) = try await keypair(tmp, "old")
        let (newKey, newPub) = try await keypair(tmp, "new")
        let signedOld = tmp.appendingPathComponent("old").path
        let signedBoth = tmp.appendingPathComponent("both").path
        let signedNew = tmp.appendingPathComponent("new").path
        #expect(try await taxdata("build", base, "--out", signedOld, "--sign-key", oldKey).status == 0)
        #expect(try await taxdata("build", base, "--out", signedBoth, "--sign-key", oldKey, "--sign-key", newKey).status == 0)
        #expect(try await taxdata("build", base, "--out", signedNew, "--sign-key", newKey).status == 0)
        // Step 1: the app trusts both keys; everything verifies.
        for dist in [signedOld, signedBoth, signedNew] {
            #expect(try await taxdata("verify", dist, "--key", oldPub, "--key", newPub, "--require-signature").status == 0)
        }
        // Step 3: the old key is retired: a bundle signed only by it is rejected.
        let retired = try await taxdata("verify", signedOld, "--key", newPub, "--require-signature")
        #expect(retired.status == 1)
        #expect(retired.stdout.contains("signature.untrusted"))
        #expect(try await taxdata("verify", signedBoth, "--key", newPub, "--require-signature").status == 0)
        #expect(try await taxdata("verify", signedNew, "--key", newPub, "--require-signature").status == 0)
    }

    @Test("malformed PEM and keys of the wrong type are clear errors, never crashes")
    func badKeys() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let rsa = tmp.appendingPathComponent("rsa.pem").path, rsaPub = tmp.appendingPathComponent("rsa.pub.pem").path
        #expect(try openssl("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", rsa).status == 0)
        #expect(try openssl("pkey", "-in", rsa, "-pubout", "-out", rsaPub).status == 0)
        let junk = tmp.appendingPathComponent("junk.pem").path
        try Data("-----BEGIN PRIVATE KEY-----\nnot base64!\n-----END PRIVATE KEY-----\n".utf8).write(to: URL(fileURLWithPath: junk))
        let dist = tmp.appendingPathComponent("dist").path
        for (key, expected) in [(rsa, "not an Ed25519 key"), (junk, "junk.pem"), (tmp.appendingPathComponent("absent.pem").path, "cannot read")] {
            let result = try await taxdata("build", base, "--out", dist, "--sign-key", key)
            #expect(result.status == 1)
            #expect(result.stderr.contains(expected), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dist))
        }
        #expect(try await taxdata("build", base, "--out", dist).status == 0)
        let wrongType = try await taxdata("verify", dist, "--key", rsaPub)
        #expect(wrongType.status == 1)
        #expect(wrongType.stderr.contains("not an Ed25519 key"))
        #expect(try await taxdata("verify", dist, "--require-signature").status == 2)
    }
}
