import ArgumentParser
import Foundation
import TaxCalculator
import TaxDataCore
import TaxDataCrypto

/// `taxdata verify DIR`: prove a published dist (or one year of it) is intact and valid.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Prove that a built dist (or one year of it) is exactly what its manifest says, and valid.",
        discussion: """
        DIR is a dist (it has index.json) or one year directory of it (it has manifest.json). Checks \
        that every file the manifest names exists with its byte size and SHA-256, that no unlisted \
        file is present, that manifest names are plain file names, and that the contents decode and \
        pass the same rules as `taxdata check` (a bundle edited by hand and re-hashed still fails).

        With --key, manifest.json.sig and index.json.sig must hold a valid signature by one of the \
        trusted keys; with --require-signature an unsigned bundle fails too.

        A signed index.json's expires is checked against --now, else the current time: past it, \
        index.expired is a warning (an error with --strict-expiry) saying the dist must be re-signed \
        with `taxdata sign`; an issuedAt or expires that is malformed, or expires not after issuedAt, \
        is an error (index.validity).

        With --memo FILE, a valid verification also writes each year's VerificationMemo token to \
        FILE, for an app to ship beside its embedded bundle (`make embed` writes the client's \
        Embedded/verified.json): a client built from the same rules then skips, on its first \
        launch too, the checks those bytes passed, and still hashes every file.

        Exit status: 0 valid, 1 invalid, 2 usage error.
        """
    )

    @Argument(help: "A dist directory, or one year directory inside it.")
    var directory: String

    @Option(help: "Check expiration dates as of this date (YYYY-MM-DD, read as midnight UTC, the start of that day) or UTC time (2027-01-15T08:00:00Z): data still in its tax year whose expiration date is past fails.")
    var now: String?

    @Flag(help: "With --now, fail any year whose expiration date is past, even a past tax year (which otherwise stays valid, as in the client), and an expired index.json.")
    var strictExpiry = false

    @OptionGroup var trusted: TrustedKeyOptions
    var keys: [String] { trusted.keys }

    @Flag(help: "Fail when a manifest or index.json is not signed by a trusted key.")
    var requireSignature = false

    @Option(help: ArgumentHelp("After a valid verification, write each year's verification token to this file (JSON). Replaces only a file verify --memo wrote; never one inside DIR.", valueName: "file"))
    var memo: String?

    @OptionGroup var output: FindingsFormatOption
    var format: OutputFormat { output.format }

    func validate() throws {
        if let now, Self.moment(now) == nil { throw ValidationError("--now '\(now)' is not a date like 2026-12-31 or a UTC time like 2026-12-31T08:00:00Z") }
        if requireSignature && keys.isEmpty { throw ValidationError("--require-signature needs at least one --key") }
        if strictExpiry && now == nil { throw ValidationError("--strict-expiry needs --now") }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        guard [BundleLayout.indexName, BundleLayout.manifestName].contains(where: { FileManager.default.fileExists(atPath: base + "/" + $0) }) else {
            throw ValidationError("\(base) has neither index.json (a dist) nor manifest.json (a year of a dist)")
        }
        for key in keys where !FileManager.default.isReadableFile(atPath: key) {
            throw ValidationError("--key \(key): no such readable file")
        }
        if let memo { try Self.checkMemoTarget(memo, directory: base) }
    }

    /// `--memo FILE` may name a new file, or one `verify --memo` wrote, in an existing directory
    /// outside the verified one (where it would be an unlisted file).
    static func checkMemoTarget(_ memo: String, directory: String) throws {
        let fm = FileManager.default
        let target = URL(fileURLWithPath: memo).standardizedFileURL.resolvingSymlinksInPath()
        let verified = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath()
        if target.path.hasPrefix(verified.path + "/") {
            throw ValidationError("--memo \(memo) is inside \(directory), where it would be an unlisted file; write it elsewhere")
        }
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: target.deletingLastPathComponent().path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--memo \(memo): no such directory \(target.deletingLastPathComponent().path)")
        }
        guard fm.fileExists(atPath: memo) else { return }
        let bytes = DistReader.read(memo, limit: DistReader.metadataLimit, root: target.deletingLastPathComponent().path)
        guard let bytes, (try? VerificationMemo.Shipped.decode(bytes)) != nil else {
            throw ValidationError("--memo \(memo) exists and is not a file verify --memo wrote; it is left as it is")
        }
    }

    func run() async throws {
        let fm = FileManager.default
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let moment = now.flatMap(Self.moment)
        let date = moment?.date
        // The index's expires is checked against the present unless --now says otherwise.
        let indexTime = moment?.time ?? Timestamp(Date())
        let expiry: ExpiryPolicy = strictExpiry ? .strict : .pastYearsStayValid
        let trusted: [(key: Ed25519PublicKey, path: String)]
        do { trusted = try keys.map { (try KeyFiles.readPublic($0), $0) } } catch {
            Console.error("error: \(error)")
            throw ExitCode(1)
        }
        let verifier = BundleVerifier(signatures: SignaturePolicy(trustedKeys: trusted.map(\.key), requireSignature: requireSignature),
                                      crypto: OpenSSLCrypto())
        var findings: [(file: String, diagnostic: Diagnostic)]
        var checked = ""
        var envelopes: [Data] = []
        var manifests: [Data] = []
        do {
            if fm.fileExists(atPath: base + "/" + BundleLayout.indexName) {
                let (contents, readFindings) = try DistReader.readDist(base)
                findings = DistReader.withoutRepeats(DistVerifier(bundleVerifier: verifier, expectedVectors: ConformanceVectorMaker.expected).verify(contents, now: date, expiry: expiry, indexTime: indexTime),
                                                     reported: readFindings)
                checked = "\(contents.directories.keys.filter { !$0.contains("/") }.count) year(s)"
                envelopes = ([contents.rootFiles[BundleLayout.indexSignatureName]] + contents.directories.values.map { $0[BundleLayout.signatureName] })
                    .compactMap { $0 }
                // The first and app forms' manifests: what a client verifies with a memo (never a local or vectors form).
                manifests = contents.directories
                    .filter { !$0.key.hasSuffix("/" + BundleLayout.localDirectory) && !$0.key.hasSuffix("/" + BundleLayout.vectorsDirectory) }.values
                    .compactMap { $0[BundleLayout.manifestName] }
            } else if fm.fileExists(atPath: base + "/" + BundleLayout.manifestName) {
                var (files, hashed, readFindings) = try DistReader.readYear(base, distRoot: base)
                let hasAppForm = files.removeValue(forKey: BundleLayout.appDirectory + "/") != nil
                let hasLocalForm = files.removeValue(forKey: BundleLayout.localDirectory + "/") != nil
                let hasVectorsForm = files.removeValue(forKey: BundleLayout.vectorsDirectory + "/") != nil
                let manifest = files.removeValue(forKey: BundleLayout.manifestName) ?? Data()
                let result = verifier.verify(manifestBytes: manifest, files: files, hashed: hashed, now: date, expiry: expiry)
                findings = DistReader.withoutRepeats(result.findings, reported: readFindings)
                checked = "1 year"
                envelopes = [files[BundleLayout.signatureName]].compactMap { $0 }
                manifests = [manifest]
                if hasAppForm {
                    // The year's app form beside it, verified too, and against it.
                    let app = BundleLayout.appDirectory
                    var (appFiles, appHashed, appRead) = try DistReader.readYear(base + "/" + app, distRoot: base)
                    let appManifest = appFiles.removeValue(forKey: BundleLayout.manifestName) ?? Data()
                    let appResult = verifier.verify(manifestBytes: appManifest, files: appFiles, hashed: appHashed, now: date, expiry: expiry)
                    findings += DistReader.withoutRepeats(appResult.findings, reported: appRead).map { ("\(app)/\($0.file)", $0.diagnostic) }
                    if let disagreement = DistVerifier.formsDisagree(app: appResult.data, parts: result.data) {
                        findings.append(("\(app)/\(BundleLayout.manifestName)", disagreement))
                    }
                    envelopes += [appFiles[BundleLayout.signatureName]].compactMap { $0 }
                    manifests.append(appManifest)
                }
                var whole = result.data
                if hasLocalForm, let year = result.data {
                    // The year's local form (schema 1.13), against the year the five documents hold.
                    let local = BundleLayout.localDirectory
                    var (localFiles, _, localRead) = try DistReader.readYear(base + "/" + local, distRoot: base)
                    let localManifest = localFiles.removeValue(forKey: BundleLayout.manifestName) ?? Data()
                    let localResult = LocalFormVerifier(signatures: verifier.signatures, crypto: verifier.crypto)
                        .verify(manifestBytes: localManifest, files: localFiles, year: year)
                    findings += DistReader.withoutRepeats(localResult.findings, reported: localRead).map { ("\(local)/\($0.file)", $0.diagnostic) }
                    envelopes += [localFiles[BundleLayout.signatureName]].compactMap { $0 }
                    for (code, list) in localResult.localities where whole?.states[code] != nil { whole?.states[code]!.localities = list }
                }
                if hasVectorsForm, let year = whole {
                    // The year's conformance vectors (schema 1.14): exactly what this build's calculator computes.
                    let form = BundleLayout.vectorsDirectory
                    var (vectorFiles, _, vectorsRead) = try DistReader.readYear(base + "/" + form, distRoot: base)
                    let vectorsManifest = vectorFiles.removeValue(forKey: BundleLayout.manifestName) ?? Data()
                    let vectorsResult = VectorsFormVerifier(signatures: verifier.signatures, crypto: verifier.crypto)
                        .verify(manifestBytes: vectorsManifest, files: vectorFiles, year: year.meta, expected: ConformanceVectorMaker.expected(year))
                    findings += DistReader.withoutRepeats(vectorsResult.findings, reported: vectorsRead).map { ("\(form)/\($0.file)", $0.diagnostic) }
                    envelopes += [vectorFiles[BundleLayout.signatureName]].compactMap { $0 }
                }
            } else {
                throw CommandFailure("\(base) has neither index.json (a dist) nor manifest.json (a year of a dist)")
            }
        } catch let error as DistReader.ReadError {
            throw CommandFailure(error.description)
        }
        let items = findings.map { DiagnosticPrinter.Item(diagnostic: $0.diagnostic, file: "\(base)/\($0.file)") }
        let errors = findings.filter { $0.diagnostic.severity == .error }.count
        let summary = errors == 0 ? "verified \(base): \(checked), OK" : "verify \(base): \(errors) error(s)"
        let printer = DiagnosticPrinter(format: format)
        if format == .json {
            Console.out(printer.render(items, summary: ["result": summary]))
        } else {
            if !items.isEmpty { Console.out(printer.render(items)) }
            Console.error(summary)
            if errors == 0 { for line in Self.signers(envelopes, trusted: trusted) { Console.error(line) } }
        }
        if errors > 0 { throw ExitCode(1) }
        if let memo { try Self.writeMemo(memo, manifests: manifests, verifier: verifier) }
    }

    /// Writes the tokens of the verified years to `memo` (temporary file, then rename).
    static func writeMemo(_ memo: String, manifests: [Data], verifier: BundleVerifier) throws {
        let tokens = manifests.compactMap { VerificationMemo.token(manifestBytes: $0, verifier: verifier) }
        let url = URL(fileURLWithPath: memo)
        do {
            try AtomicFiles.replace([OutputFile(path: url.lastPathComponent, contents: try VerificationMemo.Shipped(verified: tokens).encoded())],
                                    in: url.deletingLastPathComponent().path)
        } catch {
            throw CommandFailure("--memo \(memo): \(error)")
        }
        Console.error("wrote \(tokens.count) verification token(s) to \(memo)")
    }

    /// --now as the date for the years' expiration dates and the time for the index's `expires`: a
    /// date alone is midnight UTC, the start of that day (as `--issued-at` and `fetch --now` read
    /// it: a date means one thing everywhere), a time is its UTC date.
    static func moment(_ text: String) -> (date: ISODate, time: Timestamp)? {
        if let date = ISODate(text), let midnight = Timestamp("\(date)T00:00:00Z") { return (date, midnight) }
        guard let time = Timestamp(iso8601: text), let date = ISODate(String(time.description.prefix(10))) else { return nil }
        return (date, time)
    }

    /// "signed by trusted key <id> (P.pem)" for each trusted key with a signature in the checked
    /// envelopes. Called only when verification passed: then every such signature was checked
    /// and valid (a trusted key's bad signature is an error).
    static func signers(_ envelopes: [Data], trusted: [(key: Ed25519PublicKey, path: String)]) -> [String] {
        guard !trusted.isEmpty else { return [] }
        let signed = Set(envelopes.compactMap { try? CanonicalJSON.decode(SignatureEnvelope.self, from: $0) }
            .flatMap { $0.signatures.map(\.keyId) })
        let lines = trusted.filter { signed.contains($0.key.keyID) }.map { "signed by trusted key \($0.key.keyID) (\($0.path))" }
        return lines.isEmpty ? ["not signed by any of the \(trusted.count) trusted key(s)"] : lines
    }
}
