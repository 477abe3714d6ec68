import ArgumentParser
import Foundation
@testable import TaxDataCLI
import Testing

/// The README's shell recipes, run verbatim (extracted from README.md, so they cannot drift) in a
/// scratch directory laid out like a checkout: `TaxData/` copied, `.build/debug/taxdata` linked to
/// the binary under test, `HOME` and `TMPDIR` inside the scratch directory.
@Suite("README recipes run as shown")
struct ReadmeCommandTests {
    struct Scratch {
        var root: URL
        var environment: [String: String]
        var home: URL { root.appendingPathComponent("home") }
        var tmp: URL { root.appendingPathComponent("tmp") }
    }

    func scratch() throws -> Scratch {
        let root = try temporaryDirectory()
        let fm = FileManager.default
        try fm.copyItem(at: packageRoot.appendingPathComponent("TaxData"), to: root.appendingPathComponent("TaxData"))
        try fm.createDirectory(at: root.appendingPathComponent(".build/debug"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: root.appendingPathComponent(".build/debug/taxdata").path, withDestinationPath: taxdataBinary)
        var environment = ProcessInfo.processInfo.environment
        let scratch = Scratch(root: root, environment: [:])
        for directory in [scratch.home, scratch.tmp] {
            try fm.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        }
        environment["HOME"] = scratch.home.path
        environment["TMPDIR"] = scratch.tmp.path
        return Scratch(root: root, environment: environment)
    }

    /// Runs README lines with bash, stopping at the first failing command.
    func bash(_ script: String, in scratch: Scratch) throws -> RunResult {
        try run("/bin/bash", ["-c", "set -euo pipefail\n" + script], environment: scratch.environment, cwd: scratch.root)
    }

    func shellBlock(containing marker: String) throws -> String {
        let blocks = fencedBlocks(try readme(), language: "sh").filter { $0.contains(marker) }
        try #require(blocks.count == 1, "README.md has \(blocks.count) sh blocks containing '\(marker)'; expected one")
        return blocks[0]
    }

    @Test("signing: keygen creates ~/secrets (0700), build and verify name the key id, the OpenSSL audit and reverse recipes run literally and leave dist/ untouched")
    func signingRecipes() throws {
        let scratch = try scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let signing = try shellBlock(containing: "keygen --private ~/secrets")
        let audit = try shellBlock(containing: "pkeyutl -verify")
        let reverse = try shellBlock(containing: "pkeyutl -sign")

        let signed = try bash(signing, in: scratch)
        try #require(signed.status == 0, "\(signed.stdout)\(signed.stderr)")
        let keyLine = try #require(signed.stdout.split(separator: "\n").first { $0.hasPrefix("key id: ") })
        let keyID = String(keyLine.dropFirst("key id: ".count))
        #expect(keyID.count == 64 && keyID.allSatisfy(\.isHexDigit))
        let secrets = scratch.home.appendingPathComponent("secrets").path
        #expect(try FileManager.default.attributesOfItem(atPath: secrets)[.posixPermissions] as? Int == 0o700)
        #expect(try FileManager.default.attributesOfItem(atPath: scratch.home.path)[.posixPermissions] as? Int == 0o755,
                "an existing directory keeps its mode")
        #expect(signed.stderr.contains("signed the manifests and index.json with key \(keyID)"), "\(signed.stderr)")
        #expect(signed.stderr.contains("signed by trusted key \(keyID)"), "\(signed.stderr)")
        #expect(signed.stderr.contains("signed index.json with key \(keyID)"), "taxdata sign ran: \(signed.stderr)")
        let index = try String(contentsOf: scratch.root.appendingPathComponent("dist/index.json"), encoding: .utf8)
        #expect(index.contains("\"issuedAt\"") && index.contains("\"expires\""), "\(index)")

        let dist = scratch.root.appendingPathComponent("dist")
        let before = try snapshot(dist)
        // One shell session, as a reader pastes them: the reverse recipe reuses $dist and $work.
        let audited = try bash(audit + reverse, in: scratch)
        #expect(audited.status == 0, "\(audited.stdout)\(audited.stderr)")
        #expect(audited.stdout.contains("Signature Verified Successfully"))
        let emptyInputSHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        #expect(!audited.stdout.contains(emptyInputSHA256))
        // sha256sum of the DER and the envelope's keyId both print the key id keygen printed.
        #expect(audited.stdout.components(separatedBy: keyID).count - 1 == 2, "\(audited.stdout)")
        #expect(audited.stderr.contains("signed by trusted key "), "the OpenSSL-made signature verified: \(audited.stderr)")
        #expect(try snapshot(dist) == before, "the recipes wrote into dist/")
        for (name, bytes) in try snapshot(dist) {
            #expect(!String(decoding: bytes, as: UTF8.self).contains("PRIVATE KEY"), "a private key in dist/\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.tmp.path).isEmpty, "the temporary directory is removed")
    }

    @Test("the yearly update's publishing steps run as shown: sign the release's manifests and index, publish, re-sign on a schedule")
    func publishingSteps() throws {
        let scratch = try scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let steps = try shellBlock(containing: "new-year 2027")
        // Steps 1-5 edit and build the sources; what they leave is an unsigned release in dist/.
        let setup = """
            .build/debug/taxdata keygen --private ~/secrets/taxdata-2026.key.pem --public keys/taxdata-2026.pub.pem
            .build/debug/taxdata build --out dist
            """
        let publishing = steps.split(separator: "\n").drop { !$0.contains("# 6.") }.map(String.init)
        #expect(publishing.filter { $0.hasPrefix(".build/debug/taxdata sign ") }.count == 2, "\(publishing)")
        let result = try bash(setup + "\n" + publishing.joined(separator: "\n"), in: scratch)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("signed the manifests and index.json with key"), "\(result.stderr)")
        #expect(result.stderr.contains("signed index.json with key"), "\(result.stderr)")
        let verified = try bash(".build/debug/taxdata verify published --key keys/taxdata-2026.pub.pem --require-signature", in: scratch)
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        #expect(!verified.stdout.contains("index.expired"))
    }

    @Test("the sign example in --help runs as shown, on a dist signed with K.pem")
    func helpSignExample() throws {
        let scratch = try scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let line = try #require(TaxDataCommand.helpMessage(columns: 10_000).split(separator: "\n").first { $0.contains("taxdata sign ") })
        var example = String(line[line.range(of: "taxdata sign ")!.lowerBound...])
        if let cut = example.range(of: "  ") { example = String(example[..<cut.lowerBound]) }
        #expect(example == "taxdata sign dist --sign-key K.pem", "\(example)")
        let setup = try bash("""
            .build/debug/taxdata keygen --private K.pem --public P.pem
            .build/debug/taxdata build --out dist --sign-key K.pem --issued-at 2026-01-01
            """, in: scratch)
        try #require(setup.status == 0, "\(setup.stderr)")
        let result = try bash(".build/debug/" + example, in: scratch)
        #expect(result.status == 0 && result.stderr.contains("signed index.json with key"), "\(result.stderr)")
    }

    /// Every `taxdata <command> …` example in the --help texts of the root and of that subcommand
    /// (unwrapped), cut where the explanation begins.
    static func helpExamples(_ command: String, subcommand: ParsableCommand.Type) -> [String] {
        let texts = [TaxDataCommand.helpMessage(columns: 10_000), TaxDataCommand.helpMessage(for: subcommand, columns: 10_000)]
        var examples: [String] = []
        for text in texts {
            for line in text.split(separator: "\n") {
                guard let start = line.range(of: "taxdata \(command) ") else { continue }
                var command = String(line[start.lowerBound...])
                for end in ["  ", " ("] { if let cut = command.range(of: end) { command = String(command[..<cut.lowerBound]) } }
                if !command.contains("<") { examples.append(command) } // the usage line, not an example
            }
        }
        return examples
    }

    @Test("every calc example in --help runs as shown")
    func helpCalcExamples() throws {
        let scratch = try scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let examples = Self.helpExamples("calc", subcommand: CalcCommand.self)
        #expect(examples.count >= 4, "\(examples)")
        // The batch example reads cases.jsonl from the working directory.
        try Data(#"{"id":"a","year":2026,"status":"single","state":"CA","gross":"100000"}"#.utf8 + [0x0A])
            .write(to: scratch.root.appendingPathComponent("cases.jsonl"))
        for example in examples {
            let result = try bash(".build/debug/" + example, in: scratch)
            #expect(result.status == 0, "\(example): \(result.stderr)")
            #expect(!result.stdout.contains("\"error\""), "\(example): \(result.stdout)")
        }
    }

    @Test("every diff example in --help runs as shown")
    func helpDiffExamples() throws {
        let scratch = try scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let examples = Self.helpExamples("diff", subcommand: DiffCommand.self)
        #expect(examples.contains("taxdata diff 2025 2026 --derived --only fica"), "\(examples)")
        #expect(examples.count >= 4, "\(examples)")
        for example in examples {
            let result = try bash(".build/debug/" + example, in: scratch)
            #expect(result.status == 0, "\(example): \(result.stderr)")
            #expect(result.stdout.contains("taxdata diff 2025 → 2026") || result.stdout.contains("Tax data diff: 2025 → 2026"), "\(example): \(result.stdout)")
        }
    }

    @Test("32.12: the README's Package.swift pins this release exactly, links TaxDataClient, and says its URL is a placeholder")
    func readmePackageManifest() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = fencedBlocks(text, language: "swift").filter { $0.contains("import PackageDescription") }
        try #require(blocks.count == 1, "README.md has \(blocks.count) Package.swift blocks; expected one")
        #expect(blocks[0].contains("exact: \"\(TaxDataCommand.toolVersion)\""), "the README pins another release than \(TaxDataCommand.toolVersion)")
        #expect(blocks[0].contains(".product(name: \"TaxDataClient\", package: \"taxdata\")"))
        #expect(blocks[0].contains("Placeholder"))
        let changelog = try String(contentsOf: packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(changelog.contains("## \(TaxDataCommand.toolVersion) "), "CHANGELOG.md has no entry for \(TaxDataCommand.toolVersion)")
    }

    @Test("every calc, diff, localities and paycheck example in the README and docs/calculator.md runs and prints exactly what they show")
    func readmeOutputExamples() throws {
        let scratch = try scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        var examples: [String: Int] = [:]
        let calculator = try String(contentsOf: packageRoot.appendingPathComponent("docs/calculator.md"), encoding: .utf8)
        for block in fencedBlocks(try readme(), language: "sh") + fencedBlocks(calculator, language: "sh") {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            for (index, line) in lines.enumerated() {
                guard let command = ["calc", "diff", "localities", "paycheck"].first(where: { line.hasPrefix("$ .build/debug/taxdata \($0) ") }) else { continue }
                examples[command, default: 0] += 1
                let shown = lines[(index + 1)...].prefix { !$0.hasPrefix("$ ") }.joined(separator: "\n")
                let result = try bash(String(line.dropFirst(2)), in: scratch)
                #expect(result.status == 0, "\(line): \(result.stderr)")
                #expect(result.stdout == shown + "\n", "\(line): the README shows\n\(shown)\nbut \(command) printed\n\(result.stdout)")
            }
        }
        #expect(examples["calc", default: 0] >= 5 && examples["diff", default: 0] >= 2 && examples["localities", default: 0] >= 1
                && examples["paycheck", default: 0] >= 2, "\(examples)")
    }

    @Test("the yearly update's scaffold and review steps run as shown: the review marks what is provisional, and an untouched scaffold lowers nothing")
    func yearlyUpdate() throws {
        let scratch = try scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let block = try shellBlock(containing: "new-year 2027")
        let lines = block.split(separator: "\n").map(String.init)
        let scaffold = try #require(lines.first { $0.hasPrefix(".build/debug/taxdata new-year ") })
        let review = try #require(lines.first { $0.hasPrefix(".build/debug/taxdata diff ") })
        let scaffolded = try bash(scaffold, in: scratch)
        try #require(scaffolded.status == 0, "\(scaffolded.stderr)")
        let reviewed = try bash(review, in: scratch)
        #expect(reviewed.status == 0, "\(reviewed.stderr)")
        #expect(reviewed.stdout.split(separator: "\n").contains { $0.hasPrefix("  ~ standardDeduction.single ") && $0.hasSuffix(" 16100 → 16500  +400 (+2.48%)  [provisional, estimated]") },
                "\(reviewed.stdout)")
        #expect(reviewed.stdout.contains("derived change(s) not shown (--derived shows them)"))
        // (A withholding method that changed during the year starts the next as its later method, whose
        // printed base taxes are its own: those lines are the method's change, not an indexed floor's.)
        #expect(!reviewed.stdout.split(separator: "\n").contains { ($0.contains(".floor") || $0.contains(".baseTax")) && !$0.contains("withholding.") },
                "\(reviewed.stdout)")
        // An untouched scaffold lowers nothing (retirement limits round the increase, not the total).
        #expect(!reviewed.stdout.contains("[sanity.indexed-decrease]"), "\(reviewed.stdout)")
    }
}
