import Foundation
import TaxDataCore
import Testing

@Suite("taxdata build and verify, end to end")
struct BuildAndVerifyTests {
    let sources = packageRoot.appendingPathComponent("TaxData").path

    @Test("two builds in different directories, time zones and locales give identical bytes")
    func deterministic() throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "Pacific/Kiritimati"; env["LANG"] = "de_DE.UTF-8"; env["LC_ALL"] = "de_DE.UTF-8"
        let a = try run(taxdataBinary, ["build", sources, "--out", tmp.appendingPathComponent("a/dist").path], environment: env)
        env["TZ"] = "America/Adak"; env["LANG"] = "C"; env["LC_ALL"] = "C"
        let b = try run(taxdataBinary, ["build", sources, "--out", tmp.appendingPathComponent("elsewhere/b/out").path], environment: env)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        let left = try snapshot(tmp.appendingPathComponent("a/dist"))
        let right = try snapshot(tmp.appendingPathComponent("elsewhere/b/out"))
        #expect(!left.isEmpty)
        #expect(left == right)
    }

    @Test("sha256sum agrees with every checksum in every manifest, and verify passes")
    func checksumsAgreeWithSha256sum() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dist = tmp.appendingPathComponent("dist")
        #expect(try await taxdata("build", sources, "--out", dist.path).status == 0)
        let years = try FileManager.default.contentsOfDirectory(atPath: dist.path).filter { $0.allSatisfy(\.isNumber) }.sorted()
        #expect(years == ["2024", "2025", "2026"])
        var compared = 0
        for year in years {
            let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: dist.appendingPathComponent("\(year)/manifest.json"))) as! [String: Any]
            let checksums = manifest["checksums"] as! [String: String]
            #expect(checksums.count == 5)
            for (name, checksum) in checksums {
                let out = try run("/usr/bin/env", ["sha256sum", dist.appendingPathComponent("\(year)/\(name)").path])
                #expect(out.status == 0)
                #expect("sha256:" + String(out.stdout.prefix(64)) == checksum, "\(year)/\(name)")
                compared += 1
            }
        }
        #expect(compared == 15)
        let verified = try await taxdata("verify", dist.path)
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        // The README's two --now lines: a year later the three past years stay valid; strictly, the ones whose
        // expiration date (the last day of their tax year) is past fail.
        let later = try await taxdata("verify", dist.path, "--now", "2027-01-15", "--format", "json")
        #expect(later.status == 0, "\(later.stdout)\(later.stderr)")
        let strict = try await taxdata("verify", dist.path, "--now", "2027-01-15", "--strict-expiry")
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("[bundle.expired] data for 2026 expired on 2026-12-31"), "\(strict.stdout)")
    }

    @Test("flipping one byte in any dist file, or adding a stray file, makes verify exit 1")
    func tamperEveryFile() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dist = tmp.appendingPathComponent("dist")
        #expect(try await taxdata("build", sources, "--out", dist.path).status == 0)
        let files = try snapshot(dist)
        let local = files.keys.filter { $0.contains("/local/") }.count
        #expect(local >= 3 * 2, "each year's local form: its manifest and a document per state with localities")
        #expect(files.count == 34 + local, "index, and per year the five documents and manifest, the app form's two and manifest, the vectors and their manifest, and the local form")
        for (name, original) in files.sorted(by: { $0.key < $1.key }) {
            var bytes = original
            bytes[bytes.count / 3] ^= 0x20
            try bytes.write(to: dist.appendingPathComponent(name))
            // A year's file is proven by verifying its year alone (a third of the work); the index by the whole dist.
            let year = name.split(separator: "/").first.map(String.init).flatMap { Int($0) != nil && name.contains("/") ? $0 : nil }
            let result = try await taxdata("verify", year.map { dist.appendingPathComponent($0).path } ?? dist.path)
            #expect(result.status == 1, "flipped \(name) but verify said: \(result.stderr)")
            try original.write(to: dist.appendingPathComponent(name))
        }
        #expect(try await taxdata("verify", dist.path).status == 0)
        for stray in ["stray.txt", "2025/stray.json", "2025/app/stray.json"] {
            try Data("x".utf8).write(to: dist.appendingPathComponent(stray))
            let result = try await taxdata("verify", dist.path)
            #expect(result.status == 1)
            #expect(result.stdout.contains("bundle.unlisted-file"))
            try FileManager.default.removeItem(at: dist.appendingPathComponent(stray))
        }
    }

    @Test("the tampered bundles in Fixtures/verify fail with their expected rule", arguments: [
        "dotdot-name", "flip-byte", "garbage-manifest", "missing-file", "rehashed-combined-mismatch",
        "rehashed-invalid-bracket", "size-lies", "stray-file",
        // Hardening finding 16 (parser differentials) and 6 (a year's manifest may list only its documents).
        "duplicate-key", "unknown-field", "excess-precision", "extra-listed-file",
    ])
    func verifyFixture(name: String) async throws {
        let directory = packageRoot.appendingPathComponent("Fixtures/verify/\(name)")
        let expected = try String(contentsOf: directory.appendingPathComponent("expected.txt"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let result = try await taxdata("verify", directory.appendingPathComponent("2024").path, "--format", "json")
        #expect(result.status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let found = (report["diagnostics"] as! [[String: Any]]).map { ($0["rule"] as! String, ($0["file"] as! String)) }
        for pair in expected {
            #expect(found.contains { $0.0 == pair[0] && $0.1.hasSuffix("/" + pair[1]) }, "\(pair) not in \(found)")
        }
    }

    @Test("the untampered fixture bundle verifies")
    func verifyValidFixture() async throws {
        #expect(try await taxdata("verify", packageRoot.appendingPathComponent("Fixtures/verify/_valid").path).status == 0)
    }

    @Test("a failed build leaves an existing dist exactly as it was")
    func failedBuildLeavesDist() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dist = tmp.appendingPathComponent("dist")
        #expect(try await taxdata("build", sources, "--out", dist.path).status == 0)
        let before = try snapshot(dist)
        let broken = try CheckFixture.materialize("brackets.contiguous", in: tmp.appendingPathComponent("fixtures")).path
        let result = try await taxdata("build", broken, "--out", dist.path)
        #expect(result.status == 1)
        #expect(result.stdout.contains("[brackets.contiguous]"))
        #expect(try snapshot(dist) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: tmp.path).sorted()
        #expect(leftovers == ["dist", "fixtures"])
    }

    @Test("--now: a past tax year stays valid after its expiration date; --strict-expiry fails it")
    func expired() async throws {
        let bundle = packageRoot.appendingPathComponent("Fixtures/verify/_valid").path
        #expect(try await taxdata("verify", bundle, "--now", "2024-06-30").status == 0)
        // The 2024 bundle expires on 2024-12-31: in 2025 it is a past year's data, still right for 2024.
        #expect(try await taxdata("verify", bundle, "--now", "2025-01-01").status == 0)
        let strict = try await taxdata("verify", bundle, "--now", "2025-01-01", "--strict-expiry")
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("bundle.expired"))
        #expect(try await taxdata("verify", bundle, "--strict-expiry").status == 2)
    }

    @Test("the expiry policy: expired within its own tax year, or at once when strict")
    func expiryPolicy() {
        let expiration = ISODate("2026-06-30")!
        #expect(ExpiryPolicy.pastYearsStayValid.isExpired(expiration: expiration, taxYear: 2026, today: ISODate("2026-07-01")!))
        #expect(!ExpiryPolicy.pastYearsStayValid.isExpired(expiration: expiration, taxYear: 2026, today: ISODate("2026-06-30")!))
        #expect(!ExpiryPolicy.pastYearsStayValid.isExpired(expiration: expiration, taxYear: 2026, today: ISODate("2027-01-15")!))
        #expect(ExpiryPolicy.strict.isExpired(expiration: expiration, taxYear: 2026, today: ISODate("2027-01-15")!))
    }
}

@Suite("taxdata verify --memo")
struct VerifyMemoTests {
    @Test("a valid dist: one token per form of each year, the client's own; a foreign file or one inside the dist is refused and left as it was; an invalid dist writes nothing")
    func memo() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dist = tmp.appendingPathComponent("dist")
        #expect(try await taxdata("build", packageRoot.appendingPathComponent("TaxData").path, "--out", dist.path).status == 0)
        let memo = tmp.appendingPathComponent("verified.json")
        let ok = try await taxdata("verify", dist.path, "--memo", memo.path)
        #expect(ok.status == 0 && ok.stderr.contains("wrote 6 verification token(s)"), "\(ok.stderr)")
        let shipped = try VerificationMemo.Shipped.decode(Data(contentsOf: memo))
        var expected: [String] = []
        for year in [2024, 2025, 2026] {
            for path in ["\(year)/manifest.json", "\(year)/app/manifest.json"] {
                let manifest = try Data(contentsOf: dist.appendingPathComponent(path))
                expected.append(try #require(VerificationMemo.token(manifestBytes: manifest, verifier: BundleVerifier(extraChecks: [ExpectedYear(year)]))))
            }
        }
        #expect(shipped.verified == expected.sorted())
        #expect(try await taxdata("verify", dist.path, "--memo", memo.path).status == 0, "a file verify wrote is replaced")

        let foreign = tmp.appendingPathComponent("notes.json")
        try Data("mine".utf8).write(to: foreign)
        let refused = try await taxdata("verify", dist.path, "--memo", foreign.path)
        #expect(refused.status == 2 && refused.stderr.contains("is not a file verify --memo wrote"), "\(refused.stderr)")
        #expect(try Data(contentsOf: foreign) == Data("mine".utf8))
        let inside = try await taxdata("verify", dist.path, "--memo", dist.appendingPathComponent("verified.json").path)
        #expect(inside.status == 2 && inside.stderr.contains("unlisted file"), "\(inside.stderr)")

        let fica = dist.appendingPathComponent("2026/fica_2026.json")
        try Data(String(decoding: try Data(contentsOf: fica), as: UTF8.self).replacingOccurrences(of: "0.062", with: "0.063").utf8).write(to: fica)
        let fresh = tmp.appendingPathComponent("fresh.json")
        #expect(try await taxdata("verify", dist.path, "--memo", fresh.path).status == 1)
        #expect(!FileManager.default.fileExists(atPath: fresh.path))
    }
}
