import ArgumentParser

/// `taxdata tuf`: publish a dist as a TUF repository (specification 1.0).
struct TUFCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tuf",
        abstract: "Publish a dist as a TUF repository: roles, thresholds, key rotation, consistent snapshots.",
        discussion: """
        The Update Framework's metadata (root, targets, snapshot, timestamp) is written into a \
        repository directory of its own, REPO/metadata/ and REPO/targets/, served under /tuf/ beside \
        the dist (`taxdata serve dist --tuf REPO`). Apps start from the repository's 1.root.json, \
        embedded in them; root rotations reach them in band, so keys are added and revoked without \
        an app release.

          init REPO                 version 1 of root: each role's keys and threshold
          sign-release DIST --repo REPO   the dist's files as the next release
          timestamp REPO            re-sign the timestamp (and snapshot), from CI
          rotate-root REPO          add or revoke keys, change thresholds
          verify REPO               check the repository as a client would

        Each command signs with the --key files given, checks the repository it would leave exactly \
        as a client would (python-tuf's order: root, timestamp, snapshot, targets, every target by \
        its hashed name) and writes nothing when a client would refuse it. It adds files and \
        replaces only timestamp.json, last, so a client never sees a half-published release. See \
        docs/tuf.md, and the README's key-compromise drill.
        """,
        subcommands: [TUFInitCommand.self, TUFSignReleaseCommand.self, TUFTimestampCommand.self, TUFRotateRootCommand.self, TUFVerifyCommand.self]
    )
}
