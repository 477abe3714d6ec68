import Foundation
import Testing

/// `scripts/payload-sizes.py`, the measurement behind docs/design/34-payload.md, on a dist of the
/// real years: it runs and its figures hang together. The embedded budget (400 KB for three years)
/// is held by `EmbeddedTests` on what an app carries: the app form with its repeated subtrees shared.
@Suite("payload-sizes.py: the bytes per year, today's and the proposed forms")
struct PayloadSizesTests {
    @Test("on the real dist: every year measured; the app form is a fraction of the combined document")
    func realDist() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dist = tmp.appendingPathComponent("dist")
        let built = try await taxdata("build", packageRoot.appendingPathComponent("TaxData").path, "--out", dist.path)
        try #require(built.status == 0, "\(built.stderr)")
        let script = packageRoot.appendingPathComponent("scripts/payload-sizes.py").path
        let text = try run("/usr/bin/env", ["python3", script, dist.path])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("years of the app form, plain:"), "\(text.stdout)")
        let json = try run("/usr/bin/env", ["python3", script, dist.path, "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["year"] as? Int } == compiledYears.map(\.meta.taxYear).sorted().map { Optional($0) })
        for row in rows {
            let form = { (name: String) in (row[name] as? [Int]) ?? [] }
            let (files, combined, app, provenance) = (form("dist files"), form("combined"), form("app"), form("provenance"))
            try #require([files, combined, app, provenance].allSatisfy { $0.count == 2 })
            #expect(app[0] * 3 < combined[0] && app[1] < app[0] && provenance[0] > 0, "\(row)")
            #expect(combined[0] < files[0])
            // The year's files on disk are what the script read.
            let year = try #require(row["year"] as? Int)
            let directory = dist.appendingPathComponent(String(year))
            let onDisk = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { !((try? directory.appendingPathComponent($0).resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false) }
            #expect(row["files"] as? Int == onDisk.count)
            // The app form the build wrote is what the script derives from the combined document.
            let appFile = try Data(contentsOf: directory.appendingPathComponent("app/app_\(year).json"))
            #expect(app[0] == appFile.count)
            let download = form("app download")
            #expect(download.count == 2 && download[0] > app[0] && download[0] < app[0] + 2_000, "manifest and document: \(download)")
        }
        let missing = try run("/usr/bin/env", ["python3", script, tmp.appendingPathComponent("nothing").path])
        #expect(missing.status == 2 && missing.stderr.contains("no year directory"))
    }
}
