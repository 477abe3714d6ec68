import ArgumentParser
import Foundation
import TaxDataCompiler
import TaxDataCore
import TaxDataCrypto

/// Loads one side of a diff: a year of the source tree (`2026`), a source year directory
/// (`TaxData/2026`), or a compiled bundle directory (`dist/2026`).
struct YearLoader {
    var sourceRoot: String
    /// For `diff`: a source year that parsed but breaks rules is loaded as written (each error is
    /// said on standard error), so a review can see what changed while the year is being fixed.
    /// Everything else (calc, new-year) refuses it.
    var acceptRuleErrors = false

    struct Loaded {
        var label: String
        var data: TaxYearData
        /// For source years: where values were written (for warnings with file:line).
        var sourceMap: SourceMap?
        /// For source years: the files as read (`new-year` edits them in place).
        var sourceFiles: [SourceFile] = []

        /// A bundle has no `sameAs`: `diff` recognises copies in it by value.
        var origin: YearOrigin { sourceMap == nil ? .bundle : .sources }
    }

    struct LoadError: Error, CustomStringConvertible { var description: String }

    /// Throws a `ValidationError` (a usage error) when `argument` names neither a year of the
    /// source tree nor a directory; `load` says what is wrong with one that exists.
    func locate(_ argument: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue { return }
        if argument.count == 4, Int(argument) != nil,
           FileManager.default.fileExists(atPath: (sourceRoot as NSString).appendingPathComponent(argument), isDirectory: &isDirectory),
           isDirectory.boolValue { return }
        let years = ((try? FileManager.default.contentsOfDirectory(atPath: sourceRoot)) ?? [])
            .filter { $0.count == 4 && Int($0) != nil }.sorted()
        throw ValidationError("'\(argument)' is neither a year in \(sourceRoot)/ (\(years.isEmpty ? "none there" : years.joined(separator: ", "))) nor a directory")
    }

    func load(_ argument: String) throws -> Loaded {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = fm.fileExists(atPath: argument, isDirectory: &isDirectory) && isDirectory.boolValue
        if !exists, argument.count == 4, let year = Int(argument) {
            return try loadSourceYear(directory: (sourceRoot as NSString).appendingPathComponent(argument), year: year, label: argument)
        }
        guard exists else { throw LoadError(description: "'\(argument)' is neither a year in \(sourceRoot)/ nor a directory") }
        if fm.fileExists(atPath: argument + "/" + BundleLayout.manifestName) {
            var (files, hashed, readFindings) = try DistReader.readYear(argument, distRoot: argument)
            // The year's app form holds the same year (`taxdata verify` proves it): the five documents are read.
            files.removeValue(forKey: BundleLayout.appDirectory + "/")
            files.removeValue(forKey: BundleLayout.vectorsDirectory + "/")
            let hasLocalForm = files.removeValue(forKey: BundleLayout.localDirectory + "/") != nil
            let manifest = files.removeValue(forKey: BundleLayout.manifestName) ?? Data()
            let result = BundleVerifier(crypto: OpenSSLCrypto()).verify(manifestBytes: manifest, files: files, hashed: hashed)
            let findings = DistReader.withoutRepeats(result.findings, reported: readFindings)
            guard var data = result.data, result.isValid, readFindings.isEmpty else {
                let first = findings.first.map { "\($0.file): \($0.diagnostic.message)" } ?? "cannot decode"
                throw LoadError(description: "\(argument) is not a valid bundle (run `taxdata verify \(argument)`): \(first)")
            }
            if hasLocalForm {
                // The localities are in the local form beside the five documents (schema 1.13).
                var (localFiles, _, localRead) = try DistReader.readYear(argument + "/" + BundleLayout.localDirectory, distRoot: argument)
                let localManifest = localFiles.removeValue(forKey: BundleLayout.manifestName) ?? Data()
                let local = LocalFormVerifier(crypto: OpenSSLCrypto()).verify(manifestBytes: localManifest, files: localFiles, year: data)
                guard local.isValid, localRead.isEmpty else {
                    let first = (localRead + local.findings).first.map { "\($0.file): \($0.diagnostic.message)" } ?? "cannot decode"
                    throw LoadError(description: "\(argument)/\(BundleLayout.localDirectory) is not a valid local form (run `taxdata verify \(argument)`): \(first)")
                }
                for (code, list) in local.localities where data.states[code] != nil { data.states[code]!.localities = list }
            }
            return Loaded(label: argument, data: data, sourceMap: nil)
        }
        if fm.fileExists(atPath: argument + "/year.yaml") {
            let name = URL(fileURLWithPath: argument).standardizedFileURL.lastPathComponent
            guard let year = Int(name), name.count == 4 else {
                throw LoadError(description: "\(argument): a source year directory must be named after its year, like TaxData/2026")
            }
            return try loadSourceYear(directory: argument, year: year, label: argument)
        }
        throw LoadError(description: "\(argument) has neither manifest.json (a bundle) nor year.yaml (a source year)")
    }

    private func loadSourceYear(directory: String, year: Int, label: String) throws -> Loaded {
        let files: [SourceFile]
        do {
            let read = try SourceTreeReader.read(root: directory)
            if let problem = read.diagnostics.first {
                throw LoadError(description: "\(problem.location?.description ?? directory): [\(problem.rule)] \(problem.message)")
            }
            files = read.files
        } catch let error as LoadError { throw error } catch { throw LoadError(description: "\(error)") }
        let display = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let prefixed = files.map { SourceFile(relativePath: "\(year)/\($0.relativePath)", displayPath: "\(display)/\($0.relativePath)", contents: $0.contents) }
        let result = TreeCompiler.compile(prefixed)
        if acceptRuleErrors, let data = result.years.first, result.hasErrors {
            let errors = result.diagnostics.errors
            Console.error("note: \(display) does not compile yet (\(errors.count) error(s); `taxdata check` lists them all); the values are compared as written:")
            for error in errors.prefix(5) { Console.error("  \(error.location?.description ?? display): [\(error.rule)] \(error.message)") }
            if errors.count > 5 { Console.error("  … and \(errors.count - 5) more") }
            return Loaded(label: label, data: data, sourceMap: result.sourceMap, sourceFiles: prefixed)
        }
        guard let data = result.years.first, !result.hasErrors else {
            let first = result.diagnostics.errors.first.map { "\($0.location?.description ?? display): \($0.message)" } ?? "no data"
            throw LoadError(description: "\(display) does not compile (run `taxdata check`): \(first)")
        }
        return Loaded(label: label, data: data, sourceMap: result.sourceMap, sourceFiles: prefixed)
    }
}
