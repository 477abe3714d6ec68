import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 32, items 4 and 29: a FIFO where a dist has a file made `verify`, `sign`, `diff` and
/// `calc --bundle` block forever; a listed file far over its listed size was reported by the
/// bytes read, not its size. Each command runs as a process under `timeout`, so a regression
/// fails the test instead of hanging the suite.
@Suite("special files in a dist")
struct SpecialFileTests {
    let base = packageRoot.appendingPathComponent("Fixtures/check/_base")

    /// A built dist of `_base`, with its first year's federal document replaced by `replace`.
    func dist(_ replace: (URL) throws -> Void) async throws -> (root: URL, dist: URL, year: URL) {
        let root = try temporaryDirectory()
        let dist = root.appendingPathComponent("dist")
        #expect(try await taxdata("build", base.path, "--out", dist.path).status == 0)
        let year = dist.appendingPathComponent("2024")
        let federal = year.appendingPathComponent("federal_2024.json")
        try FileManager.default.removeItem(at: federal)
        try replace(federal)
        return (root, dist, year)
    }

    /// `taxdata arguments…` in a process of its own, killed after 60 s (exit 124 from timeout).
    func bounded(_ arguments: [String]) throws -> RunResult {
        try run("/usr/bin/timeout", ["60", taxdataBinary] + arguments)
    }

    @Test("32.4: a FIFO at a listed name is reported, never opened, by verify, sign, diff and calc --bundle")
    func fifo() async throws {
        let (root, dist, year) = try await self.dist { #expect(mkfifo($0.path, 0o644) == 0) }
        defer { try? FileManager.default.removeItem(at: root) }
        let key = root.appendingPathComponent("sign.pem").path
        #expect(try await taxdata("keygen", "--private", key, "--public", root.appendingPathComponent("pub.pem").path).status == 0)

        let verify = try bounded(["verify", dist.path])
        #expect(verify.status == 1, "\(verify.status) \(verify.stderr)")
        #expect(verify.stdout.contains("federal_2024.json: error: [bundle.not-regular-file] is a FIFO (named pipe), not a regular file"), "\(verify.stdout)")
        #expect(!verify.stdout.contains("bundle.missing-file"), "one finding for one file: \(verify.stdout)")

        for arguments in [["sign", dist.path, "--sign-key", key],
                          ["diff", year.path, year.path],
                          ["calc", "--bundle", year.path, "--year", "2024", "--status", "single", "--state", "TX", "--gross", "50000"]] {
            let result = try bounded(arguments)
            #expect(result.status != 0 && result.status != 124, "\(arguments[0]) hung or passed: \(result.status) \(result.stderr)")
            #expect((result.stdout + result.stderr).contains("FIFO"), "\(arguments[0]): \(result.stdout) \(result.stderr)")
        }
    }

    @Test("32.29: a listed file far over its listed size is reported with its real size, unread")
    func realSize() async throws {
        let (root, dist, _) = try await self.dist { url in
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: 1 << 30) // sparse: costs no disk
            try handle.close()
        }
        defer { try? FileManager.default.removeItem(at: root) }
        let verify = try bounded(["verify", dist.path])
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("federal_2024.json: error: [bundle.size] is 1073741824 bytes; the manifest says"), "\(verify.stdout)")
    }
}
