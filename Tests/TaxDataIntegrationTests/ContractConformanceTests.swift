import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The remote API against docs/contract/openapi.yaml, over real sockets: schemathesis (from PyPI, in the
/// git-ignored .contract-venv/ that scripts/contract-venv.sh makes) and scripts/contract-conformance.py
/// (every file of the dist, ETag → 304, HEAD, 404, 405), against `taxdata serve` and against nginx with
/// the shipped docs/nginx/taxdata.conf. Integration: `make test-integration` runs it.
@Suite("The published contract against real servers: schemathesis and the conformance checks", .serialized)
struct ContractConformanceTests {
    static let openapi = packageRoot.appendingPathComponent("docs/contract/openapi.yaml").path
    static let conformance = packageRoot.appendingPathComponent("scripts/contract-conformance.py").path

    /// The venv with schemathesis and openapi-spec-validator (made on first use; PyPI is needed once).
    static func venv() throws -> URL {
        let made = try run(packageRoot.appendingPathComponent("scripts/contract-venv.sh").path, [])
        try #require(made.status == 0, "scripts/contract-venv.sh failed: \(made.stderr)")
        return URL(fileURLWithPath: made.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Runs schemathesis against `url`, bounded (a fixed seed, 5 examples per operation, one worker), in `scratch`
    /// (where it keeps its state).
    static func schemathesis(_ url: String, scratch: URL) throws -> RunResult {
        let binary = try venv().appendingPathComponent("bin/schemathesis").path
        return try run(binary, ["run", openapi, "--url", url, "--checks", "all", "--max-examples", "5", "--seed", "1",
                                "--workers", "1", "--no-color"],
                       environment: ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }, cwd: scratch)
    }

    static func conformance(_ url: String, dist: URL, static isStatic: Bool = false) throws -> RunResult {
        try run("/usr/bin/env", ["python3", conformance, "--url", url, "--dist", dist.path] + (isStatic ? ["--static"] : []))
    }

    @Test("openapi.yaml is a valid OpenAPI 3.1 document, its $refs followed (openapi-spec-validator)")
    func openapiIsValid() throws {
        let validator = try Self.venv().appendingPathComponent("bin/openapi-spec-validator").path
        let result = try run(validator, [Self.openapi])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("OK"), "\(result.stdout)")
    }

    @Test("taxdata serve answers as openapi.yaml says: schemathesis and every file of its dist")
    func serveConforms() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dist = try buildSignedDist(in: tmp)
        let server = try ServeProcess(dist: dist, log: tmp.appendingPathComponent("serve.log"))
        defer { server.stop() }
        let checked = try Self.conformance(server.url, dist: dist)
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        #expect(checked.stdout.contains(", 0 failed"), "\(checked.stdout)")
        let fuzzed = try Self.schemathesis(server.url, scratch: tmp)
        #expect(fuzzed.status == 0, "\(fuzzed.stdout)\(fuzzed.stderr)")
        #expect(fuzzed.stdout.contains("passed") && !fuzzed.stdout.contains("failed"), "\(fuzzed.stdout)")
    }

    @Test("nginx with docs/nginx/taxdata.conf answers as openapi.yaml says: schemathesis and every file of its dist",
          .enabled(if: nginxPath != nil || nginxRequired, "nginx is not installed; `make test` installs it"))
    func nginxConforms() async throws {
        let nginx = try #require(nginxPath, "nginx is required (make test installs it)")
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dist = try buildSignedDist(in: tmp)
        let server = try NginxProcess(nginx: nginx, dist: dist)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/"
        let checked = try Self.conformance(url, dist: dist, static: true)
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)\n\(server.errorLog)")
        #expect(checked.stdout.contains(", 0 failed"), "\(checked.stdout)")
        let fuzzed = try Self.schemathesis(url, scratch: tmp)
        #expect(fuzzed.status == 0, "\(fuzzed.stdout)\(fuzzed.stderr)")
        #expect(fuzzed.stdout.contains("passed") && !fuzzed.stdout.contains("failed"), "\(fuzzed.stdout)")
    }

    @Test("both checks fail against a server whose document has a key the contract does not know")
    func brokenServerIsCaught() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dist = try buildSignedDist(in: tmp)
        // An unknown key in 2026's FICA document, with the manifest's size updated so the server serves it whole.
        let fica = dist.appendingPathComponent("2026/fica_2026.json")
        let text = try String(contentsOf: fica, encoding: .utf8)
        let broken = Data(text.replacingOccurrences(of: "{\n", with: "{\n  \"bonusRate\" : 0.01,\n", options: [], range: text.range(of: "{\n")).utf8)
        try broken.write(to: fica)
        let manifestURL = dist.appendingPathComponent("2026/manifest.json")
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        var sizes = try #require(manifest["sizes"] as? [String: Any])
        sizes["fica_2026.json"] = broken.count
        manifest["sizes"] = sizes
        try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys]).write(to: manifestURL)

        let server = try ServeProcess(dist: dist, log: tmp.appendingPathComponent("serve.log"))
        defer { server.stop() }
        let checked = try Self.conformance(server.url, dist: dist)
        #expect(checked.status == 1, "\(checked.stdout)")
        #expect(checked.stdout.contains("FAIL /2026/fica_2026.json: the body violates its schema") && checked.stdout.contains("'bonusRate' was unexpected"),
                "\(checked.stdout)")
        let fuzzed = try Self.schemathesis(server.url, scratch: tmp)
        #expect(fuzzed.status != 0, "\(fuzzed.stdout)")
        #expect(fuzzed.stdout.contains("Response violates schema") && fuzzed.stdout.contains("bonusRate"), "\(fuzzed.stdout)")
    }
}
