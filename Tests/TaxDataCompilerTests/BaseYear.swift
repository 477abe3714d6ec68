import Foundation
import Testing
import TaxDataCompiler
import TaxDataCore
import TaxDataTestSupport

/// The fixture base tree with `edits` applied as (file, old, new) text replacements, compiled:
/// the way an author changes a year.
func baseTree(_ edits: [(String, String, String)] = []) throws -> CompileResult {
    var files = try readTree(packageRoot.appendingPathComponent("Fixtures/check/_base"))
    for (name, old, new) in edits {
        let index = try #require(files.firstIndex { $0.relativePath == name }, "no \(name)")
        let text = files[index].contents
        try #require(text.contains(old), "\(name) lacks \(old)")
        files[index] = SourceFile(relativePath: name, displayPath: files[index].displayPath,
                                  contents: text.replacingOccurrences(of: old, with: new))
    }
    return TreeCompiler.compile(files)
}

/// `baseTree(edits)`'s year, which must compile without errors.
func baseYear(_ edits: [(String, String, String)] = []) throws -> TaxYearData {
    let result = try baseTree(edits)
    let errors = result.diagnostics.errors.map { "\($0.rule) \($0.message)" }
    try #require(errors.isEmpty)
    return try #require(result.years.first)
}
