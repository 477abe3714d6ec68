import Foundation
import TaxDataCore

/// The bundles shipped with the app: a dist (`index.json`, `<year>/…`) compiled by `taxdata build`
/// from `TaxData/`. `TaxDataClient` carries one as a package resource; an app may pass its own.
public struct EmbeddedBundles: Sendable {
    /// Year → files of that year's directory (manifest included).
    public var years: [Int: [String: Data]]

    public init(years: [Int: [String: Data]]) { self.years = years }

    /// Reads a dist directory.
    public init(directory: URL) throws {
        let fm = FileManager.default
        var years: [Int: [String: Data]] = [:]
        for name in try fm.contentsOfDirectory(atPath: directory.path) {
            guard name.count == 4, let year = Int(name) else { continue }
            let yearURL = directory.appendingPathComponent(name)
            var files: [String: Data] = [:]
            for file in try fm.contentsOfDirectory(atPath: yearURL.path) {
                files[file] = try Data(contentsOf: yearURL.appendingPathComponent(file))
            }
            years[year] = files
        }
        self.years = years
    }

    /// The dist compiled from this repository's `TaxData/`, shipped in the `TaxDataClient` module.
    public static func packaged() throws -> EmbeddedBundles {
        guard let url = Bundle.module.url(forResource: "dist", withExtension: nil, subdirectory: "Embedded") else {
            throw StoreError("the TaxDataClient resource bundle has no Embedded/dist")
        }
        return try EmbeddedBundles(directory: url)
    }
}
