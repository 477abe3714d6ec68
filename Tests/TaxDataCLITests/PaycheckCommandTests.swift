import Foundation
import Testing

/// `taxdata paycheck` (issue 37): one paycheck, a batch, and the refusals.
@Suite("taxdata paycheck")
struct PaycheckCommandTests {
    let sources = packageRoot.appendingPathComponent("TaxData").path

    @Test("one paycheck: the federal withholding of Worksheet 1A, Social Security, Medicare and net pay; json has the same figures")
    func one() async throws {
        // 2026 single, Step 2 box: 3,000 × 26 = 78,000 on the Checkbox schedule's row from 60,900:
        // 8,983 + 24% × 17,100 = 13,087 a year, 503.35 a paycheck.
        let text = try await taxdata("paycheck", "--year", "2026", "--frequency", "biweekly", "--wages", "3000", "--multiple-jobs", "--sources", sources)
        #expect(text.status == 0 && text.stdout.contains("federal withholding        503.35"), "\(text.stdout)\(text.stderr)")
        let json = try await taxdata("paycheck", "--year", "2026", "--frequency", "biweekly", "--wages", "3000", "--multiple-jobs",
                                     "--format", "json", "--sources", sources)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(object["federalWithholding"] as? Double == 503.35 && object["netPay"] as? Double == 2267.15, "\(json.stdout)")
        #expect((object["w4"] as? [String: Any])?["multipleJobs"] as? Bool == true)
    }

    @Test("refused: a W-4 combination the form does not allow names the field; a negative amount; a year without withholding data")
    func refused() async throws {
        let allowances = try await taxdata("paycheck", "--year", "2026", "--frequency", "weekly", "--wages", "900", "--allowances", "2", "--sources", sources)
        #expect(allowances.status == 1 && allowances.stderr.contains("w4.allowances"), "\(allowances.stderr)")
        let household = try await taxdata("paycheck", "--year", "2026", "--frequency", "weekly", "--wages", "900", "--w4-form", "2019",
                                          "--status", "head_of_household", "--sources", sources)
        #expect(household.status == 1 && household.stderr.contains("w4.filingStatus"), "\(household.stderr)")
        let negative = try await taxdata("paycheck", "--year", "2026", "--frequency", "weekly", "--wages=-1", "--sources", sources)
        #expect(negative.status == 2 && negative.stderr.contains("--wages must not be negative"), "\(negative.stderr)")
        let frequency = try await taxdata("paycheck", "--year", "2026", "--frequency", "fortnightly", "--wages", "1", "--sources", sources)
        #expect(frequency.status == 2, "\(frequency.stderr)")
        let old = try await taxdata("paycheck", "--year", "2024", "--frequency", "weekly", "--wages", "900", "--sources", sources)
        #expect(old.status == 1 && old.stderr.contains("has no federal withholding"), "\(old.stderr)")
    }

    @Test("--project: the year's withholding against the year's tax, in text and json; --children only with it")
    func project() async throws {
        let args = ["paycheck", "--year", "2026", "--frequency", "biweekly", "--wages", "3000", "--status", "married_filing_jointly",
                    "--dependents-amount", "2200", "--state", "IL", "--state-allowances", "2", "--project", "--sources", sources]
        let text = try await taxdata(args + ["--children", "1"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("26 paychecks like this one, against the tax on 78,000.00 (married_filing_jointly, 1 child)"), "\(text.stdout)")
        #expect(text.stdout.contains("federal: withheld 2,799.94, owed 2,800.00, balance due 0.06"), "\(text.stdout)")
        // The child is a third Illinois exemption the IL-W-4 of 2 allowances does not claim: (78,000 − 3 × 2,925) × 4.95%.
        #expect(text.stdout.contains("IL: withheld 3,571.36, owed 3,426.64, refund 144.72"), "\(text.stdout)")
        let json = try await taxdata(args + ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let projection = try #require(object["projection"] as? [String: Any], "\(json.stdout)")
        #expect(projection["federalOwed"] as? Int == 5000 && projection["paychecks"] as? Int == 26)
        #expect(object["federalWithholding"] as? Double == 107.69, "the paycheck's keys stay at the top")
        let aggregate = try await taxdata("paycheck", "--year", "2026", "--frequency", "biweekly", "--wages", "3000", "--supplemental", "1000",
                                          "--aggregate", "--format", "json", "--sources", sources)
        #expect(aggregate.stdout.contains("\"supplementalWithholding\" : 220,"), "\(aggregate.stdout)")
        let refused = try await taxdata("paycheck", "--year", "2026", "--frequency", "weekly", "--wages", "900", "--children", "2", "--sources", sources)
        #expect(refused.status == 2 && refused.stderr.contains("--children is for --project"), "\(refused.stderr)")
    }

    @Test("--batch: one result per line in order, a bad line is an error line with its id, the others still run")
    func batch() async throws {
        let file = try temporaryDirectory().appendingPathComponent("paychecks.jsonl")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let lines = [
            #"{"id":"a","year":2026,"frequency":"biweekly","wagesPerPeriod":"3000","w4":{"form":2020,"filingStatus":"married_filing_jointly","dependentsAmount":"2200"}}"#,
            #"{"id":"b","year":2026,"frequency":"monthly","wagesPerPeriod":5000,"w4":{"form":2019,"filingStatus":"single","allowances":1}}"#,
            #"{"id":"c","year":2026,"frequency":"weekly","wagesPerPeriod":"900","w4":{"form":2020,"filingStatus":"single","allowances":3}}"#,
            #"{"id":"d","year":2026,"frequency":"hourly","wagesPerPeriod":"900","w4":{"form":2020,"filingStatus":"single"}}"#,
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let run = try await taxdata("paycheck", "--batch", file.path, "--sources", sources)
        #expect(run.status == 0, "\(run.stderr)")
        let out = run.stdout.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(out.map { $0["id"] as? String } == ["a", "b", "c", "d"], "\(run.stdout)")
        #expect((out[0]["result"] as? [String: Any])?["federalWithholding"] as? Double == 107.69)
        #expect((out[1]["result"] as? [String: Any])?["federalWithholding"] as? Double == 461.33)
        #expect((out[2]["error"] as? String)?.contains("w4.allowances") == true, "\(run.stdout)")
        #expect((out[3]["error"] as? String)?.contains("frequency") == true, "\(run.stdout)")
    }
}
