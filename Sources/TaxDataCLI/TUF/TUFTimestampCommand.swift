import ArgumentParser
import Foundation
import TaxDataCore
import TaxDataCrypto

/// `taxdata tuf timestamp REPO --key TS.pem [--key S.pem]`: the scheduled online re-signing.
struct TUFTimestampCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timestamp",
        abstract: "Re-sign the timestamp (and, with a snapshot key, the snapshot) with a new expiry.",
        discussion: """
        The online re-signing CI runs on a schedule, well before the timestamp expires (default \
        validity 30 days: weekly). With a --key of the timestamp role, a new timestamp names the \
        same snapshot; with a --key of the snapshot role too, a new snapshot of the same targets is \
        signed first (required when the snapshot would expire before the new timestamp). Clients that cannot get a timestamp newer than an expired one keep their data \
        and report it expired (a freeze attack, or a stalled schedule).
        """
    )

    @Argument(help: "The TUF repository.")
    var repo: String

    @OptionGroup var signing: TUFKeyOptions
    @OptionGroup var time: TUFTimeOptions

    func validate() throws {
        if signing.keys.isEmpty { throw ValidationError("give the timestamp key: --key TS.pem") }
    }

    func run() async throws {
        try await TUFConsole.refusing("timestamp") {
            let now = try time.resolve()
            let directory = TUFRepositoryDirectory(root: repo)
            let current = try directory.current()
            let pool = try signing.read()
            try TUFKeyOptions.requireUsed(pool, paths: signing.keys, roots: [current.root])
            let crypto = OpenSSLCrypto()
            let timestampKeys = try TUFPublisher.signers(pool, for: .timestamp, in: current.root, crypto: crypto)
            guard !timestampKeys.isEmpty else { throw CommandFailure("no --key of the timestamp role of root version \(current.root.version) was given") }
            let snapshotKeys = try TUFPublisher.signers(pool, for: .snapshot, in: current.root, crypto: crypto)
            let output = try TUFPublisher.resign(current, expires: TUFTimeOptions.days(time.validity, after: now),
                                                 snapshotSigners: snapshotKeys.isEmpty ? nil : snapshotKeys, timestampSigners: timestampKeys, crypto: crypto)
            // A timestamp that outlives the snapshot it names is worth nothing after that day.
            let expires = TUFTimeOptions.days(time.validity, after: now)
            if snapshotKeys.isEmpty, let snapshot = current.snapshot, snapshot.expires < expires {
                throw CommandFailure("the snapshot (version \(snapshot.version)) expires \(TUFMetadataWriter.time(snapshot.expires)), before the new timestamp would: clients would report the data expired then. Give the snapshot key too (--key S.pem), and it is signed again")
            }
            let set = try await directory.check(with: output, trustedRoot: nil, now: now)
            try directory.write(output)
            Console.out("re-signed \(repo): " + TUFConsole.describe(set))
        }
    }
}
