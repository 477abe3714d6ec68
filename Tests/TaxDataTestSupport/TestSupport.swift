import Foundation
import TaxDataCompiler
import TaxDataCore

/// The package root, found from this file's path (tests only).
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Reads a source tree from disk into `SourceFile`s, paths relative to `path` (tests only; the
/// compiler itself takes values).
public func readTree(_ path: URL) throws -> [SourceFile] {
    let root = path.standardizedFileURL.path
    var files: [SourceFile] = []
    let enumerator = FileManager.default.enumerator(atPath: root)!
    while let relative = enumerator.nextObject() as? String {
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory)
        if isDirectory.boolValue || relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
        files.append(SourceFile(relativePath: relative, displayPath: relative,
                                contents: try String(contentsOfFile: root + "/" + relative, encoding: .utf8)))
    }
    return files
}

/// The repository's real tax years, compiled once.
public let compiledYears: [TaxYearData] = TreeCompiler.compile(try! readTree(packageRoot.appendingPathComponent("TaxData"))).years

/// A fresh temporary directory; the caller removes it.
public func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("taxdata-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The data version `TaxData/<year>/year.yaml` declares (what the embedded bundle carries), with
/// `patch` added to its last number: with 2026.2.0 in the sources, `dataVersion(2026, plus: 1)` is
/// "2026.2.1". Tests that need "the embedded version" or "a newer one" derive it here, so bumping a
/// year's version never breaks them.
public func dataVersion(_ year: Int = 2026, plus patch: Int = 0) -> String {
    guard let meta = compiledYears.first(where: { $0.meta.taxYear == year })?.meta else {
        fatalError("TaxData/\(year) did not compile")
    }
    var components = meta.version.components
    components[2] += patch
    return components.map(String.init).joined(separator: ".")
}

/// The bodies of the fenced blocks of `language` in `markdown`, each ending in a newline: what the
/// tests run or compile, so the README's examples cannot drift from the code.
public func fencedBlocks(_ markdown: String, language: String) -> [String] {
    var blocks: [String] = [], current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
        if var lines = current {
            if line == "```" { blocks.append(lines.map { $0 + "\n" }.joined()); current = nil } else { lines.append(line); current = lines }
        } else if line == "```\(language)" {
            current = []
        }
    }
    return blocks
}

/// The README and the user documentation beside it (`docs/*.md`), as one text: where the tests
/// find the commands and code they run, so that an example moved between pages stays tested.
public func readme() throws -> String {
    let docs = packageRoot.appendingPathComponent("docs")
    let pages = [packageRoot.appendingPathComponent("README.md")]
        + (try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil))
            .filter { $0.pathExtension == "md" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    return try pages.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
}

public struct RunResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Runs a program to completion and captures its output.
@discardableResult
public func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, cwd: URL? = nil) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let cwd { process.currentDirectoryURL = cwd }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                     stderr: String(decoding: errData, as: UTF8.self))
}
