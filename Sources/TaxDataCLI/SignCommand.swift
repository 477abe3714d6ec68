import ArgumentParser
import Foundation
import TaxDataCore
import TaxDataCrypto

/// `taxdata sign DIST --sign-key K`: issue a built dist's index again with a new validity period.
struct SignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Re-sign a built dist's index.json with a new validity period, without rebuilding.",
        discussion: """
        A signed index.json carries issuedAt and expires; an app that cannot get a newer one keeps \
        its data but reports it expired, so a mirror stuck on an old index is noticed. Run `taxdata \
        sign` on a schedule (CI, weekly for the default 30 days) and publish the new index.json and \
        index.json.sig.

        DIST is verified first, exactly as `taxdata verify` does (every year intact and valid, the \
        index agreeing with the manifests), and each manifest must be signed by a --sign-key; with \
        --manifests the manifests are signed again instead (to rotate keys, or sign an unsigned \
        dist), their bytes unchanged. A dist that does not verify is not signed. A new issuedAt \
        before the one in DIST is refused (index.replay): apps that accepted that index would refuse \
        this one.

        Then index.json gets the new issuedAt and expires (and schemaVersion 1.8 if it was older), \
        index.json.sig a new signature, and with --manifests each <year>/manifest.json.sig. Nothing \
        else in DIST changes. Every file is written under a temporary name first and renamed into \
        place (signatures of manifests, then index.json, then index.json.sig); if the run stops \
        between two renames, run it again.

        Exit status: 0 signed, 1 refused (the findings say why), 2 usage error.
        """
    )

    @Argument(help: "A built dist: the directory with index.json.")
    var dist: String

    @OptionGroup var signing: SigningKeyOptions
    var signKeys: [String] { signing.signKeys }

    @OptionGroup var validity: IndexValidityOptions

    @Flag(help: "Also sign every year's manifest.json again (its bytes unchanged): to rotate keys, or to sign an unsigned dist.")
    var manifests = false

    func validate() throws {
        if signKeys.isEmpty { throw ValidationError("give the key to sign with: --sign-key K.pem") }
        let root = dist.hasSuffix("/") && dist.count > 1 ? String(dist.dropLast()) : dist
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("\(root): no such directory")
        }
        guard FileManager.default.fileExists(atPath: root + "/" + BundleLayout.indexName) else {
            let year = FileManager.default.fileExists(atPath: root + "/" + BundleLayout.manifestName)
            throw ValidationError(year ? "\(root) is one year of a dist (it has manifest.json); sign the dist itself, the directory with index.json"
                                       : "\(root) has no index.json: not a dist. Build one with `taxdata build --out \(root) --sign-key K.pem`")
        }
    }

    func run() async throws {
        let root = dist.hasSuffix("/") && dist.count > 1 ? String(dist.dropLast()) : dist
        let keys: [Ed25519PrivateKey]
        let indexValidity: IndexValidity
        do {
            keys = try signKeys.map(KeyFiles.readPrivate)
            indexValidity = try validity.resolve()
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(1)
        }
        let contents: DistVerifier.Contents
        var findings: [(file: String, diagnostic: Diagnostic)]
        do { (contents, findings) = try DistReader.readDist(root) } catch let error as DistReader.ReadError {
            throw CommandFailure(error.description)
        }
        findings = DistReader.withoutRepeats(Self.check(contents, keys: keys.map(\.publicKey), manifests: manifests, validity: indexValidity),
                                             reported: findings)
        let errors = findings.filter { $0.diagnostic.severity == .error }
        if !errors.isEmpty {
            let items = findings.map { DiagnosticPrinter.Item(diagnostic: $0.diagnostic, file: "\(root)/\($0.file)") }
            Console.out(DiagnosticPrinter(format: .text).render(items))
            if !manifests, errors.contains(where: { $0.file.hasSuffix("/" + BundleLayout.signatureName) }) {
                Console.error("note: the manifests are not signed by the --sign-key; --manifests signs them again")
            }
            Console.error("sign refused: \(errors.count) error(s); \(root) was not changed")
            throw ExitCode(1)
        }
        let output = try Self.signatures(contents, keys: keys, manifests: manifests, validity: indexValidity)
        do { try AtomicFiles.replace(output, in: root) } catch {
            Console.error("error: \(error)")
            throw ExitCode(1)
        }
        let what = manifests ? "the manifests and index.json" : "index.json"
        for (key, path) in zip(keys, signKeys) {
            Console.error("signed \(what) with key \(key.publicKey.keyID) (\(path))")
        }
        Console.error(IndexValidityOptions.describe(indexValidity))
        for warning in IndexValidityOptions.warnings(indexValidity) { Console.error(warning) }
    }

    /// What stops `contents` from being signed with `keys`: the dist's verification (the index's
    /// own old signature aside, since it is replaced; with `manifests`, a manifest that is unsigned
    /// or signed only by other keys aside too), an index `taxdata` would not write byte for byte,
    /// and a new `issuedAt` before the dist's (`index.replay`).
    static func check(_ contents: DistVerifier.Contents, keys: [Ed25519PublicKey], manifests: Bool,
                      validity: IndexValidity) -> [(file: String, diagnostic: Diagnostic)] {
        let policy = SignaturePolicy(trustedKeys: keys, requireSignature: !manifests)
        let verifier = DistVerifier(bundleVerifier: BundleVerifier(signatures: policy, crypto: OpenSSLCrypto()))
        var findings = verifier.verify(contents).filter { finding in
            if finding.file == BundleLayout.indexSignatureName { return false }
            if manifests, finding.file.hasSuffix("/" + BundleLayout.signatureName) {
                return ![.signatureMissing, .signatureUntrusted].contains(finding.diagnostic.rule)
            }
            return true
        }
        guard let bytes = contents.rootFiles[BundleLayout.indexName],
              let index = try? CanonicalJSON.decode(BundleIndex.self, from: bytes) else { return findings }
        if let difference = CanonicalCheck.mismatch(bytes, canonical: index) {
            findings.append((BundleLayout.indexName, .error(.bundleNotCanonical,
                "\(difference); signing would change more than issuedAt and expires")))
        }
        if case .valid(let current) = IndexFreshness.validity(of: index),
           let replay = IndexReplay.check(validity, newestAccepted: current.issuedAt) {
            findings.append((BundleLayout.indexName, replay))
        }
        return findings
    }

    /// The files to write, relative to the dist: each year's new `manifest.json.sig` and its app
    /// local and vectors forms' (with `manifests`), then `index.json` and `index.json.sig`, in the order they are renamed.
    static func signatures(_ contents: DistVerifier.Contents, keys: [Ed25519PrivateKey], manifests: Bool,
                           validity: IndexValidity) throws -> [OutputFile] {
        var index = try CanonicalJSON.decode(BundleIndex.self, from: contents.rootFiles[BundleLayout.indexName] ?? Data())
        // issuedAt and expires are 1.8 keys: an older index that gets them says so.
        index.schemaVersion = max(index.schemaVersion, .v1_8)
        var output: [OutputFile] = []
        if manifests {
            for entry in index.years {
                // The year's manifest, and its app form's (schema 1.11) when the index lists one.
                let directories = [String(entry.taxYear)] + (entry.app == nil ? [] : ["\(entry.taxYear)/\(BundleLayout.appDirectory)"])
                    + (entry.local == nil ? [] : ["\(entry.taxYear)/\(BundleLayout.localDirectory)"])
                    + (entry.vectors == nil ? [] : ["\(entry.taxYear)/\(BundleLayout.vectorsDirectory)"])
                for directory in directories {
                    guard let manifest = contents.directories[directory]?[BundleLayout.manifestName] else { continue }
                    output.append(OutputFile(path: "\(directory)/\(BundleLayout.signatureName)",
                                             contents: try SignatureEnvelope.sign(manifest, with: keys)))
                }
            }
        }
        return output + (try BundleBuilder.signedIndex(index, validity: validity, keys: keys))
    }
}
