import ArgumentParser
import Foundation
@testable import TaxDataCLI
import Testing

/// Issue 32, item 21: every example command in `--help` sits on a line of its own that never wraps
/// at 80 columns, and runs as shown (from a checkout: TaxData/ is there).
@Suite("--help examples")
struct HelpExamplesTests {
    /// `(subcommand, example)` for every line of a discussion that starts with `taxdata `, the
    /// words after two spaces (a description) left out.
    static var examples: [(String, String)] {
        TaxDataCommand.configuration.subcommands.flatMap { command -> [(String, String)] in
            command.configuration.discussion.split(separator: "\n").compactMap { line in
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("taxdata ") else { return nil }
                return (command.configuration.commandName ?? "", String(line))
            }
        }
    }

    @Test("32.21: each example is on its own line, short enough never to wrap at 80 columns")
    func unwrapped() throws {
        try #require(Self.examples.count >= 4, "\(Self.examples)")
        for (command, line) in Self.examples {
            #expect(line.count <= 78, "\(command): \(line.count) columns: \(line)")
        }
        // And as rendered: the line is there, whole.
        for command in TaxDataCommand.configuration.subcommands {
            let help = TaxDataCommand.helpMessage(for: command, columns: 80)
            for (name, line) in Self.examples where name == command.configuration.commandName {
                let example = line.trimmingCharacters(in: .whitespaces)
                #expect(help.contains(example), "\(name)'s help at 80 columns wraps: \(example)")
            }
        }
    }

    @Test("32.21: each example runs as shown", arguments: examples.map(\.1))
    func runs(example: String) async throws {
        let command = example.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0]
        let words = command.split(separator: " ").dropFirst().map(String.init)
        let result = try await taxdata(words + ["--sources", packageRoot.appendingPathComponent("TaxData").path])
        #expect(result.status == 0, "\(command): \(result.stderr)")
    }
}
