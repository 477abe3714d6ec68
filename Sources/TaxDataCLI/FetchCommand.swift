import ArgumentParser
import Foundation
import TaxDataFiles
import Logging
import TaxDataClient
import TaxDataCore
import TaxDataCrypto

/// `taxdata fetch`: one refresh with the client library, as an app would do it.
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Run one refresh with the client library and report which data is active.",
        discussion: """
        Does exactly what an app linking TaxDataClient does: verifies the embedded bundles and the \
        cache in --cache, fetches the year's manifest and files from --url (conditionally, within \
        byte and time limits), verifies them, caches them atomically, and reports the active source \
        (remote, cache or embedded), its version and tax year, and every candidate it rejected.

        With --key, the signed index.json is fetched first: it must list the manifest, must not be \
        older than one accepted before, and once it has expired the data is reported [expired].

        With --tuf-root (the TUF repository's 1.root.json, as an app embeds it), the refresh follows         the TUF client workflow instead, from <url>/tuf/: root version by version, timestamp,         snapshot and targets, and the year's files by their hashed names (docs/tuf.md).

        Exit status is 0 whenever valid data is active, even when that is the embedded bundle \
        because the server was down or lied; 2 for a usage error.
        """
    )

    @Option(help: "The dist root URL, where <year>/manifest.json is served.")
    var url: String

    @Option(help: "The cache directory (created if needed).")
    var cache: String

    @Option(help: "The tax year (default: the calendar year of --now).")
    var year: Int?

    @OptionGroup var trusted: TrustedKeyOptions
    var keys: [String] { trusted.keys }

    @Option(help: ArgumentHelp("A trusted TUF root (1.root.json from `taxdata tuf init`): refresh by the TUF workflow from <url>/tuf/.", valueName: "FILE"))
    var tufRoot: String?

    @Option(help: "Pretend the time is this (YYYY-MM-DD, read as midnight UTC, the start of that day, or a UTC time like 2026-03-01T08:00:00Z), for the year and freshness checks.")
    var now: String?

    @Option(help: "Whole-request timeout in seconds.")
    var timeout: Double = 15

    @OptionGroup var output: ReportFormatOption
    var format: ReportFormat { output.format }

    func validate() throws {
        guard let parsed = URL(string: url), let scheme = parsed.scheme, ["http", "https"].contains(scheme), parsed.host != nil else {
            throw ValidationError("--url '\(url)' is not an http(s) URL")
        }
        if let now, VerifyCommand.moment(now) == nil { throw ValidationError("--now '\(now)' is not a date like 2026-03-01 or a UTC time like 2026-03-01T08:00:00Z") }
        if timeout <= 0 { throw ValidationError("--timeout must be positive") }
        for key in keys where !FileManager.default.isReadableFile(atPath: key) {
            throw ValidationError("--key \(key): no such readable file")
        }
    }

    struct FixedClock: TaxDataClock {
        var date: Date
        func now() -> Date { date }
    }

    func run() async throws {
        let trusted: [Ed25519PublicKey]
        do { trusted = try keys.map(KeyFiles.readPublic) } catch { throw CommandFailure("\(error)") }
        var clock: any TaxDataClock = SystemClock()
        if let now, let moment = VerifyCommand.moment(now) { clock = FixedClock(date: moment.time.date) }
        var root: Data?
        if let tufRoot {
            do { root = try RegularFile.read(tufRoot, limit: TUFRole.root.maxBytes) } catch { throw CommandFailure("--tuf-root: \(error)") }
        }
        let configuration = TaxDataProvider.Configuration(baseURL: URL(string: url)!, taxYear: year, trustedKeys: trusted,
                                                          requestTimeout: timeout, trustedRoot: root)
        let provider: TaxDataProvider
        do {
            // The report below lists every rejection; the library's own log would print each one a
            // second time on a terminal. Errors (a cache that cannot be written) still show.
            var logger = Logger(label: "taxdata.fetch")
            logger.logLevel = .error
            provider = try TaxDataProvider(configuration: configuration, transport: defaultTransport(),
                                           store: FileBundleStore(directory: URL(fileURLWithPath: cache)),
                                           clock: clock, embedded: try EmbeddedBundles.packaged(), logger: logger)
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(1)
        }
        await provider.load()
        let status = await provider.refresh()
        if format == .json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            Console.out(String(decoding: try encoder.encode(status), as: UTF8.self))
            return
        }
        Console.out(FetchReport.lines(status, cacheValidity: configuration.cacheValidity, tuf: root != nil).joined(separator: "\n"))
    }
}
