import Foundation
import Hummingbird
import HummingbirdTesting
import TaxDataServer
import TaxDataTestSupport
import Testing

/// The version answer (an endpoint, not a dist file) against docs/contract/schemas/version.schema.json,
/// with the contract's validator (python-jsonschema, scripts/validate-contract.py).
@Suite("The version answer matches its JSON Schema")
struct VersionAnswerContractTests {
    @Test("every form of GET /v1/tax-data/{year}/version validates; the answer without changeLog does not")
    func versionAnswers() async throws {
        let dist = try makeDist()
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dist); try? FileManager.default.removeItem(at: tmp) }
        let app = Application(router: TaxDataServer(dist: DistDirectory(root: dist)).buildRouter(), logger: quietLogger)
        let answers = try await app.test(.router) { client -> [URL] in
            var files: [URL] = []
            for (index, query) in ["", "?current=\(dataVersion(plus: 1))", "?current=\(dataVersion())", "?current=2026.0.9", "?current=latest"].enumerated() {
                let body = try await client.execute(uri: "/v1/tax-data/2026/version\(query)", method: .get) { response -> Data in
                    #expect(response.status == .ok, "\(query)")
                    return Data(buffer: response.body)
                }
                let file = tmp.appendingPathComponent("answer-\(index).json")
                try body.write(to: file)
                files.append(file)
            }
            return files
        }
        // The same answer without a key the contract requires must be refused (the validator runs).
        var stripped = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: answers[0])) as? [String: Any])
        stripped["changeLog"] = nil
        let missing = tmp.appendingPathComponent("missing-changeLog.json")
        try JSONSerialization.data(withJSONObject: stripped).write(to: missing)

        let script = packageRoot.appendingPathComponent("scripts/validate-contract.py").path
        let valid = try run("/usr/bin/env", ["python3", script, "--schema", "version"] + answers.map(\.path))
        #expect(valid.status == 0, "\(valid.stdout)\(valid.stderr)")
        #expect(valid.stdout.contains("validated \(answers.count) file(s): 0 invalid"), "\(valid.stdout)")
        let invalid = try run("/usr/bin/env", ["python3", script, "--schema", "version", missing.path])
        #expect(invalid.status == 1)
        #expect(invalid.stdout.contains("'changeLog' is a required property"), "\(invalid.stdout)")
    }
}
