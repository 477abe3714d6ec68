import Foundation
import Testing

/// `taxdata localities` and `calc --locality` (issue 36).
@Suite("taxdata localities and calc --locality")
struct LocalitiesCommandTests {
    let sources = packageRoot.appendingPathComponent("TaxData").path

    @Test("localities lists each id with its name, kind, grade and taxes; --state narrows it; --format json is the same list")
    func listing() async throws {
        let all = try await taxdata("localities", "--year", "2026", "--sources", sources)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout.contains("MD  24031         Montgomery County (county, corroborated)"), "\(all.stdout.prefix(800))")
        #expect(all.stdout.contains("OH  OH-SD-") && all.stdout.contains("PA  4260000"))
        let maryland = try await taxdata("localities", "--year", "2026", "--state", "md", "--sources", sources)
        #expect(maryland.stdout.hasPrefix("2026 (data 2026.") && maryland.stdout.contains("25 localities in MD"))
        #expect(!maryland.stdout.contains("\n  IN  "))
        let json = try await taxdata("localities", "--year", "2026", "--state", "MD", "--format", "json", "--sources", sources)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let list = object["localities"] as! [[String: Any]]
        #expect(list.count == 25 && list.allSatisfy { $0["state"] as? String == "MD" && $0["id"] != nil && $0["taxes"] != nil })
        let texas = try await taxdata("localities", "--year", "2026", "--state", "TX", "--sources", sources)
        #expect(texas.status == 0 && texas.stdout.contains("TX has no local income tax in the 2026 data"))
        let bad = try await taxdata("localities", "--state", "ZZ", "--sources", sources)
        #expect(bad.status == 2 && bad.stderr.contains("not a USPS code"))
    }

    @Test("calc --locality: the county's line, in the total; an unknown id and another state's are errors with rule id locality.unknown")
    func calc() async throws {
        let ok = try await taxdata("calc", "--year", "2026", "--status", "single", "--state", "MD", "--locality", "24031", "--gross", "100000",
                                   "--sources", sources)
        #expect(ok.status == 0 && ok.stdout.contains("Montgomery County income tax        2,988.80") && ok.stdout.contains("MD (lives in 24031)"), "\(ok.stdout)")
        let unknown = try await taxdata("calc", "--year", "2026", "--status", "single", "--state", "MD", "--locality", "24999", "--gross", "1",
                                        "--sources", sources)
        #expect(unknown.status == 1 && unknown.stderr.contains("locality.unknown: locality '24999' is not in the 2026 data"), "\(unknown.stderr)")
        let elsewhere = try await taxdata("calc", "--year", "2026", "--status", "single", "--state", "VA", "--locality", "24031", "--gross", "1",
                                          "--sources", sources)
        #expect(elsewhere.status == 1 && elsewhere.stderr.contains("is in MD, not in VA"), "\(elsewhere.stderr)")
        let noState = try await taxdata("calc", "--year", "2026", "--status", "single", "--locality", "24031", "--gross", "1", "--sources", sources)
        #expect(noState.status == 2 && noState.stderr.contains("need --state"), "\(noState.stderr)")
        let both = try await taxdata("calc", "--year", "2026", "--status", "single", "--state", "NY", "--city", "NYC", "--locality", "3684000",
                                     "--gross", "1", "--sources", sources)
        #expect(both.status == 2 && both.stderr.contains("give one of them"), "\(both.stderr)")
        // A batch case with a locality and a work place.
        let file = try temporaryDirectory().appendingPathComponent("cases.jsonl")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try Data(#"{"id":"oh","year":2026,"status":"single","state":"OH","gross":"100000","locality":"3916000","workLocality":"3918000"}"#.utf8).write(to: file)
        let batch = try await taxdata("calc", "--batch", file.path, "--sources", sources)
        let line = try JSONSerialization.jsonObject(with: Data(batch.stdout.utf8)) as! [String: Any]
        let result = line["result"] as! [String: Any]
        #expect((result["localTaxes"] as? [[String: Any]])?.map { $0["id"] as? String } == ["oh-3918000", "oh-3916000"], "\(batch.stdout)")
        #expect(result["localIncomeTax"] as? Int == 2500 && result["workLocality"] as? String == "3918000")
    }

    @Test("--locality repeated: a city and its school district, both lines; two of one kind or one id twice is rule locality.residence; a batch case takes localities, not both forms")
    func severalResidences() async throws {
        let both = try await taxdata("calc", "--year", "2026", "--status", "single", "--state", "OH", "--locality", "3941720",
                                     "--locality", "OH-SD-2305", "--gross", "80000", "--sources", sources)
        #expect(both.status == 0 && both.stdout.contains("OH (lives in 3941720 and OH-SD-2305)"), "\(both.stdout)")
        #expect(both.stdout.contains("Lancaster income tax                            1,840.00")
                && both.stdout.contains("Lancaster CSD school district income tax        1,200.00"), "\(both.stdout)")
        let cities = try await taxdata("calc", "--year", "2026", "--status", "single", "--state", "OH", "--locality", "3941720",
                                       "--locality", "3918000", "--gross", "1", "--sources", sources)
        #expect(cities.status == 1 && cities.stderr.contains("locality.residence: localities 3941720 (Lancaster) and 3918000 (Columbus) are both a city"),
                "\(cities.stderr)")
        let twice = try await taxdata("calc", "--year", "2026", "--status", "single", "--state", "OH", "--locality", "3941720",
                                      "--locality", "3941720", "--gross", "1", "--sources", sources)
        #expect(twice.status == 1 && twice.stderr.contains("locality.residence: locality 3941720 is given twice"), "\(twice.stderr)")
        let file = try temporaryDirectory().appendingPathComponent("cases.jsonl")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try Data((#"{"id":"a","year":2026,"status":"single","state":"OH","gross":"80000","localities":["3941720","OH-SD-2305"]}"# + "\n"
                  + #"{"id":"b","year":2026,"status":"single","state":"OH","gross":"80000","locality":"3941720","localities":["OH-SD-2305"]}"#).utf8).write(to: file)
        let batch = try await taxdata("calc", "--batch", file.path, "--sources", sources)
        let lines = batch.stdout.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(lines.count == 2, "\(batch.stdout)")
        let result = lines[0]["result"] as? [String: Any]
        #expect(result?["localIncomeTax"] as? Int == 3040 && result?["localities"] as? [String] == ["3941720", "OH-SD-2305"], "\(batch.stdout)")
        #expect((lines[1]["error"] as? String)?.contains("give locality (one id) or localities (a list), not both") == true, "\(batch.stdout)")
    }
}
