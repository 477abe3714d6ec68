import Foundation
import Testing
import TaxCalculator
import TaxDataCore

/// Issue 37: the conformance vectors `build` publishes in each year's vectors form, which `verify`
/// recomputes, and whose inputs are the batch commands' own lines.
@Suite("The vectors form: conformance vectors in every bundle")
struct VectorsFormTests {
    let sources = packageRoot.appendingPathComponent("TaxData").path

    /// The decimal results of a batch line, read from their digits.
    struct Line: Decodable {
        var id: String
        var result: [String: Decimal]?
        /// The sum of the result's `payrollContributions` amounts.
        var contributions: Decimal?
        var error: String?
        enum CodingKeys: String, CodingKey { case id, result, error }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(String.self, forKey: .id)
            error = try c.decodeIfPresent(String.self, forKey: .error)
            // Only the amounts: the other keys of a result are skipped.
            result = try c.decodeIfPresent(Amounts.self, forKey: .result)?.values
            contributions = try c.decodeIfPresent(Lines.self, forKey: .result)?.payrollContributions?.reduce(Decimal(0)) { $0 + $1.amount }
        }
        struct Lines: Decodable {
            struct Line: Decodable { var amount: Decimal }
            var payrollContributions: [Line]?
        }
        struct Amounts: Decodable {
            var values: [String: Decimal] = [:]
            struct Key: CodingKey {
                var stringValue: String
                init?(stringValue: String) { self.stringValue = stringValue }
                var intValue: Int? { nil }
                init?(intValue: Int) { nil }
            }
            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: Key.self)
                for key in c.allKeys { if let value = try? c.decode(Decimal.self, forKey: key) { values[key.stringValue] = value } }
            }
        }
    }

    func batch(_ command: String, _ lines: [Data], in directory: URL) async throws -> [String: Line] {
        let file = directory.appendingPathComponent("\(command).jsonl")
        try Data(lines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n").utf8).write(to: file)
        let run = try await taxdata(command, "--batch", file.path, "--sources", sources)
        #expect(run.status == 0, "\(run.stderr)")
        let decoded = try run.stdout.split(separator: "\n").map { try JSONDecoder().decode(Line.self, from: Data($0.utf8)) }
        return Dictionary(uniqueKeysWithValues: decoded.map { ($0.id, $0) })
    }

    /// A case's input as a batch line: its keys, with the year and the id.
    func line<Input: Encodable>(_ input: Input, id: String, year: Int) throws -> Data {
        var object = try JSONSerialization.jsonObject(with: try CanonicalJSON.encodeCompact(input)) as! [String: Any]
        object["id"] = id
        object["year"] = year
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    @Test("build writes them, verify passes them; every case, run through `calc --batch` or `paycheck --batch`, gives its expected cents")
    func publishedAndReplayed() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dist = tmp.appendingPathComponent("dist")
        let built = try await taxdata("build", sources, "--out", dist.path)
        try #require(built.status == 0, "\(built.stderr)")
        #expect(try await taxdata("verify", dist.path).status == 0)
        let index = try CanonicalJSON.decode(BundleIndex.self, from: Data(contentsOf: dist.appendingPathComponent("index.json")))
        #expect(index.years.allSatisfy { $0.vectors?.manifest == "\($0.taxYear)/vectors/manifest.json" })
        let bytes = try Data(contentsOf: dist.appendingPathComponent("2026/vectors/vectors_2026.json"))
        let vectors = try CanonicalJSON.decode(ConformanceVectors.self, from: bytes)
        // About 2 KB for each state method's cases; a year with every jurisdiction's method stays under 120 KB.
        #expect(bytes.count < 120_000, "the vectors of a year are \(bytes.count) bytes")

        let liability = try await batch("calc", try vectors.liability.map { try line($0.input, id: $0.id, year: 2026) }, in: tmp)
        for vector in vectors.liability {
            let got = try #require(liability[vector.id]?.result, "\(vector.id): \(liability[vector.id]?.error ?? "no line")")
            let expected = vector.expected
            for (key, value) in [("federalIncomeTax", expected.federalIncomeTax), ("socialSecurity", expected.socialSecurity),
                                 ("medicare", expected.medicare), ("stateIncomeTax", expected.stateIncomeTax), ("netPay", expected.netPay)] {
                #expect(got[key].map { ($0 - value).isZero } == true, "\(vector.id) \(key): \(String(describing: got[key])) for \(value)")
            }
        }
        let paychecks = try await batch("paycheck", try vectors.paycheck.map { try line($0.input, id: $0.id, year: 2026) }, in: tmp)
        #expect(vectors.paycheck.count > 60)
        for vector in vectors.paycheck {
            let got = try #require(paychecks[vector.id]?.result, "\(vector.id): \(paychecks[vector.id]?.error ?? "no line")")
            let expected = vector.expected
            for (key, value) in [("federalWithholding", expected.federalWithholding), ("socialSecurity", expected.socialSecurity),
                                 ("medicare", expected.medicare), ("netPay", expected.netPay)] {
                #expect(got[key].map { ($0 - value).isZero } == true, "\(vector.id) \(key)")
            }
            #expect(got["localWithholding"].map { ($0 - (expected.localWithholding ?? -1)).isZero } ?? (expected.localWithholding == nil), "\(vector.id) local")
            if expected.statePayrollContributions > 0 {
                #expect(paychecks[vector.id]?.contributions.map { ($0 - expected.statePayrollContributions).isZero } == true, "\(vector.id) contributions")
            }
            #expect(got["stateWithholding"].map { ($0 - (expected.stateWithholding ?? -1)).isZero } ?? (expected.stateWithholding == nil), "\(vector.id) state")
        }
    }

    @Test("verify refuses vectors that are not what this build computes, even listed and signed consistently (bundle.inconsistent)")
    func tampered() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dist = tmp.appendingPathComponent("dist")
        // A dist whose 2026 vectors say one cent more for one case, with a manifest and index that list them faithfully.
        let files = try BundleBuilder.buildDist(compiledYears) { data in
            var vectors = try ConformanceVectorMaker.make(data)
            if data.meta.taxYear == 2026 { vectors.liability[7].expected.stateIncomeTax += Decimal(string: "0.01")! }
            return vectors
        }
        for file in files {
            let url = dist.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.contents.write(to: url)
        }
        let run = try await taxdata("verify", dist.path)
        #expect(run.status == 1)
        let id = try ConformanceVectorMaker.make(compiledYears.first { $0.meta.taxYear == 2026 }!).liability[7].id
        #expect(run.stdout.contains("2026/vectors/vectors_2026.json") && run.stdout.contains("bundle.inconsistent")
                && run.stdout.contains("first difference: \(id)"), "\(run.stdout)")
        #expect(!run.stdout.contains("2025/vectors"), "\(run.stdout)")
        // An unlisted file beside them is refused too.
        try Data("{}".utf8).write(to: dist.appendingPathComponent("2025/vectors/extra.json"))
        let extra = try await taxdata("verify", dist.path)
        #expect(extra.stdout.contains("2025/vectors/extra.json") && extra.stdout.contains("bundle.unlisted-file"), "\(extra.stdout)")
    }
}
