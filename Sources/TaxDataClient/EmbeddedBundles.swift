import Foundation
import TaxDataCore

/// The bundles shipped with the app: a dist (`index.json`, `<year>/…`) compiled by `taxdata build`
/// from `TaxData/`. `TaxDataClient` carries one as a package resource; an app may pass its own.
public struct EmbeddedBundles: Sendable {
    /// Year → files of that year's directory (manifest included).
    public var years: [Int: [String: Data]]
    /// `VerificationMemo` tokens of these bundles, from the build that verified them (`taxdata
    /// verify --memo`): bytes whose token is here skip, on the first launch too, the checks that
    /// depend only on them (every file is still hashed against its manifest). A token matches only
    /// a client built from the same rules; empty: every check runs on the first launch.
    public var verified: Set<String>

    public init(years: [Int: [String: Data]], verified: Set<String> = []) {
        self.years = years
        self.verified = verified
    }

    /// Reads a directory of years (`<year>/…`): a dist, or what `make embed` writes. A year with
    /// an app form (`<year>/app/`) is read from it, provenance document included when present;
    /// otherwise the year directory's own files are read. A file named `<name>.shared` is the
    /// document `<name>` with its repeated subtrees shared (`SharedSubtrees`, which `make embed`
    /// writes): it is expanded, and refused (`embedded.shared`) when it does not expand or when
    /// `<name>` is there too.
    public init(directory: URL) throws {
        let fm = FileManager.default
        var years: [Int: [String: Data]] = [:]
        func isDirectory(_ url: URL) -> Bool {
            var flag: ObjCBool = false
            return fm.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
        }
        for name in try fm.contentsOfDirectory(atPath: directory.path) {
            guard name.count == 4, let year = Int(name), String(year) == name else { continue }
            var yearURL = directory.appendingPathComponent(name)
            let appURL = yearURL.appendingPathComponent(BundleLayout.appDirectory)
            if isDirectory(appURL) { yearURL = appURL }
            var files: [String: Data] = [:]
            for file in try fm.contentsOfDirectory(atPath: yearURL.path) where !isDirectory(yearURL.appendingPathComponent(file)) {
                let contents = try Data(contentsOf: yearURL.appendingPathComponent(file))
                guard file.hasSuffix(SharedSubtrees.fileSuffix) else {
                    files[file] = contents
                    continue
                }
                // A document carried with its repeated subtrees shared: expanded here, then
                // checked against the manifest's size and SHA-256 like any other.
                let name = String(file.dropLast(SharedSubtrees.fileSuffix.count))
                guard files[name] == nil,
                      !fm.fileExists(atPath: yearURL.appendingPathComponent(name).path) else {
                    throw StoreError("\(RuleID.embeddedShared): \(name)/\(file): both forms of \(name) are in \(yearURL.path)")
                }
                do {
                    files[name] = try SharedSubtrees.expand(contents, limit: BundleLimits.maxDocumentBytes)
                } catch let refusal as SharedSubtrees.Refusal {
                    throw StoreError("\(yearURL.appendingPathComponent(file).path): \(refusal)")
                }
            }
            years[year] = files
        }
        self.years = years
        self.verified = []
    }

    /// The dist compiled from this repository's `TaxData/`, shipped in the `TaxDataClient` module,
    /// with the tokens `make embed` wrote when it verified it (`Embedded/verified.json`).
    public static func packaged() throws -> EmbeddedBundles {
        guard let url = Bundle.module.url(forResource: "dist", withExtension: nil, subdirectory: "Embedded") else {
            throw StoreError("the TaxDataClient resource bundle has no Embedded/dist")
        }
        var bundles = try EmbeddedBundles(directory: url)
        if let memo = Bundle.module.url(forResource: "verified", withExtension: "json", subdirectory: "Embedded") {
            do {
                bundles.verified = Set(try VerificationMemo.Shipped.decode(try Data(contentsOf: memo)).verified)
            } catch {
                throw StoreError("the TaxDataClient resource Embedded/verified.json is not a memo file (run `make embed`): \(error)")
            }
        }
        return bundles
    }
}
