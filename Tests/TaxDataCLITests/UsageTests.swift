import Foundation
@testable import TaxDataCLI
import TaxDataClient
import TaxDataCore
import Testing

/// What a newcomer meets first: --version, usage errors that show the right usage, checking one
/// year, the coverage table's legend and width, and fetch's report.
@Suite("taxdata usage")
struct UsageTests {
    let tree = packageRoot.appendingPathComponent("TaxData").path
    let base = packageRoot.appendingPathComponent("Fixtures/check/_base").path

    @Test("--version prints the tool version and the newest bundle schema it writes")
    func version() async throws {
        let result = try spawnTaxdata("--version")
        #expect(result.status == 0)
        #expect(result.stdout.contains("taxdata \(TaxDataCommand.toolVersion) "))
        // A year declaring the newest schema builds into a manifest of that version.
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let tree = tmp.appendingPathComponent("tree")
        try FileManager.default.copyItem(atPath: base, toPath: tree.path)
        let yearFile = tree.appendingPathComponent("2024/year.yaml")
        let meta = try String(contentsOf: yearFile, encoding: .utf8)
        let newest = SchemaVersion.current
        try meta.replacingOccurrences(of: #"schemaVersion: "1.2""#, with: "schemaVersion: \"\(newest)\"").write(to: yearFile, atomically: true, encoding: .utf8)
        let built = try await taxdata("build", tree.path, "--out", tmp.appendingPathComponent("dist").path)
        #expect(built.status == 0, "\(built.stdout)\(built.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp.appendingPathComponent("dist/2024/manifest.json"))) as! [String: Any]
        let written = try #require(manifest["schemaVersion"] as? String)
        #expect(written == newest.description)
        #expect(result.stdout.contains("bundle schema \(written)"), "\(result.stdout)")
    }

    @Test("a subcommand's usage error prints that subcommand's usage, not the top-level one", arguments: [
        ["check", "/nonexistent/tree"], ["check", "--year", "1999"], ["build", "/nonexistent/tree"],
        ["verify", "Fixtures/check/_base"], ["verify", "/nonexistent"],
        ["calc", "--year", "1999", "--status", "single", "--gross", "1"], ["calc", "--year", "2026", "--status", "single", "--gross", "1", "--state", "ZZ"],
        ["diff", "1999", "2026"], ["diff", "2025", "2026", "--only", "fedral"], ["new-year", "2031", "--from", "2030"], ["fetch", "--url", "ftp://x", "--cache", "/tmp/x"],
        ["keygen", "--private", "same.pem", "--public", "same.pem"], ["serve", "Fixtures/check/_base"],
        ["sign", "Fixtures/check/_base", "--sign-key", "k.pem"], ["sign", "Fixtures/check/_base/2024"],
    ])
    func subcommandUsage(arguments: [String]) throws {
        let result = try run(taxdataBinary, arguments, cwd: packageRoot)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("Usage: taxdata \(arguments[0])"), "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("taxdata <subcommand>"), "\(arguments): \(result.stderr)")
    }

    @Test("check TaxData/2026 and check --year 2026 check that year alone, with the year before read for its checks")
    func oneYear() async throws {
        let directory = try await taxdata("check", tree + "/2026")
        let option = try await taxdata("check", tree, "--year", "2026")
        #expect(directory.status == 0 && option.status == 0, "\(directory.stdout)\(directory.stderr)")
        #expect(!directory.stdout.contains("file.unexpected"))
        let files = try FileManager.default.subpathsOfDirectory(atPath: tree + "/2026").filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: tree + "/2026/" + $0, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        #expect(directory.stderr.contains("checked 1 year(s), \(files.count) file(s)"), "\(directory.stderr)")
        #expect(option.stderr == directory.stderr && option.stdout == directory.stdout)
        #expect(try await taxdata("check", tree + "/2026", "--year", "2025").status == 2)

        // The year-over-year check still sees the year before; the year before's findings stay out.
        let fixtures = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: fixtures) }
        let removed = try CheckFixture.materialize("coverage.state-removed", in: fixtures).path
        let later = try await taxdata("check", removed + "/2024")
        #expect(later.status == 0 && later.stdout.contains("warning: [coverage.state-removed]"), "\(later.stdout)")
        let earlier = try await taxdata("check", removed, "--year", "2023")
        #expect(earlier.status == 0 && earlier.stdout.isEmpty && earlier.stderr.contains("checked 1 year(s)"), "\(earlier.stdout)\(earlier.stderr)")
    }

    @Test("build --release refuses a year that lost a state file the year before had")
    func releaseRefusesRemovedState() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let removed = try CheckFixture.materialize("coverage.state-removed", in: tmp.appendingPathComponent("fixtures")).path
        let draft = try await taxdata("build", removed, "--out", tmp.appendingPathComponent("draft").path)
        #expect(draft.status == 0, "a warning outside a release: \(draft.stderr)")
        let release = try await taxdata("build", removed, "--out", tmp.appendingPathComponent("release").path, "--release")
        #expect(release.status == 1)
        #expect(release.stdout.contains("error: [publish.state-removed]"), "\(release.stdout)")
        #expect(!FileManager.default.fileExists(atPath: tmp.appendingPathComponent("release").path))
    }

    @Test("the coverage table explains every abbreviation it uses and fits four years in 120 columns")
    func coverageTable() throws {
        var years = compiledYears
        var next = try #require(years.last)
        next.meta.taxYear += 1
        next.meta.version = try #require(DataVersion("\(next.meta.taxYear).10.10"))
        next.meta.status = .draft
        years.append(next)
        let table = CoverageTable.render(years)
        let lines = table.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 120 }, "\(lines.map(\.count).max() ?? 0) columns")
        let legend = CoverageTable.legend
        #expect(table.hasSuffix(legend))
        let rows = String(table.dropLast(legend.count)).split(separator: "\n")
        #expect(rows.count == 1 + Jurisdiction.codes.count + 2)
        for row in rows where row.count > 3 && row.prefix(2).allSatisfy(\.isUppercase) && row.dropFirst(2).first == " " || row.hasPrefix("federal ") {
            for token in row.split(separator: " ").dropFirst().flatMap({ $0.split(separator: "/") }) {
                let word = String(token.drop { $0.isNumber || $0 == "." })
                guard !word.isEmpty, word != "%" else { continue }
                #expect(legend.contains("\(word) =") || legend.contains("\(word):"), "'\(word)' (in \(row)) is not in the legend")
            }
        }
    }

    @Test("fetch's report says draft or published, and what [stale] and [expired] mean")
    func fetchReport() throws {
        func status(_ fields: String) throws -> TaxDataStatus {
            try JSONDecoder().decode(TaxDataStatus.self, from: Data("""
            {"source": "cache", "taxYear": 2027, "version": "2027.1.0", "effectiveDate": "2027-01-01", "fetchedAt": 0,
             "rejections": [], "incompleteStates": {}, "belowOfficialStates": {}, "estimatedStates": {}, \(fields)}
            """.utf8))
        }
        let stale = FetchReport.lines(try status(#""isStale": true, "publication": "draft""#), cacheValidity: 7 * 86400)
        #expect(stale[0].hasPrefix("active: cache 2027 version 2027.1.0 (draft)") && stale[0].hasSuffix(" [stale]"), "\(stale)")
        #expect(stale.contains { $0.hasPrefix("[stale]: fetched more than 7 day(s) ago") }, "\(stale)")
        #expect(stale.contains { $0.hasPrefix("draft: 2027 is not published yet") })
        let fresh = FetchReport.lines(try status(#""isStale": false, "publication": "published""#), cacheValidity: 7 * 86400)
        #expect(fresh[0].contains("(published)") && !fresh.joined().contains("stale") && !fresh.joined().contains("draft"), "\(fresh)")
        #expect(try status(#""isStale": false, "publication": "published""#).freshness == .fresh, "a status from before freshness decodes")
        let expired = FetchReport.lines(try status(#""isStale": false, "publication": "published", "freshness": "expired", "indexExpires": 0"#),
                                        cacheValidity: 7 * 86400)
        #expect(expired[0].hasSuffix(" [expired]") && !expired[0].contains("[stale]"), "\(expired)")
        #expect(expired.contains { $0.hasPrefix("[expired]: the newest signed index.json the client could get expired at 2001-01-01T00:00:00Z") }, "\(expired)")
    }
}
