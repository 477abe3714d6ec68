import Foundation
import Testing

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
