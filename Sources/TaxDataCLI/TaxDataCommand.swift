import ArgumentParser
import Foundation
import TaxDataCore

/// `taxdata`: compiles, validates, verifies and publishes US tax data bundles.
public struct TaxDataCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "taxdata",
        abstract: "Compile hand-written US tax data (YAML) into validated, versioned JSON bundles.",
        discussion: """
        Tax figures are written by hand, one directory per tax year, in TaxData/<year>/ \
        (see docs/authoring.md). The usual cycle is:

          taxdata check                 validate the sources and print file:line:column findings
          taxdata build --out dist      compile them into dist/<year>/ bundles with SHA-256 manifests
          taxdata verify dist           prove a published dist is intact and valid (for CI)
          taxdata diff 2025 2026        what changed between two years or bundles, with sanity warnings
          taxdata new-year 2027 --from 2026 --index 2.7%   scaffold next year, values marked provisional
          taxdata calc --year 2026 --status single --state CA --gross 100000   a paycheck breakdown
          taxdata keygen                create an Ed25519 key pair to sign bundles with
          taxdata sign dist --sign-key K.pem   re-sign index.json with a new validity (from CI, on a schedule)
          taxdata fetch --url U --cache D   refresh like an app: remote → cache → embedded
          taxdata serve dist            serve a dist over HTTP (with --fault to misbehave on purpose)
          taxdata tuf --help            publish a dist as a TUF repository (root rotation, thresholds)

        Exit codes: 0 success, 1 findings or failure, 2 usage error.
        """,
        version: "taxdata \(toolVersion) (bundle schema \(SchemaVersion.current))",
        subcommands: [CheckCommand.self, BuildCommand.self, VerifyCommand.self, KeygenCommand.self, SignCommand.self, FetchCommand.self, ServeCommand.self, DiffCommand.self, NewYearCommand.self, CalcCommand.self, LocalitiesCommand.self, PaycheckCommand.self, ShareSubtreesCommand.self, TUFCommand.self]
    )

    /// This tool's version (bump it with each release of the tool). `taxdata --version` prints it
    /// with `SchemaVersion.current`, the bundle schema of this build's model (`new-year` scaffolds
    /// it; a year's manifest carries the schema version its `year.yaml` declares).
    public static let toolVersion = "1.1.0"

    public init() {}

    /// Runs the tool and returns its exit code: 0 ok, 1 failed, 2 usage error.
    public static func run(_ arguments: [String]) async -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { Console.out(message) }
                return 0
            }
            if !message.isEmpty { Console.error(message) }
            return code == .validationFailure ? 2 : code.rawValue
        }
    }
}
