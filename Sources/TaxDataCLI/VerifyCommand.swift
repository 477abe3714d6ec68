import ArgumentParser
import Foundation
import TaxDataCore

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

        Exit status: 0 valid, 1 invalid, 2 usage error.
        """
    )

    @Argument(help: "A dist directory, or one year directory inside it.")
    var directory: String

    @Option(help: "Report data whose expiration date is before this date (YYYY-MM-DD).")
    var now: String?

    @Option(help: "Output format: text, json or github.")
    var format: OutputFormat = .text

    func validate() throws {
        if let now, ISODate(now) == nil { throw ValidationError("--now '\(now)' is not a date like 2026-12-31") }
    }

    func run() async throws {
        let fm = FileManager.default
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let date = now.flatMap(ISODate.init)
        var findings: [(file: String, diagnostic: Diagnostic)]
        var checked = ""
        do {
            if fm.fileExists(atPath: base + "/" + BundleLayout.indexName) {
                let contents = try DistReader.readDist(base)
                findings = DistVerifier().verify(contents, now: date)
                checked = "\(contents.directories.count) year(s)"
            } else if fm.fileExists(atPath: base + "/" + BundleLayout.manifestName) {
                var files = try DistReader.readFlat(base)
                let manifest = files.removeValue(forKey: BundleLayout.manifestName)!
                findings = BundleVerifier().verify(manifestBytes: manifest, files: files, now: date).findings
                checked = "1 year"
            } else {
                throw ValidationError("\(base) has neither index.json (a dist) nor manifest.json (a year of a dist)")
            }
        } catch let error as DistReader.ReadError {
            throw ValidationError(error.description)
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
        }
        if errors > 0 { throw ExitCode(1) }
    }
}
