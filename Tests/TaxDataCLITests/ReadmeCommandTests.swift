import Foundation
import Testing

/// The README's shell recipes, run verbatim (extracted from README.md, so they cannot drift) in a
/// scratch directory laid out like a checkout: `TaxData/` copied, `.build/debug/taxdata` linked to
/// the binary under test, `HOME` and `TMPDIR` inside the scratch directory.
@Suite("README recipes run as shown", .serialized)
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
        let signing = try shellBlock(containing: "keygen --private")
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
}
