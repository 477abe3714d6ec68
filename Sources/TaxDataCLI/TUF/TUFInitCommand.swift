import ArgumentParser
import Foundation
import TaxDataCore
import TaxDataCrypto

/// `taxdata tuf init REPO --add root=R.pub … --key R.pem …`: version 1 of root.
struct TUFInitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a TUF repository: version 1 of root, with each role's keys and threshold.",
        discussion: """
        Give every role at least one public key (--add ROLE=P.pem, from `taxdata keygen`) and, for \
        k of n, a threshold (--threshold ROLE=K, default 1). Root's keys are the offline ones: sign \
        with --key for at least its threshold of them. Targets signs data releases; snapshot and \
        timestamp are the online keys CI re-signs with. REPO must not exist or be empty.

        Writes REPO/metadata/1.root.json: the file apps embed as their trusted root.
        """
    )

    @Argument(help: "The repository directory to create.")
    var repo: String

    @Option(name: .customLong("add"), help: ArgumentHelp("A role's public key: ROLE=P.pem (repeat; every role needs one).", valueName: "ROLE=P.pem"))
    var add: [String] = []

    @Option(name: .customLong("threshold"), help: ArgumentHelp("How many of a role's keys must sign: ROLE=K (default 1).", valueName: "ROLE=K"))
    var thresholds: [String] = []

    @OptionGroup var signing: TUFKeyOptions
    @OptionGroup var time: TUFTimeOptions

    func validate() throws {
        try RoleEdits.validate(add: add, revoke: [], thresholds: thresholds)
        if signing.keys.isEmpty { throw ValidationError("give the root keys to sign with: --key R.pem") }
        if let entries = try? FileManager.default.contentsOfDirectory(atPath: repo), !entries.isEmpty {
            throw ValidationError("\(repo) exists and is not empty; a repository is created only in a new or empty directory")
        }
    }

    func run() async throws {
        try await TUFConsole.refusing("init") {
            let now = try time.resolve()
            var roles: [TUFRole: TUFMetadataWriter.RoleKeys] = [:]
            for role in TUFRole.allCases { roles[role] = .init(keys: [], threshold: 1) }
            try RoleEdits.apply(to: &roles, add: add, revoke: [], thresholds: thresholds, from: "the new root")
            let pool = try signing.read()
            let rootIDs = Set(try roles[.root]!.keys.map { try TUFMetadataWriter.keyID($0, crypto: OpenSSLCrypto()) })
            for (key, path) in zip(pool, signing.keys) where !rootIDs.contains(TUFConsole.keyID(key.publicKey)) {
                throw CommandFailure("--key \(path) is not one of the root role's keys (--add root=…); only root keys sign root")
            }
            let output = try TUFPublisher.initialRoot(roles: roles, expires: TUFTimeOptions.days(time.rootValidity, after: now), signers: pool, crypto: OpenSSLCrypto())
            let bytes = output.metadata["1.root.json"]!
            // What a client does first with an embedded root: its own threshold must be met.
            let set = try TUFTrustedSet(trustedRoot: bytes, now: now, crypto: OpenSSLCrypto())
            try set.checkRoot()
            try TUFRepositoryDirectory(root: repo).write(output)
            Console.out("wrote \(repo)/metadata/1.root.json: root version 1, expires \(TUFMetadataWriter.time(set.root.expires))")
            for line in RoleEdits.describe(set.root) { Console.out(line) }
            Console.error("embed \(repo)/metadata/1.root.json in the app as its trusted root; next: `taxdata tuf sign-release dist --repo \(repo)`")
        }
    }
}
