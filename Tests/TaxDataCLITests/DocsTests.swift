import Foundation
import Testing

/// Issue 32, item 11: the API reference builds, and every symbol link in its articles resolves
/// (`scripts/docs.sh`, which `make docs` runs, treats any DocC warning as an error).
@Suite("the API reference")
struct DocsTests {
    @Test("32.11: make docs's script builds TaxDataClient's and TaxCalculator's reference without a warning")
    func apiReference() throws {
        let out = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var environment = ProcessInfo.processInfo.environment
        environment["DOCS_OUT"] = out.path
        environment["BIN_PATH"] = URL(fileURLWithPath: taxdataBinary).deletingLastPathComponent().path
        let result = try run("/bin/bash", [packageRoot.appendingPathComponent("scripts/docs.sh").path], environment: environment, cwd: packageRoot)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        for module in ["TaxDataClient", "TaxCalculator"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("\(module)/index.html").path), "\(module)")
        }
    }
}
