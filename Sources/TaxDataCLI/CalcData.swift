import Foundation
import TaxDataClient
import TaxDataCore

/// Where `calc` takes a year's data from: a built bundle (`--bundle dist/2026`), the source tree
/// (`--sources`, default `TaxData`), or, when the default tree is not there (`calc` run outside
/// a checkout), the bundles built into `taxdata` itself — the ones `TaxDataClient` ships to apps —
/// verified like any other. The fallback is said on standard error, never silent.
struct CalcData {
    var sources: String
    var bundle: String?
    /// The default tree is absent: the embedded bundles answer.
    var embedded: Bool

    init(sources: String, bundle: String?) {
        self.sources = sources
        self.bundle = bundle
        var isDirectory: ObjCBool = false
        embedded = bundle == nil && sources == SourceTreeOption.defaultTree
            && !(FileManager.default.fileExists(atPath: sources, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    /// Where the data comes from, for messages.
    var origin: String { bundle ?? (embedded ? "the data built into taxdata" : sources) }

    /// The note `calc` prints when it uses the built-in data.
    var note: String? {
        embedded ? "note: no \(sources)/ here; using the tax data built into taxdata (\(EmbeddedData.describe())). Pass --sources DIR or --bundle DIR to use other data." : nil
    }

    /// The year to use when none is given: the bundle's, the newest of the data built into
    /// taxdata, or the newest four-digit directory of the source tree.
    var newestYear: Int? {
        if let bundle { return (try? YearLoader(sourceRoot: sources).load(bundle))?.data.meta.taxYear }
        if embedded { return (try? EmbeddedBundles.packaged())?.years.keys.max() }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []
        return names.compactMap { $0.count == 4 ? Int($0) : nil }.max()
    }

    func load(_ year: Int) throws -> TaxYearData {
        if embedded { return try EmbeddedData.load(year) }
        let loaded = try YearLoader(sourceRoot: sources).load(bundle ?? String(year))
        guard loaded.data.meta.taxYear == year else {
            throw CommandFailure("\(bundle ?? sources) holds \(loaded.data.meta.taxYear) data, not \(year)")
        }
        return loaded.data
    }
}

/// The bundles built into taxdata (`TaxDataClient`'s resources).
enum EmbeddedData {
    static func load(_ year: Int) throws -> TaxYearData {
        let bundles = try EmbeddedBundles.packaged()
        guard var files = bundles.years[year] else {
            throw CommandFailure("no \(year) data built into taxdata; it has \(bundles.years.keys.sorted().map(String.init).joined(separator: ", "))")
        }
        let manifest = files.removeValue(forKey: BundleLayout.manifestName) ?? Data()
        // The app form without its provenance document, as an app embeds it.
        let result = BundleVerifier(auditTrail: .whenPresent).verify(manifestBytes: manifest, files: files)
        guard result.isValid, let data = result.data else {
            let first = result.findings.first.map { "\($0.file): \($0.diagnostic.message)" } ?? "cannot decode"
            throw CommandFailure("the \(year) data built into taxdata does not verify: \(first)")
        }
        return data
    }

    /// "2024, 2025, 2026".
    static func describe() -> String {
        ((try? EmbeddedBundles.packaged().years.keys.sorted()) ?? []).map(String.init).joined(separator: ", ")
    }
}
