import Foundation
import Testing

@Suite("taxdata command line: exit codes, formats, publication guard")
final class CommandLineTests {
    let base = packageRoot.appendingPathComponent("Fixtures/check/_base").path
    /// The fixture `brackets.base-tax` written out as a tree, once per test, removed after it.
    let scratch: URL
    let broken: String

    init() throws {
        scratch = try temporaryDirectory()
        broken = try CheckFixture.materialize("brackets.base-tax", in: scratch).path
    }

    deinit { try? FileManager.default.removeItem(at: scratch) }

    /// The line the fixture's expected.txt gives for its finding (written from a marker, not from this tool).
    var brokenLine: Int {
        let expected = (try? CheckFixture.expected("brackets.base-tax").first) ?? ""
        return Int(expected.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? -1
    }

    @Test("check exits 0 when clean, 1 on errors, 2 on usage errors")
    func exitCodes() throws {
        #expect(try spawnTaxdata("check", base).status == 0)
        let bad = try spawnTaxdata("check", broken)
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("2024/federal.yaml:\(brokenLine):"))
        #expect(bad.stdout.contains("error: [brackets.base-tax]"))
        #expect(try spawnTaxdata("check", "/nonexistent/tree").status == 2)
        #expect(try spawnTaxdata("check", base, "--format", "xml").status == 2)
        #expect(try spawnTaxdata("check", base, "--no-such-flag").status == 2)
        #expect(try spawnTaxdata("verify", base, "--now", "yesterday").status == 2)
        #expect(try spawnTaxdata("verify", base).status == 2) // neither a dist nor a year
        #expect(try spawnTaxdata("frobnicate").status == 2)
    }

    @Test("--help is written for a newcomer and exits 0")
    func help() throws {
        let result = try spawnTaxdata("--help")
        #expect(result.status == 0)
        #expect(result.stdout.contains("check"))
        #expect(result.stdout.contains("build"))
        #expect(result.stdout.contains("verify"))
    }

    @Test("--format github prints annotations; --format json parses")
    func formats() async throws {
        let github = try await taxdata("check", broken, "--format", "github")
        #expect(github.stdout.hasPrefix("::error file="))
        #expect(github.stdout.contains(",line=\(brokenLine),col="))
        let json = try await taxdata("check", broken, "--format", "json")
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(report["errors"] as? Int == 1)
        let first = (report["diagnostics"] as! [[String: Any]])[0]
        #expect(first["rule"] as? String == "brackets.base-tax")
        #expect(first["line"] as? Int == brokenLine)
    }

    @Test("--coverage prints one row per jurisdiction")
    func coverage() async throws {
        let result = try await taxdata("check", packageRoot.appendingPathComponent("TaxData").path, "--coverage")
        #expect(result.status == 0)
        for code in ["AL", "CA", "DC", "NY", "WY"] { #expect(result.stdout.contains("\n\(code)  ")) }
        #expect(result.stdout.contains("covered"))
    }

    @Test("--previous refuses changed content without a version bump, and a version that went down")
    func publicationGuard() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let tree = tmp.appendingPathComponent("tree")
        try FileManager.default.copyItem(atPath: base, toPath: tree.path)
        let published = tmp.appendingPathComponent("published").path
        #expect(try await taxdata("build", tree.path, "--out", published).status == 0)
        // Same content, same version: fine.
        #expect(try await taxdata("build", tree.path, "--out", tmp.appendingPathComponent("d1").path, "--previous", published).status == 0)
        // Changed figure, same version: refused.
        let fica = tree.appendingPathComponent("2024/fica.yaml")
        let text = try String(contentsOf: fica, encoding: .utf8)
        try text.replacingOccurrences(of: "wageBase: 168600\n  maxTax: 10453.20", with: "wageBase: 168700\n  maxTax: 10459.40")
            .write(to: fica, atomically: true, encoding: .utf8)
        let refused = try await taxdata("build", tree.path, "--out", tmp.appendingPathComponent("d2").path, "--previous", published)
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("publish.version"))
        #expect(!FileManager.default.fileExists(atPath: tmp.appendingPathComponent("d2").path))
        // Bumped version: accepted.
        let year = tree.appendingPathComponent("2024/year.yaml")
        let meta = try String(contentsOf: year, encoding: .utf8)
        try meta.replacingOccurrences(of: "version: 2024.1.0", with: "version: 2024.1.1").write(to: year, atomically: true, encoding: .utf8)
        #expect(try await taxdata("build", tree.path, "--out", tmp.appendingPathComponent("d3").path, "--previous", published).status == 0)
        // Version lower than published: refused.
        try meta.replacingOccurrences(of: "version: 2024.1.0", with: "version: 2024.0.9").write(to: year, atomically: true, encoding: .utf8)
        #expect(try await taxdata("build", tree.path, "--out", tmp.appendingPathComponent("d4").path, "--previous", published).status == 1)
    }
}

@Suite("taxdata check: grades and reviewed warnings on the real tree")
struct ProvenanceCommandTests {
    @Test("check --coverage shows a grade in every cell and the legend; --show-reviewed lists each reviewed warning with its reason")
    func coverageAndReviewed() async throws {
        let tree = packageRoot.appendingPathComponent("TaxData").path
        let coverage = try await taxdata("check", tree, "--coverage")
        #expect(coverage.status == 0)
        let rows = coverage.stdout.split(separator: "\n").filter { $0.count > 3 && $0.prefix(2).allSatisfy(\.isUppercase) && $0.dropFirst(2).first == " " }
        #expect(rows.count == 51)
        #expect(rows.allSatisfy { row in row.split(separator: " ").contains { ["off", "cor", "est*"].contains(String($0)) } })
        #expect(coverage.stdout.contains("grade: off = official"))
        #expect(coverage.stderr.contains("0 error(s), 0 warning(s)"))
        let reviewed = try await taxdata("check", tree, "--show-reviewed")
        #expect(reviewed.status == 0)
        let lines = reviewed.stdout.split(separator: "\n").filter { $0.contains(": reviewed: [sanity.") }
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains(" — reviewed: ") })
        #expect(reviewed.stdout.contains("P.L. 119-21"))
    }
}
