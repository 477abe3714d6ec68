import Foundation
import Testing

/// What a newcomer meets first: checking one year, and a state file that went missing.
@Suite("taxdata usage", .serialized)
struct UsageTests {
    let tree = packageRoot.appendingPathComponent("TaxData").path

    @Test("check TaxData/2026 and check --year 2026 check that year alone, with the year before read for its checks")
    func oneYear() throws {
        let directory = try taxdata("check", tree + "/2026")
        let option = try taxdata("check", tree, "--year", "2026")
        #expect(directory.status == 0 && option.status == 0, "\(directory.stdout)\(directory.stderr)")
        #expect(!directory.stdout.contains("file.unexpected"))
        let files = try FileManager.default.subpathsOfDirectory(atPath: tree + "/2026").filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: tree + "/2026/" + $0, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        #expect(directory.stderr.contains("checked 1 year(s), \(files.count) file(s)"), "\(directory.stderr)")
        #expect(option.stderr == directory.stderr && option.stdout == directory.stdout)
        #expect(try taxdata("check", tree + "/2026", "--year", "2025").status == 2)

        // The year-over-year check still sees the year before; the year before's findings stay out.
        let removed = packageRoot.appendingPathComponent("Fixtures/check/coverage.state-removed").path
        let later = try taxdata("check", removed + "/2024")
        #expect(later.status == 0 && later.stdout.contains("warning: [coverage.state-removed]"), "\(later.stdout)")
        let earlier = try taxdata("check", removed, "--year", "2023")
        #expect(earlier.status == 0 && earlier.stdout.isEmpty && earlier.stderr.contains("checked 1 year(s)"), "\(earlier.stdout)\(earlier.stderr)")
    }

    @Test("build --release refuses a year that lost a state file the year before had")
    func releaseRefusesRemovedState() throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let removed = packageRoot.appendingPathComponent("Fixtures/check/coverage.state-removed").path
        let draft = try taxdata("build", removed, "--out", tmp.appendingPathComponent("draft").path)
        #expect(draft.status == 0, "a warning outside a release: \(draft.stderr)")
        let release = try taxdata("build", removed, "--out", tmp.appendingPathComponent("release").path, "--release")
        #expect(release.status == 1)
        #expect(release.stdout.contains("error: [publish.state-removed]"), "\(release.stdout)")
        #expect(!FileManager.default.fileExists(atPath: tmp.appendingPathComponent("release").path))
    }
}
