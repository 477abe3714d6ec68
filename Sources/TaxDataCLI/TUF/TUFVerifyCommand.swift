import ArgumentParser
import Foundation
import TaxDataCore
import TaxDataCrypto
import TaxDataFiles

/// `taxdata tuf verify REPO [--root 1.root.json]`: the repository as a client sees it.
struct TUFVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a TUF repository as a client would: the root chain, timestamp, snapshot, targets and every target.",
        discussion: """
        Starts from --root (the root apps embed; default REPO/metadata/1.root.json), walks every \
        newer root, then the timestamp, snapshot and targets, and reads every target by its hashed \
        name, checking its length and SHA-256: the client's workflow, against the files in REPO. \
        Exit status: 0 a client accepts the repository, 1 refused (the rule says why), 2 usage error.
        """
    )

    @Argument(help: "The TUF repository.")
    var repo: String

    @Option(help: ArgumentHelp("The trusted root to start from (default: REPO/metadata/1.root.json).", valueName: "FILE"))
    var root: String?

    @Option(help: ArgumentHelp("Check as of this time (default now), e.g. 2026-03-01T12:00:00Z.", valueName: "TIME"))
    var now: String?

    func validate() throws {
        if let now, Timestamp(iso8601: now) == nil { throw ValidationError("--now '\(now)' is not a time like 2026-03-01T12:00:00Z") }
    }

    func run() async throws {
        let date = now.flatMap { Timestamp(iso8601: $0) }.map { Date(timeIntervalSince1970: TimeInterval($0.secondsSince1970)) } ?? Date()
        do {
            let trusted: Data?
            if let root {
                do { trusted = try RegularFile.read(root, limit: TUFRole.root.maxBytes) } catch { throw CommandFailure("cannot read --root: \(error)") }
            } else {
                trusted = nil
            }
            let set = try await TUFRepositoryDirectory(root: repo).check(with: TUFPublisher.Output(), trustedRoot: trusted, now: date)
            Console.out("\(repo): OK, \(TUFConsole.describe(set))")
        } catch let error as TUFError {
            Console.out("\(repo): [\(error.rule)] \(error.subject): \(error.message)")
            Console.error("verify failed: a client would refuse \(repo)")
            throw ExitCode(1)
        } catch let error as CommandFailure {
            Console.error("error: \(error.description)")
            throw ExitCode(1)
        }
    }
}
