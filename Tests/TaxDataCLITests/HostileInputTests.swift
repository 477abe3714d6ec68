import Foundation
import Testing

/// Regression tests for `check` and `verify` under hostile input (hardening findings 17, 18, 19).
/// Finding 16 (parser differentials) is covered by the Fixtures/verify cases duplicate-key,
/// unknown-field and excess-precision.
@Suite("check and verify under hostile input")
struct HostileInputTests {
    let base = packageRoot.appendingPathComponent("Fixtures/check/_base")


    func check(_ tree: URL) async throws -> RunResult { try await taxdata("check", tree.path) }

    @Test("17: verify never reads an unlisted file, refuses symlinks out of the dist, and stays small")
    func verifyBounded() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dist = tmp.appendingPathComponent("dist")
        #expect(try await taxdata("build", base.path, "--out", dist.path).status == 0)
        // A 4 GiB sparse stray file (costs no disk) and a symlink to /etc/passwd.
        let stray = dist.appendingPathComponent("2024/stray.json")
        _ = FileManager.default.createFile(atPath: stray.path, contents: nil)
        let handle = try FileHandle(forWritingTo: stray)
        try handle.truncate(atOffset: 4 << 30)
        try handle.close()
        try FileManager.default.createSymbolicLink(atPath: dist.appendingPathComponent("2024/passwd.json").path, withDestinationPath: "/etc/passwd")
        let measured = try run("/usr/bin/env", ["python3", packageRoot.appendingPathComponent("scripts/lying-server.py").path,
                                                "measure", "--", taxdataBinary, "verify", dist.path])
        let result = try JSONSerialization.jsonObject(with: Data(measured.stdout.utf8)) as! [String: Any]
        let stdout = result["stdout"] as! String
        #expect(result["exit"] as? Int == 1)
        #expect(stdout.contains("stray.json: error: [bundle.unlisted-file]"), "\(stdout)")
        #expect(stdout.contains("passwd.json: error: [bundle.symlink]"), "\(stdout)")
        #expect((result["maxrssKiB"] as! Int) < 256 << 10, "verify used \(result["maxrssKiB"]!) KiB")
    }

    @Test("18: unreadable files, invalid UTF-8, UTF-16, dangling and looping symlinks and FIFOs are findings (exit 1), not usage errors")
    func unusableFiles() async throws {
        let (root, tree) = try copyOfBaseTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let states = tree.appendingPathComponent("2024/states")
        try Data([0x74, 0x61, 0x78, 0xFF, 0xFE, 0x0A]).write(to: states.appendingPathComponent("NY.yaml"))
        try Data([0xFF, 0xFE] + Array("taxYear: 2024\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: states.appendingPathComponent("NJ.yaml"))
        try FileManager.default.createSymbolicLink(atPath: states.appendingPathComponent("OR.yaml").path, withDestinationPath: "missing.yaml")
        try FileManager.default.createSymbolicLink(atPath: states.appendingPathComponent("WA.yaml").path, withDestinationPath: "WA.yaml")
        #expect(mkfifo(states.appendingPathComponent("NV.yaml").path, 0o644) == 0)
        let unreadable = states.appendingPathComponent("OK.yaml")
        try Data("taxYear: 2024\n".utf8).write(to: unreadable)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: unreadable.path)
        let result = try await check(tree)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("Usage:"))
        for (file, rule) in [("NY", "file.encoding"), ("NJ", "file.encoding"), ("OR", "file.unreadable"), ("WA", "file.unreadable"), ("NV", "file.unreadable")] {
            #expect(result.stdout.contains("2024/states/\(file).yaml:1:") && result.stdout.contains("[\(rule)]"), "\(file): \(result.stdout)")
        }
        #expect(result.stdout.contains("NJ.yaml:1:1: error: [file.encoding] is UTF-16"))
        #expect(result.stdout.contains("NY.yaml:1:4: error: [file.encoding] is not UTF-8"), "\(result.stdout)")
        if getuid() != 0 { #expect(result.stdout.contains("OK.yaml:1:1: error: [file.unreadable]")) } // root reads anything
    }

    @Test("18: a NUL byte and a duplicate key are reported where they are; a symlink's target is not echoed")
    func locations() async throws {
        let (root, tree) = try copyOfBaseTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let tx = tree.appendingPathComponent("2024/states/TX.yaml")
        var text = try String(contentsOf: tx, encoding: .utf8)
        text += "notes: \"a\u{0}b\"\n"
        try text.write(to: tx, atomically: true, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let secret = root.appendingPathComponent("secret.txt")
        try Data("password: hunter2\n".utf8).write(to: secret)
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("2024/states/CO.yaml").path, withDestinationPath: secret.path)
        let result = try await check(tree)
        #expect(result.status == 1)
        #expect(result.stdout.contains("TX.yaml:\(lines):10: error: [file.encoding] contains a NUL byte"), "\(result.stdout)")
        #expect(result.stdout.contains("CO.yaml:1:1: error: [file.outside-tree]"), "\(result.stdout)")
        #expect(!result.stdout.contains("hunter2"))
    }

    @Test("19: explicit tags, -0 and sub-cent amounts are refused; an empty year directory is reported")
    func silentAcceptance() async throws {
        let (root, tree) = try copyOfBaseTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let federal = tree.appendingPathComponent("2024/federal.yaml")
        var text = try String(contentsOf: federal, encoding: .utf8)
        text = text.replacingOccurrences(of: "  single: 14600", with: "  single: !!str 14600")
            .replacingOccurrences(of: "  head_of_household: 21900", with: "  head_of_household: 21900.001")
            .replacingOccurrences(of: "- { floor: 0, ceiling: 11600, rate: 0.10 }", with: "- { floor: -0, ceiling: 11600, rate: 0.10 }")
        try text.write(to: federal, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("2025"), withIntermediateDirectories: true)
        let result = try await check(tree)
        #expect(result.status == 1)
        #expect(result.stdout.contains("explicit tag 'tag:yaml.org,2002:str'"), "\(result.stdout)")
        #expect(result.stdout.contains("'21900.001' has more than two decimals"), "\(result.stdout)")
        #expect(result.stdout.contains("'-0' is a negative zero"), "\(result.stdout)")
        #expect(result.stdout.contains("tree/2025:1:1: error: [file.missing] 2025/ is an empty year directory"), "\(result.stdout)")
    }

    @Test("19: a file over the size cap is refused unread, and findings per file are capped in text")
    func sizeAndFlood() async throws {
        let (root, tree) = try copyOfBaseTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let big = tree.appendingPathComponent("2024/states/NY.yaml")
        try Data(repeating: UInt8(ascii: "#"), count: 2 << 20).write(to: big)
        // 300 unknown keys in one file: 50 printed, the rest counted.
        let flood = (0..<300).map { "unknown\($0): 1" }.joined(separator: "\n")
        let ca = tree.appendingPathComponent("2024/states/CA.yaml")
        try (try String(contentsOf: ca, encoding: .utf8) + flood + "\n").write(to: ca, atomically: true, encoding: .utf8)
        let result = try await check(tree)
        #expect(result.status == 1)
        #expect(result.stdout.contains("NY.yaml:1:1: error: [file.too-large]"), "\(result.stdout.prefix(500))")
        let caLines = result.stdout.split(separator: "\n").filter { $0.contains("states/CA.yaml:") && $0.contains("[yaml.unknown-key]") }
        #expect(caLines.count == 50)
        #expect(result.stdout.contains("CA.yaml: … and 250 more finding(s) in this file"))
    }
}
