import ArgumentParser
import Foundation
import TaxDataCore
import TaxDataCrypto

/// `taxdata tuf rotate-root REPO --add/--revoke ROLE=P.pem --threshold ROLE=K --key …`: root N+1.
struct TUFRotateRootCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-root",
        abstract: "Add or revoke keys, or change thresholds: the next version of root.",
        discussion: """
        Root version N+1 lists the current roles with the keys added (--add ROLE=P.pem) and revoked \
        (--revoke ROLE=P.pem) and the thresholds changed (--threshold ROLE=K); with none of them it \
        only extends root's expiry. Clients accept it only when it is signed by the threshold of the \
        current root's root keys and by its own: give both sets with --key. \
        Clients walk N+1.root.json one version at a time on their next refresh, so a revocation \
        reaches every installed app without a release.

        When a targets, snapshot or timestamp key is revoked, what it signed is no longer accepted: \
        give a --key of the new role too, and that metadata is signed again as a new version in the \
        same run. The command refuses to leave a repository a client would refuse.
        """
    )

    @Argument(help: "The TUF repository.")
    var repo: String

    @Option(name: .customLong("add"), help: ArgumentHelp("A key to add to a role: ROLE=P.pem.", valueName: "ROLE=P.pem"))
    var add: [String] = []

    @Option(name: .customLong("revoke"), help: ArgumentHelp("A key to remove from a role: ROLE=P.pem.", valueName: "ROLE=P.pem"))
    var revoke: [String] = []

    @Option(name: .customLong("threshold"), help: ArgumentHelp("A role's new threshold: ROLE=K.", valueName: "ROLE=K"))
    var thresholds: [String] = []

    @OptionGroup var signing: TUFKeyOptions
    @OptionGroup var time: TUFTimeOptions

    func validate() throws {
        try RoleEdits.validate(add: add, revoke: revoke, thresholds: thresholds)
        if signing.keys.isEmpty { throw ValidationError("give the root keys to sign with: --key R.pem (the current root's threshold, and the new one's)") }
    }

    func run() async throws {
        try await TUFConsole.refusing("rotate-root") {
            let now = try time.resolve()
            let crypto = OpenSSLCrypto()
            let directory = TUFRepositoryDirectory(root: repo)
            let current = try directory.current()
            var roles: [TUFRole: TUFMetadataWriter.RoleKeys] = [:]
            for role in TUFRole.allCases {
                let listed = current.root.roles[role]!
                roles[role] = .init(keys: listed.keyIDs.compactMap { current.root.keys[$0]?.ed25519 }, threshold: listed.threshold)
            }
            try RoleEdits.apply(to: &roles, add: add, revoke: revoke, thresholds: thresholds, from: "root version \(current.root.version)")
            let pool = try signing.read()
            let next = try TUFPublisher.rotateRoot(current, roles: roles, expires: TUFTimeOptions.days(time.rootValidity, after: now), signers: [], crypto: crypto)
            let newRoot = try TUFMetadata.parse(next.metadata.values.first!, as: .root)
            try TUFKeyOptions.requireUsed(pool, paths: signing.keys, roots: [current.root, newRoot])
            // Root is signed by the old root keys and the new ones among --key.
            let rootSigners = try TUFPublisher.signers(pool, for: .root, in: current.root, crypto: crypto)
                + TUFPublisher.signers(pool, for: .root, in: newRoot, crypto: crypto)
            var output = try TUFPublisher.rotateRoot(current, roles: roles, expires: TUFTimeOptions.days(time.rootValidity, after: now),
                                                     signers: rootSigners, crypto: crypto)
            let signedRoot = try TUFMetadata.parse(output.metadata["\(newRoot.version).root.json"]!, as: .root)
            let again = try TUFPublisher.afterRotation(current, newRoot: signedRoot, pool: pool, expires: TUFTimeOptions.days(time.validity, after: now),
                                                       targetsExpire: TUFTimeOptions.days(time.targetsValidity, after: now), crypto: crypto)
            output.metadata.merge(again.metadata) { new, _ in new }
            if current.timestamp == nil {
                // No release yet: the new root must still be accepted by the old one and by itself.
                var set = try TUFTrustedSet(trustedRoot: try directory.metadata("\(current.root.version).root.json", limit: TUFRole.root.maxBytes)!, now: now, crypto: crypto)
                try set.updateRoot(output.metadata["\(newRoot.version).root.json"]!)
                try set.checkRoot()
            } else {
                _ = try await directory.check(with: output, trustedRoot: nil, now: now)
            }
            try directory.write(output)
            Console.out("wrote \(repo)/metadata/\(newRoot.version).root.json: root version \(newRoot.version), expires \(TUFMetadataWriter.time(newRoot.expires))")
            for line in RoleEdits.describe(newRoot) { Console.out(line) }
            for name in again.metadata.keys.sorted() { Console.out("signed again: \(name)") }
        }
    }
}
