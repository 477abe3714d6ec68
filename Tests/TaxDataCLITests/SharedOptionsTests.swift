import ArgumentParser
import Foundation
@testable import TaxDataCLI
import TaxDataTestSupport
import Testing

/// Options several commands share are declared once (`@OptionGroup`): the same help everywhere,
/// and parsed the same way, in process.
@Suite("Shared options")
struct SharedOptionsTests {
    /// The help line of `--name` in a subcommand's help, unwrapped.
    func helpLine(_ name: String, _ command: ParsableCommand.Type) -> String? {
        TaxDataCommand.helpMessage(for: command, columns: 10_000).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix(name + " ") }
    }

    @Test("each shared option has one help text in every command that takes it")
    func sameHelp() {
        let groups: [(String, [ParsableCommand.Type])] = [
            ("--format <format>", [CheckCommand.self, BuildCommand.self, VerifyCommand.self]),
            ("--format <format>", [CalcCommand.self, FetchCommand.self]),
            ("--key <P.pem>", [VerifyCommand.self, FetchCommand.self]),
            ("--sign-key <K.pem>", [BuildCommand.self, SignCommand.self]),
            ("--sources <sources>", [CalcCommand.self, DiffCommand.self, NewYearCommand.self]),
        ]
        for (option, commands) in groups {
            let lines = commands.map { helpLine(option, $0) }
            #expect(lines.allSatisfy { $0 != nil }, "\(option): \(lines)")
            #expect(Set(lines.compactMap { $0 }).count == 1, "\(option) reads differently: \(lines)")
        }
    }

    @Test("parsed in process: the groups fill the commands' values")
    func parsed() throws {
        let root = packageRoot.path, key = packageRoot.appendingPathComponent("Package.swift").path
        let verify = try VerifyCommand.parse([root + "/Sources/TaxDataClient/Embedded/dist/2026", "--key", key, "--key", key, "--format", "json"])
        #expect(verify.keys == [key, key] && verify.format == .json)
        let calc = try CalcCommand.parse(["--year", "2026", "--status", "single", "--gross", "1", "--sources", root + "/TaxData"])
        #expect(calc.sources == root + "/TaxData" && calc.format == .text)
        #expect(throws: (any Error).self) { try FetchCommand.parse(["--url", "http://x/", "--cache", "c", "--format", "github"]) }
    }
}

@Suite("The signing time")
struct SigningTimeTests {
    @Test("an issuedAt more than a day in the future is refused (it would lock clients out of every real index until then)")
    func future() throws {
        let now = Date(timeIntervalSince1970: 1_795_392_000) // 2026-11-23T00:00:00Z
        let typo = try IndexValidityOptions.parse(["--issued-at", "2062-11-23"])
        #expect(throws: CommandFailure.self) { try typo.resolve(environment: [:], now: now) }
        #expect(throws: CommandFailure.self) { try IndexValidityOptions.parse([]).resolve(environment: ["SOURCE_DATE_EPOCH": "2900000000"], now: now) }
        let today = try IndexValidityOptions.parse(["--issued-at", "2026-11-23T12:00:00Z"]).resolve(environment: [:], now: now)
        #expect(today.issuedAt.secondsSince1970 == 1_795_435_200)
        let past = try IndexValidityOptions.parse([]).resolve(environment: ["SOURCE_DATE_EPOCH": "1767225600"], now: now)
        #expect(past.issuedAt.secondsSince1970 == 1_767_225_600)
    }
}
