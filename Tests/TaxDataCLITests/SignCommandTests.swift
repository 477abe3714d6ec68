import Foundation
import Testing
import TaxDataCore

/// `taxdata sign`, `build --sign-key --issued-at/--validity` and `verify`'s index expiry (issue 16, part 5).
@Suite("Signed freshness: build, sign, verify")
struct SignCommandTests {
    let base = packageRoot.appendingPathComponent("Fixtures/check/_base").path

    struct Scratch {
        var root: URL
        var key: String, pub: String, otherKey: String, otherPub: String
        var dist: URL { root.appendingPathComponent("dist") }
    }

    func scratch() async throws -> Scratch {
        let root = try temporaryDirectory()
        var paths: [String] = []
        for name in ["a", "b"] {
            let k = root.appendingPathComponent("\(name).key.pem").path, p = root.appendingPathComponent("\(name).pub.pem").path
            let made = try await taxdata("keygen", "--private", k, "--public", p)
            try #require(made.status == 0, "\(made.stderr)")
            paths += [k, p]
        }
        return Scratch(root: root, key: paths[0], pub: paths[1], otherKey: paths[2], otherPub: paths[3])
    }

    func index(_ dist: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: dist.appendingPathComponent("index.json"))) as! [String: Any]
    }

    @Test("32.25: signing an index that has already expired warns loudly (and one still valid does not)")
    func expiredWarning() async throws {
        let s = try await scratch()
        defer { try? FileManager.default.removeItem(at: s.root) }
        let built = try await taxdata("build", base, "--out", s.dist.path, "--sign-key", s.key, "--issued-at", "2026-02-01")
        try #require(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("EXPIRED"), "a build signing an expired index warns too: \(built.stderr)")
        let old = try await taxdata("sign", s.dist.path, "--sign-key", s.key, "--issued-at", "2026-03-01", "--validity", "7")
        #expect(old.status == 0, "\(old.stderr)")
        #expect(old.stderr.contains("warning: this index.json EXPIRED at 2026-03-08T00:00:00Z"), "\(old.stderr)")
        let fresh = try await taxdata("sign", s.dist.path, "--sign-key", s.key)
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(!fresh.stderr.contains("EXPIRED"), "\(fresh.stderr)")
    }

    @Test("build --sign-key writes issuedAt and expires (--issued-at, else SOURCE_DATE_EPOCH, --validity days); reproducible; an unsigned build has neither")
    func buildWritesValidity() async throws {
        let s = try await scratch()
        defer { try? FileManager.default.removeItem(at: s.root) }
        let built = try await taxdata("build", base, "--out", s.dist.path, "--sign-key", s.key, "--issued-at", "2026-03-01T08:00:00+02:00", "--validity", "7")
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("index.json issued at 2026-03-01T06:00:00Z, expires at 2026-03-08T06:00:00Z (7 days)"), "\(built.stderr)")
        var written = try index(s.dist)
        #expect(written["issuedAt"] as? String == "2026-03-01T06:00:00Z" && written["expires"] as? String == "2026-03-08T06:00:00Z")
        #expect(written["schemaVersion"] as? String == SchemaVersion.current.description)

        // SOURCE_DATE_EPOCH: the same sources and key give the same bytes, signatures included (Ed25519 is deterministic).
        var environment = ProcessInfo.processInfo.environment
        environment["SOURCE_DATE_EPOCH"] = "1772366400" // 2026-03-01T12:00:00Z
        let first = s.root.appendingPathComponent("first"), second = s.root.appendingPathComponent("second")
        for out in [first, second] {
            #expect(try await taxdata(["build", base, "--out", out.path, "--sign-key", s.key], environment: environment).status == 0)
        }
        #expect(try snapshot(first) == snapshot(second))
        written = try index(first)
        #expect(written["issuedAt"] as? String == "2026-03-01T12:00:00Z" && written["expires"] as? String == "2026-03-31T12:00:00Z")

        // Unsigned: no validity, whatever the environment says.
        let plain = s.root.appendingPathComponent("plain")
        #expect(try await taxdata(["build", base, "--out", plain.path], environment: environment).status == 0)
        written = try index(plain)
        #expect(written["issuedAt"] == nil && written["expires"] == nil)
    }

    @Test("usage: --validity and --issued-at need --sign-key; a bad --validity, --issued-at or SOURCE_DATE_EPOCH is refused, and nothing is written")
    func usage() async throws {
        let s = try await scratch()
        defer { try? FileManager.default.removeItem(at: s.root) }
        for arguments in [["--validity", "7"], ["--issued-at", "2026-03-01"],
                          ["--sign-key", s.key, "--validity", "0"], ["--sign-key", s.key, "--issued-at", "yesterday"]] {
            let result = try await taxdata(["build", base, "--out", s.dist.path] + arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("Usage: taxdata build"), "\(arguments)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["SOURCE_DATE_EPOCH"] = "last tuesday"
        let epoch = try await taxdata(["build", base, "--out", s.dist.path, "--sign-key", s.key], environment: environment)
        #expect(epoch.status == 1 && epoch.stderr.contains("SOURCE_DATE_EPOCH"), "\(epoch.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.dist.path))
        #expect(try await taxdata("sign", s.root.path, "--sign-key", s.key).status == 2, "not a dist")
        #expect(try await taxdata("sign", s.dist.path).status == 2, "no key")
    }

    @Test("sign: a new issuedAt and expires and signature for index.json, every other byte as it was; verify passes")
    func resign() async throws {
        let s = try await scratch()
        defer { try? FileManager.default.removeItem(at: s.root) }
        #expect(try await taxdata("build", base, "--out", s.dist.path, "--sign-key", s.key, "--issued-at", "2026-03-01T00:00:00Z").status == 0)
        let before = try snapshot(s.dist)
        let signed = try await taxdata("sign", s.dist.path, "--sign-key", s.key, "--issued-at", "2026-03-25T00:00:00Z", "--validity", "14")
        #expect(signed.status == 0, "\(signed.stdout)\(signed.stderr)")
        let keyID = try self.keyID(s.pub)
        #expect(signed.stderr.contains("signed index.json with key \(keyID) (\(s.key))"), "\(signed.stderr)")
        #expect(signed.stderr.contains("index.json issued at 2026-03-25T00:00:00Z, expires at 2026-04-08T00:00:00Z (14 days)"))
        let after = try snapshot(s.dist)
        #expect(Set(after.keys) == Set(before.keys), "no file added or left behind: \(Set(after.keys).symmetricDifference(before.keys))")
        let changed = after.keys.filter { after[$0] != before[$0] }.sorted()
        #expect(changed == ["index.json", "index.json.sig"])
        // Only the two fields differ.
        var old = try JSONSerialization.jsonObject(with: before["index.json"]!) as! [String: Any]
        var new = try JSONSerialization.jsonObject(with: after["index.json"]!) as! [String: Any]
        #expect(new["issuedAt"] as? String == "2026-03-25T00:00:00Z" && new["expires"] as? String == "2026-04-08T00:00:00Z")
        for key in ["issuedAt", "expires"] { old[key] = nil; new[key] = nil }
        #expect(NSDictionary(dictionary: old).isEqual(to: new))
        let verified = try await taxdata("verify", s.dist.path, "--key", s.pub, "--require-signature", "--now", "2026-04-07T23:59:59Z")
        #expect(verified.status == 0 && !verified.stdout.contains("index.expired"), "\(verified.stdout)\(verified.stderr)")
    }

    func keyID(_ pub: String) throws -> String {
        String(try run("/bin/sh", ["-c", "openssl pkey -pubin -in '\(pub)' -outform DER | sha256sum"]).stdout.prefix(64))
    }

    @Test("sign --manifests: rotate to a new key, or sign an unsigned dist; the manifests' bytes never change")
    func manifests() async throws {
        let s = try await scratch()
        defer { try? FileManager.default.removeItem(at: s.root) }
        #expect(try await taxdata("build", base, "--out", s.dist.path, "--sign-key", s.key, "--issued-at", "2026-03-01").status == 0)
        let before = try snapshot(s.dist)
        // Without --manifests, a key that did not sign the manifests is refused, with the way out.
        let refused = try await taxdata("sign", s.dist.path, "--sign-key", s.otherKey, "--issued-at", "2026-03-02")
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("[signature.untrusted]") && refused.stderr.contains("--manifests"), "\(refused.stdout)\(refused.stderr)")
        #expect(try snapshot(s.dist) == before)
        let rotated = try await taxdata("sign", s.dist.path, "--sign-key", s.otherKey, "--manifests", "--issued-at", "2026-03-02")
        #expect(rotated.status == 0, "\(rotated.stdout)\(rotated.stderr)")
        #expect(rotated.stderr.contains("signed the manifests and index.json with key \(try keyID(s.otherPub))"), "\(rotated.stderr)")
        let after = try snapshot(s.dist)
        #expect(after.keys.filter { after[$0] != before[$0] }.sorted() == ["2024/app/manifest.json.sig", "2024/manifest.json.sig", "2024/vectors/manifest.json.sig", "index.json", "index.json.sig"])
        #expect(try await taxdata("verify", s.dist.path, "--key", s.otherPub, "--require-signature").status == 0)
        #expect(try await taxdata("verify", s.dist.path, "--key", s.pub, "--require-signature").status == 1, "the old key signs nothing any more")

        // An unsigned dist: --manifests signs it all.
        let plain = s.root.appendingPathComponent("plain")
        #expect(try await taxdata("build", base, "--out", plain.path).status == 0)
        let plainBefore = try snapshot(plain)
        #expect(try await taxdata("sign", plain.path, "--sign-key", s.key).status == 1)
        #expect(try await taxdata("sign", plain.path, "--sign-key", s.key, "--manifests").status == 0)
        let plainAfter = try snapshot(plain)
        #expect(Set(plainAfter.keys).subtracting(plainBefore.keys) == ["index.json.sig", "2024/manifest.json.sig", "2024/app/manifest.json.sig", "2024/vectors/manifest.json.sig"])
        #expect(plainBefore.allSatisfy { $0.key == "index.json" || plainAfter[$0.key] == $0.value })
        #expect(try await taxdata("verify", plain.path, "--key", s.pub, "--require-signature").status == 0)
    }

    @Test("sign refuses a dist that does not verify, an index issued earlier than the dist's (index.replay) and a year directory; nothing changes")
    func refusals() async throws {
        let s = try await scratch()
        defer { try? FileManager.default.removeItem(at: s.root) }
        #expect(try await taxdata("build", base, "--out", s.dist.path, "--sign-key", s.key, "--issued-at", "2026-03-10T00:00:00Z").status == 0)
        let pristine = try snapshot(s.dist)

        let replay = try await taxdata("sign", s.dist.path, "--sign-key", s.key, "--issued-at", "2026-03-09T23:59:59Z")
        #expect(replay.status == 1)
        #expect(replay.stdout.contains("index.json: error: [index.replay]"), "\(replay.stdout)")
        #expect(replay.stderr.contains("sign refused: 1 error(s)"), "\(replay.stderr)")
        #expect(try snapshot(s.dist) == pristine)

        let year = try await taxdata("sign", s.dist.appendingPathComponent("2024").path, "--sign-key", s.key)
        #expect(year.status == 2 && year.stderr.contains("one year of a dist"), "\(year.stderr)")

        // A tampered file: refused even with --manifests, which would otherwise sign anything.
        let federal = s.dist.appendingPathComponent("2024/federal_2024.json")
        var bytes = try Data(contentsOf: federal); bytes[bytes.count / 2] ^= 1
        try bytes.write(to: federal)
        let tampered = try snapshot(s.dist)
        let broken = try await taxdata("sign", s.dist.path, "--sign-key", s.key, "--manifests")
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("[bundle.checksum]"), "\(broken.stdout)")
        #expect(try snapshot(s.dist) == tampered)
    }

    @Test("verify: an expired index is a warning (an error with --strict-expiry), checked against --now or the present; index.validity is an error")
    func verifyExpiry() async throws {
        let s = try await scratch()
        defer { try? FileManager.default.removeItem(at: s.root) }
        #expect(try await taxdata("build", base, "--out", s.dist.path, "--sign-key", s.key, "--issued-at", "2020-01-01T00:00:00Z").status == 0)
        let old = try await taxdata("verify", s.dist.path, "--key", s.pub)
        #expect(old.status == 0, "CI of an old dist still passes: \(old.stdout)\(old.stderr)")
        #expect(old.stdout.contains("index.json: warning: [index.expired] index.json expired at 2020-01-31T00:00:00Z"), "\(old.stdout)")
        let strict = try await taxdata("verify", s.dist.path, "--key", s.pub, "--now", "2020-02-01", "--strict-expiry")
        #expect(strict.status == 1 && strict.stdout.contains("error: [index.expired]"), "\(strict.stdout)")
        let inTime = try await taxdata("verify", s.dist.path, "--key", s.pub, "--now", "2020-01-30T23:59:59Z", "--strict-expiry")
        #expect(!inTime.stdout.contains("index.expired"), "\(inTime.stdout)")
        #expect(try await taxdata("verify", s.dist.path, "--now", "2020-01-30T25:00:00Z").status == 2)

        // Re-signed: fresh again.
        #expect(try await taxdata("sign", s.dist.path, "--sign-key", s.key).status == 0)
        let resigned = try await taxdata("verify", s.dist.path, "--key", s.pub)
        #expect(resigned.status == 0 && !resigned.stdout.contains("index.expired"), "\(resigned.stdout)")

        // expires before issuedAt, by hand (unsigned, so only the validity is wrong).
        let indexURL = s.dist.appendingPathComponent("index.json")
        var object = try index(s.dist)
        object["expires"] = "2019-01-01T00:00:00Z"
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: indexURL)
        try FileManager.default.removeItem(at: s.dist.appendingPathComponent("index.json.sig"))
        let inverted = try await taxdata("verify", s.dist.path, "--format", "json")
        #expect(inverted.status == 1 && inverted.stdout.contains("\"index.validity\""), "\(inverted.stdout)")
    }

    @Test("build --previous refuses a signed index issued before the published one (index.replay)")
    func previousReplay() async throws {
        let s = try await scratch()
        defer { try? FileManager.default.removeItem(at: s.root) }
        let published = s.root.appendingPathComponent("published")
        #expect(try await taxdata("build", base, "--out", published.path, "--sign-key", s.key, "--issued-at", "2026-03-10").status == 0)
        let earlier = try await taxdata("build", base, "--out", s.dist.path, "--previous", published.path, "--sign-key", s.key, "--issued-at", "2026-03-01")
        #expect(earlier.status == 1 && earlier.stdout.contains("[index.replay]"), "\(earlier.stdout)\(earlier.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.dist.path))
        #expect(try await taxdata("build", base, "--out", s.dist.path, "--previous", published.path, "--sign-key", s.key, "--issued-at", "2026-03-11").status == 0)
    }
}
