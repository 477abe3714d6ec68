import Foundation
import Testing
@testable import TaxDataCLI
import TaxDataCore

/// Issue 32, item 21: `make install` copies the tool and the data built into it, and the installed
/// tool computes a paycheck anywhere (no checkout needed).
@Suite("make install")
struct MakeInstallTests {
    @Test("32.21: make install PREFIX=… installs a taxdata that calculates outside a checkout")
    func install() throws {
        let prefix = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: prefix) }
        // -o: the binary under test is taken as built (no swift build while the tests hold the build).
        let made = try run("/usr/bin/make", ["-s", "-o", taxdataBinary, "install", "PREFIX=\(prefix.path)", "BIN=\(taxdataBinary)"], cwd: packageRoot)
        #expect(made.status == 0, "\(made.stdout)\(made.stderr)")
        let installed = prefix.appendingPathComponent("bin/taxdata").path
        #expect(FileManager.default.isExecutableFile(atPath: installed))
        let elsewhere = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let calc = try run(installed, ["calc", "--year", "2026", "--status", "single", "--state", "NY", "--gross", "75000"], cwd: elsewhere)
        #expect(calc.status == 0, "\(calc.stderr)")
        #expect(calc.stderr.contains("built into taxdata"), "\(calc.stderr)")
    }
}

/// Issue 32, items 6, 20 and 21: what the Makefile and the scripts promise, run as a user runs them.
@Suite("make targets and scripts")
struct MakeTargetsTests {
    /// `make -s ARGUMENTS` in the repository, the binary under test taken as built (-o: no swift
    /// build while the tests hold the build), with `environment` added.
    func make(_ arguments: [String], environment extra: [String: String] = [:]) throws -> RunResult {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in extra { environment[key] = value }
        return try run("/usr/bin/make", ["-s", "-o", taxdataBinary, "BIN=\(taxdataBinary)"] + arguments, environment: environment, cwd: packageRoot)
    }

    @Test("32.21: make's summary ends with one line per year, not JSON scraps; TAXDATA_SIGN_KEY=… make leaves no temporary key behind")
    func summaryAndSignedDist() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let key = tmp.appendingPathComponent("k.pem").path
        #expect(try await taxdata("keygen", "--private", key, "--public", tmp.appendingPathComponent("p.pem").path).status == 0)
        let scratch = tmp.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let dist = tmp.appendingPathComponent("dist").path
        let made = try make(["dist", "summary", "DIST=\(dist)"], environment: ["TAXDATA_SIGN_KEY": key, "TMPDIR": scratch.path])
        #expect(made.status == 0, "\(made.stdout)\(made.stderr)")
        let lines = made.stdout.split(separator: "\n").map(String.init)
        let years = try #require(lines.firstIndex(of: "years in \(dist)/:"), "\(made.stdout.suffix(600))")
        let listed = lines[(years + 1)...].filter { $0.hasPrefix("  ") }
        #expect(listed.count == 3 && listed.allSatisfy { $0.range(of: #"^  20\d\d  data version 20\d\d\.\d+\.\d+  (published|draft)$"#, options: .regularExpression) != nil },
                "\(listed)")
        #expect(!made.stdout.contains("\"taxYear\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty, "a temporary file was left in TMPDIR")
    }

    @Test("32.6: make fuzz runs each target with Swift's backtracer off (so libFuzzer's handler saves the crashing input) and falls back to the input in its log")
    func fuzzKeepsCrashes() throws {
        // Verified by hand with a deliberate crash (the fuzzing build takes minutes, too long for
        // make test): this guards the two lines that make it work.
        let script = try String(contentsOf: packageRoot.appendingPathComponent("scripts/fuzz.sh"), encoding: .utf8)
        #expect(script.contains("SWIFT_BACKTRACE=enable=no TAXDATA_FUZZ_TARGET=\"$target\" \"$BIN\""))
        #expect(script.contains("-artifact_prefix=\"$corpus/\""))
        #expect(script.contains("grep -E '^Base64: '"))
    }

    @Test("32.21: a date alone means midnight UTC for --now as for --issued-at")
    func dateAloneIsMidnight() throws {
        #expect(VerifyCommand.moment("2026-03-01")?.time == Timestamp("2026-03-01T00:00:00Z"))
        #expect(Timestamp(iso8601: "2026-03-01") == Timestamp("2026-03-01T00:00:00Z"))
    }
}
