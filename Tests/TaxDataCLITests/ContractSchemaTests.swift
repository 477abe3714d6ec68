import Foundation
import Testing

/// The published contract (docs/contract/): the JSON Schemas validate what `taxdata build` writes and
/// what older minors wrote, refuse what the contract does not allow, and are themselves valid; the
/// validator is python-jsonschema (scripts/validate-contract.py), as another platform would run it.
@Suite("The published contract: JSON Schemas and OpenAPI")
struct ContractSchemaTests {
    static let schemaDirectory = packageRoot.appendingPathComponent("docs/contract/schemas")

    @Test("every file of a freshly built, signed dist validates against its schema, and every dist file has one")
    func builtDistValidates() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dist = try buildSignedDist(in: tmp)
        let (run, results) = try contractResults([dist.path])
        let documents = try #require(results, "not the validator's JSON: \(run.stdout)\(run.stderr)")
        for document in documents {
            #expect(document.errors.isEmpty, "\(document.file) [\(document.schema ?? "no schema")]: \(document.errors.map { "\($0.path): \($0.message)" })")
        }
        #expect(run.status == 0, "\(run.stderr)")
        // Every file of the dist was validated, each against a schema.
        let validated = Set(documents.map { String($0.file.dropFirst(dist.path.count + 1)) })
        #expect(validated == Set(try snapshot(dist).keys))
        #expect(validated.contains("index.json.sig") && validated.contains("2026/manifest.json.sig"))
        #expect(documents.allSatisfy { $0.schema != nil })
        // Every schema is used by a dist file, except the shared definitions, the state (inside states)
        // and the version answer (an endpoint, validated by ContractConformanceTests and the server tests).
        let schemas = Set(try FileManager.default.contentsOfDirectory(atPath: Self.schemaDirectory.path)
            .filter { $0.hasSuffix(".schema.json") }.map { String($0.dropLast(".schema.json".count)) })
        #expect(Set(documents.compactMap(\.schema)).union(["defs", "state", "version"]) == schemas)
    }

    @Test("the schemas are valid 2020-12 schemas with $schema and $id; openapi.yaml is OpenAPI 3.1 and every $ref resolves")
    func schemasAreValid() throws {
        let result = try validateContract(["--check-schemas"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("0 problem(s)"), "\(result.stdout)")
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.schemaDirectory.path) where name.hasSuffix(".schema.json") {
            let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaDirectory.appendingPathComponent(name))) as? [String: Any]
            #expect(schema?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema", "\(name)")
            #expect((schema?["$id"] as? String)?.hasSuffix("/" + name) == true, "\(name)")
        }
    }

    @Test("--check-schemas finds an invalid schema, a dangling $ref in a schema and one in openapi.yaml")
    func brokenContractIsCaught() throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let copy = tmp.appendingPathComponent("contract")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("docs/contract"), to: copy)
        func edit(_ relative: String, _ old: String, _ new: String) throws {
            let url = copy.appendingPathComponent(relative)
            let text = try String(contentsOf: url, encoding: .utf8)
            try #require(text.contains(old), "\(relative) has no '\(old)'")
            try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
        }
        try edit("schemas/fica.schema.json", "\"type\": \"object\"", "\"type\": \"dictionary\"")
        try edit("schemas/retirement.schema.json", "#/$defs/deferralPlan", "#/$defs/plan")
        try edit("openapi.yaml", "schemas/index.schema.json", "schemas/indices.schema.json")
        // A key added to the withholding method and forgotten in its later methods (midYear's items).
        try edit("schemas/state.schema.json", "        \"federalFilingStatus\": {\"description\"",
                 "        \"newerKey\": {\"type\": \"boolean\"}, \"federalFilingStatus\": {\"description\"")
        let result = try validateContract(["--check-schemas", "--contract", copy.path])
        #expect(result.status == 2)
        #expect(result.stdout.contains("fica.schema.json: not a valid 2020-12 schema"), "\(result.stdout)")
        #expect(result.stdout.contains("retirement.schema.json: $ref at /properties/401k does not resolve"), "\(result.stdout)")
        #expect(result.stdout.contains("$ref 'schemas/indices.schema.json'"), "\(result.stdout)")
        #expect(result.stdout.contains("withholding.midYear's items differ from the method at 'newerKey'"), "\(result.stdout)")
    }

    @Test("the schemas accept the documents of the previous minor (a real 1.5 bundle, which verify still accepts) and of 1.2")
    func previousMinorsAccepted() async throws {
        let previous = packageRoot.appendingPathComponent("Fixtures/contract/schema-1.5")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: previous.appendingPathComponent("2026/manifest.json"))) as? [String: Any]
        #expect(manifest?["schemaVersion"] as? String == "1.5")
        let verified = try await taxdata("verify", previous.appendingPathComponent("2026").path)
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        // The current bundle has keys 1.5 did not (1.6's); the schemas must take both.
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let built = try buildSignedDist(in: tmp)
        let current = try JSONSerialization.jsonObject(with: Data(contentsOf: built.appendingPathComponent("2026/states_2026.json")))
        let old = try JSONSerialization.jsonObject(with: Data(contentsOf: previous.appendingPathComponent("2026/states_2026.json")))
        #expect(!allKeys(current).subtracting(allKeys(old)).isEmpty, "the 1.5 fixture should lack the keys 1.6 added")
        let oldest = packageRoot.appendingPathComponent("Fixtures/verify/_valid")
        let oldestManifest = try JSONSerialization.jsonObject(with: Data(contentsOf: oldest.appendingPathComponent("manifest.json"))) as? [String: Any]
        #expect(oldestManifest?["schemaVersion"] as? String == "1.2")

        let (run, results) = try contractResults([previous.path, oldest.path])
        let documents = try #require(results, "\(run.stdout)\(run.stderr)")
        #expect(documents.count == 13)
        for document in documents {
            #expect(document.errors.isEmpty, "\(document.file): \(document.errors.map { "\($0.path): \($0.message)" })")
        }
        #expect(run.status == 0)
    }

    /// A change to one file of a built dist and the JSON Schema keyword that must refuse it, at that path.
    struct Refusal: CustomStringConvertible, Sendable {
        var file: String
        var pointer: [String]
        var value: (any Sendable)?
        var keyword: String
        var at: String
        var description: String
    }

    static let refusals: [Refusal] = [
        .init(file: "2026/federal_2026.json", pointer: ["bonusDeduction"], value: 1000, keyword: "additionalProperties", at: "",
              description: "an unknown field in a document"),
        .init(file: "2026/states_2026.json", pointer: ["states", "CA", "brackets", "single", "0", "surtax"], value: 1,
              keyword: "additionalProperties", at: "/states/CA/brackets/single/0", description: "an unknown field in a bracket"),
        .init(file: "2026/fica_2026.json", pointer: ["socialSecurity", "wageBase"], value: "184500", keyword: "type",
              at: "/socialSecurity/wageBase", description: "an amount written as a string"),
        .init(file: "2026/retirement_2026.json", pointer: ["401k", "catchUpAge"], value: 50.5, keyword: "type",
              at: "/401k/catchUpAge", description: "an age that is not a whole number"),
        .init(file: "2026/manifest.json", pointer: ["checksums"], value: nil, keyword: "required", at: "",
              description: "a manifest without checksums"),
        .init(file: "2026/combined_2026.json", pointer: ["federal"], value: nil, keyword: "required", at: "",
              description: "a combined document without its federal part"),
        .init(file: "2026/federal_2026.json", pointer: ["standardDeduction", "single"], value: nil, keyword: "required",
              at: "/standardDeduction", description: "a filing status missing from a table"),
        .init(file: "2026/federal_2026.json", pointer: ["standardDeduction", "married"], value: 1, keyword: "enum",
              at: "/standardDeduction", description: "an unknown filing status"),
        .init(file: "2026/states_2026.json", pointer: ["states", "CA", "brackets", "single", "0", "ceiling"], value: nil,
              keyword: "required", at: "/states/CA/brackets/single/0", description: "a bracket without its ceiling"),
        .init(file: "2026/states_2026.json", pointer: ["states", "CA", "type"], value: "flat", keyword: "required",
              at: "/states/CA", description: "a flat state with brackets and no rate"),
        .init(file: "2026/states_2026.json", pointer: ["states", "CA", "rate"], value: -0.01, keyword: "minimum",
              at: "/states/CA/rate", description: "a negative rate"),
        .init(file: "2026/manifest.json", pointer: ["effectiveDate"], value: "2026-02-30", keyword: "format",
              at: "/effectiveDate", description: "a date that does not exist"),
        .init(file: "2026/manifest.json", pointer: ["version"], value: "2026.02.0", keyword: "pattern",
              at: "/version", description: "a version with a leading zero"),
        .init(file: "index.json", pointer: ["years", "0", "manifestChecksum"], value: "md5:0", keyword: "pattern",
              at: "/years/0/manifestChecksum", description: "a checksum that is not sha256:<hex>"),
        .init(file: "2026/manifest.json.sig", pointer: ["signatures", "0", "keyId"], value: nil, keyword: "required",
              at: "/signatures/0", description: "a signature without its key id"),
        .init(file: "index.json", pointer: ["expires"], value: nil, keyword: "dependentRequired", at: "",
              description: "a signed index with issuedAt but no expires"),
        .init(file: "index.json", pointer: ["issuedAt"], value: "2026-03-01T12:00:00+02:00", keyword: "pattern",
              at: "/issuedAt", description: "an issuedAt that is not UTC to the second with Z"),
    ]

    @Test("a document with an unknown field, a wrong type or a missing required key is refused, at its path")
    func refusals() async throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dist = try buildSignedDist(in: tmp)
        let cases = tmp.appendingPathComponent("cases")
        // Case 0 is each file unchanged (re-serialized the same way): it must be valid.
        for (index, refusal) in ([nil] + Self.refusals.map { Optional($0) }).enumerated() {
            for file in refusal.map({ [$0.file] }) ?? Array(Set(Self.refusals.map(\.file))) {
                var document = try JSONSerialization.jsonObject(with: Data(contentsOf: dist.appendingPathComponent(file)))
                // Two states are enough to refuse a change to one and keep the run short.
                if var object = document as? [String: Any], let states = object["states"] as? [String: Any] {
                    object["states"] = states.filter { ["CA", "NY"].contains($0.key) }
                    document = object
                }
                if let refusal {
                    #expect(value(at: Array(refusal.pointer.dropLast()), in: document) != nil, "\(refusal): no parent")
                    document = try replacing(refusal.pointer[...], in: document, with: refusal.value)
                }
                let url = cases.appendingPathComponent("\(index)/\(file)")
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: url)
            }
        }
        let (run, results) = try contractResults([cases.path])
        let documents = try #require(results, "\(run.stdout)\(run.stderr)")
        #expect(run.status == 1)
        for document in documents where document.file.hasPrefix(cases.appendingPathComponent("0/").path) {
            #expect(document.errors.isEmpty, "unchanged \(document.file): \(document.errors.map(\.message))")
        }
        for (offset, refusal) in Self.refusals.enumerated() {
            let path = cases.appendingPathComponent("\(offset + 1)/\(refusal.file)").path
            let errors = documents.first { $0.file == path }?.errors ?? []
            #expect(errors.contains { $0.keyword == refusal.keyword && $0.path == refusal.at },
                    "\(refusal): expected [\(refusal.keyword)] at '\(refusal.at)', got \(errors.map { "[\($0.keyword)] '\($0.path)' \($0.message)" })")
        }
    }

    @Test("a file no schema covers, a duplicate key, NaN and a non-JSON file are refused")
    func unparseableAndUncovered() throws {
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let inputs = [
            "2026/notes.txt": "a stray file",
            "2026/fica_2026.json": #"{"year": 2026, "year": 2027}"#,
            "2026/federal_2026.json": #"{"year": NaN}"#,
            "2026/manifest.json": "<html>Service unavailable</html>",
        ]
        for (name, text) in inputs {
            let url = tmp.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let (run, results) = try contractResults([tmp.path])
        let documents = try #require(results, "\(run.stdout)\(run.stderr)")
        #expect(run.status == 1)
        #expect(documents.count == inputs.count)
        func errors(_ name: String) -> [String] {
            documents.first { $0.file == tmp.appendingPathComponent(name).path }?.errors.map(\.message) ?? []
        }
        #expect(errors("2026/notes.txt").contains { $0.contains("no schema") })
        #expect(errors("2026/fica_2026.json").contains { $0.contains("duplicate key 'year'") })
        #expect(errors("2026/federal_2026.json").contains { $0.contains("NaN") })
        #expect(errors("2026/manifest.json").contains { $0.contains("not JSON") })
    }

    @Test("the README's \"For other platforms\" commands run as shown, on a freshly built dist/")
    func readmeCommands() async throws {
        let text = try readme()
        let start = try #require(text.range(of: "\n## For other platforms"))
        let section = text[start.upperBound...].components(separatedBy: "\n## ")[0]
        let blocks = section.components(separatedBy: "```sh\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        let commands = blocks.flatMap { $0.split(separator: "\n").map(String.init) }.filter { !$0.hasPrefix("#") && !$0.isEmpty }
        try #require(!commands.isEmpty, "no command in the section")
        // The commands run from the repository root with `make`'s dist/: here a fresh build beside links to scripts/ and docs/.
        let tmp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let root = tmp.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        _ = try buildSignedDist(in: root)
        for link in ["scripts", "docs"] {
            try FileManager.default.createSymbolicLink(at: root.appendingPathComponent(link), withDestinationURL: packageRoot.appendingPathComponent(link))
        }
        for command in commands {
            let result = try run("/bin/sh", ["-c", command], cwd: root)
            #expect(result.status == 0, "\(command)\n\(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains(": 0 invalid"), "\(command)\n\(result.stdout)")
        }
    }

    @Test("every relative link in the README and docs/ names a file in the repository; nothing points outside it")
    func linksResolve() throws {
        let docs = packageRoot.appendingPathComponent("docs")
        let pages = [packageRoot.appendingPathComponent("README.md")]
            + (try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil)).filter { $0.pathExtension == "md" }
        let link = try Regex(#"\]\(([^)#\s]+)(#[^)]*)?\)"#)
        var checked = 0
        for page in pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            #expect(!text.contains("shared/design"), "\(page.lastPathComponent) refers to a document outside the repository")
            for match in text.matches(of: link) {
                let target = String(match.output[1].substring ?? "")
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                let resolved = page.deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL
                #expect(FileManager.default.fileExists(atPath: resolved.path), "\(page.lastPathComponent): broken link \(target)")
                #expect(resolved.path.hasPrefix(packageRoot.standardizedFileURL.path), "\(page.lastPathComponent): \(target) leaves the repository")
                checked += 1
            }
        }
        #expect(checked > 5)
        #expect(try String(contentsOf: docs.appendingPathComponent("authoring.md"), encoding: .utf8).contains("](bundle-contract.md)"))
    }
}
