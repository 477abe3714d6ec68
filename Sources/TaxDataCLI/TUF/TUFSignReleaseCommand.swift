import ArgumentParser
import Foundation
import TaxCalculator
import TaxDataCore
import TaxDataCrypto

/// `taxdata tuf sign-release DIST --repo REPO --key …`: a dist's files as the repository's targets.
struct TUFSignReleaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-release",
        abstract: "Publish a built dist as the TUF repository's next release.",
        discussion: """
        DIST is verified first, as `taxdata verify` does; a dist that does not verify is not \
        published. Then every file of every year directory (documents, manifests, their signatures, \
        the app, local and vectors forms) becomes a target with its length and SHA-256, copied into \
        REPO/targets/ under its hashed name (2026/app/<sha256>.app_2026.json), and the next \
        targets, snapshot and timestamp are signed by the --key files of those roles. index.json \
        and its signature stay in the dist for apps released before TUF; they are not targets.

        Earlier releases' targets and metadata stay in REPO (a client in the middle of a refresh \
        still finds them); only timestamp.json is replaced, last.
        """
    )

    @Argument(help: "A built dist (the directory with index.json).")
    var dist: String

    @Option(help: "The TUF repository (made by `taxdata tuf init`).")
    var repo: String

    @OptionGroup var signing: TUFKeyOptions
    @OptionGroup var time: TUFTimeOptions

    func validate() throws {
        if signing.keys.isEmpty { throw ValidationError("give the targets, snapshot and timestamp keys: --key T.pem --key S.pem --key TS.pem") }
        guard FileManager.default.fileExists(atPath: (dist as NSString).appendingPathComponent(BundleLayout.indexName)) else {
            throw ValidationError("\(dist) has no index.json: not a dist. Build one with `taxdata build --out \(dist)`")
        }
    }

    func run() async throws {
        try await TUFConsole.refusing("sign-release") {
            let now = try time.resolve()
            let files = try Self.targets(of: dist)
            let directory = TUFRepositoryDirectory(root: repo)
            let current = try directory.current()
            let pool = try signing.read()
            try TUFKeyOptions.requireUsed(pool, paths: signing.keys, roots: [current.root])
            let crypto = OpenSSLCrypto()
            func keys(_ role: TUFRole) throws -> [any Ed25519Signer] {
                let keys = try TUFPublisher.signers(pool, for: role, in: current.root, crypto: crypto)
                guard !keys.isEmpty else { throw CommandFailure("no --key of the \(role.rawValue) role of root version \(current.root.version) was given") }
                return keys
            }
            let output = try TUFPublisher.release(current, files: files, targetsExpire: TUFTimeOptions.days(time.targetsValidity, after: now),
                                                  expires: TUFTimeOptions.days(time.validity, after: now), targetsSigners: try keys(.targets),
                                                  snapshotSigners: try keys(.snapshot), timestampSigners: try keys(.timestamp), crypto: crypto)
            let set = try await directory.check(with: output, trustedRoot: nil, now: now)
            try directory.write(output)
            let bytes = files.values.reduce(0) { $0 + $1.count }
            Console.out("published \(dist) into \(repo): \(files.count) targets (\(bytes) bytes), \(output.targets.count) new")
            Console.out(TUFConsole.describe(set))
            Console.error("re-sign the timestamp before it expires: `taxdata tuf timestamp \(repo) --key TS.pem`")
        }
    }

    /// Every file of the dist's year directories by its path, after the dist verified.
    static func targets(of dist: String) throws -> [String: Data] {
        let (contents, readFindings) = try { () throws -> (DistVerifier.Contents, [(file: String, diagnostic: Diagnostic)]) in
            do { return try DistReader.readDist(dist) } catch let error as DistReader.ReadError { throw CommandFailure(error.description) }
        }()
        let verifier = BundleVerifier(signatures: .none, crypto: OpenSSLCrypto())
        let findings = DistReader.withoutRepeats(DistVerifier(bundleVerifier: verifier, expectedVectors: ConformanceVectorMaker.expected).verify(contents),
                                                 reported: readFindings)
        let errors = findings.filter { $0.diagnostic.severity == .error }
        if let first = errors.first {
            throw CommandFailure("\(dist) does not verify (\(errors.count) error(s), first \(dist)/\(first.file): [\(first.diagnostic.rule)] \(first.diagnostic.message)); run `taxdata verify \(dist)`")
        }
        guard contents.hashed.isEmpty else { throw CommandFailure("\(dist) has a file over \(BundleLimits.maxDocumentBytes) bytes, too large to publish") }
        var files: [String: Data] = [:]
        for (directory, entries) in contents.directories {
            for (name, bytes) in entries where !name.hasSuffix("/") { files["\(directory)/\(name)"] = bytes }
        }
        guard !files.isEmpty else { throw CommandFailure("\(dist) has no year to publish") }
        return files
    }
}
