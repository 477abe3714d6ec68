import ArgumentParser
import Foundation
import TaxCalculator
import TaxDataCompiler
import TaxDataCore
import TaxDataCrypto

/// `taxdata build [DIR] --out dist`: compile every year into bundles, all or nothing.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Compile the tax data sources into versioned JSON bundles with SHA-256 manifests.",
        discussion: """
        Checks DIR exactly as `taxdata check` does; if there is any error nothing is written and the \
        exit status is 1. Otherwise writes, for each year Y:

          OUT/Y/federal_Y.json fica_Y.json states_Y.json retirement_Y.json combined_Y.json manifest.json

        and OUT/index.json. Output is deterministic (same sources, same bytes, on any machine, locale \
        or time zone). The new dist is built in a temporary directory and moved into place only when \
        every year compiled, so an existing OUT is never left half-written.

        With --sign-key, each manifest.json and index.json gets a detached signature beside it \
        (manifest.json.sig, index.json.sig: JSON with the key id and a base64 Ed25519 signature), and \
        index.json gets issuedAt and expires: --issued-at, else $SOURCE_DATE_EPOCH, else now, plus \
        --validity days (default 30). Re-sign before it expires with `taxdata sign`. An unsigned \
        index has neither, so an unsigned build stays deterministic.

        With --previous (the last published dist; a path that does not exist yet means a first \
        release), a year whose content changed while its version did \
        not go up, or whose version went down, is refused.
        """
    )

    @Argument(help: "The source tree: a directory of <year>/ directories.")
    var directory: String = "TaxData"

    @Option(name: .shortAndLong, help: "The output directory, replaced as a whole: a dist a build wrote, an empty directory or a new path; never anything else, and never inside the source tree.")
    var out: String = "dist"

    /// Removed: a build no longer replaces a directory it did not write. Kept to say so.
    @Flag(help: .hidden)
    var force = false

    @Option(help: "The last published dist, to refuse changed content without a version bump.")
    var previous: String?

    @OptionGroup var signing: SigningKeyOptions
    var signKeys: [String] { signing.signKeys }

    @OptionGroup var validity: IndexValidityOptions

    @Flag(help: "Publish: refuse any year that still has provisional values (from `taxdata new-year`), estimated figures (other than a state pending its authority's publication), or lacks a state file the year before had.")
    var release = false

    @OptionGroup var output: FindingsFormatOption
    var format: OutputFormat { output.format }

    func validate() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("\(directory): no such directory")
        }
        if signKeys.isEmpty && validity.isGiven {
            throw ValidationError("--validity and --issued-at need --sign-key: only a signed index.json carries issuedAt and expires")
        }
        if force {
            throw ValidationError("--force is gone: build replaces only a dist it wrote (or an empty directory), never other files. Remove --out's contents yourself, or choose another directory")
        }
        try OutputGuard.check(out: out, source: directory)
        // A directory that does not exist yet is the first release: nothing was published to compare
        // with (the run says so). One that exists must be a dist.
        if let previous, FileManager.default.fileExists(atPath: previous),
           !FileManager.default.fileExists(atPath: (previous as NSString).appendingPathComponent(BundleLayout.indexName)) {
            throw ValidationError("--previous \(previous): no index.json there; is it a dist?")
        }
    }

    func run() async throws {
        let result: CompileResult
        do { result = try SourceTreeReader.compile(root: directory).result } catch {
            throw CommandFailure("\(error)")
        }
        let printer = DiagnosticPrinter(format: format)
        var diagnostics = result.diagnostics
        // Provisional and estimated values, carried-over citations and a dropped state are warnings in `check`; a release refuses them.
        if release { diagnostics = ReleasePolicy.apply(diagnostics) }
        var items = diagnostics.map { DiagnosticPrinter.Item(diagnostic: $0, file: nil) }
        guard !diagnostics.hasErrors else {
            Console.out(printer.render(items))
            Console.error("build failed: \(diagnostics.errors.count) error(s); \(out) was not changed")
            throw ExitCode(1)
        }
        let keys: [Ed25519PrivateKey]
        do { keys = try signKeys.map(KeyFiles.readPrivate) } catch {
            Console.error("error: \(error)")
            throw ExitCode(1)
        }
        let indexValidity: IndexValidity?
        do { indexValidity = keys.isEmpty ? nil : try validity.resolve() } catch {
            Console.error("error: \(error)")
            throw ExitCode(1)
        }
        // Each year's conformance vectors, made by the reference calculator from that year's data.
        let output = try BundleBuilder.buildDist(result.years, signingKeys: keys, validity: indexValidity, crypto: OpenSSLCrypto(),
                                                 vectors: ConformanceVectorMaker.make)
        if let previous, !FileManager.default.fileExists(atPath: previous) {
            Console.error("note: --previous \(previous) does not exist: a first release, with nothing published to compare versions with")
        } else if let previous {
            let findings = try PublicationGuard.check(new: output, previousDist: previous)
            items += findings.map { DiagnosticPrinter.Item(diagnostic: $0.diagnostic, file: $0.file) }
            if findings.contains(where: { $0.diagnostic.severity == .error }) {
                Console.out(printer.render(items))
                Console.error("build refused: \(findings.count) publication error(s); \(out) was not changed")
                throw ExitCode(1)
            }
        }
        if !items.isEmpty, format != .json { Console.out(printer.render(items)) }
        try AtomicDirectory.replace(out, with: output)
        for year in result.years {
            Console.error("built \(out)/\(year.meta.taxYear) version \(year.meta.version) (\(year.meta.status.rawValue), \(year.states.count) jurisdictions)")
        }
        for (key, path) in zip(keys, signKeys) {
            Console.error("signed the manifests and index.json with key \(key.publicKey.keyID) (\(path))")
        }
        if let indexValidity {
            Console.error(IndexValidityOptions.describe(indexValidity))
            for warning in IndexValidityOptions.warnings(indexValidity) { Console.error(warning) }
        }
    }
}
