import Foundation
import Testing
@testable import TaxDataCLI
@_exported import TaxDataTestSupport

/// Runs `taxdata arguments…` in this process, as the binary would run it: the exit code and what it
/// printed, with `environment` (default: this process's) as the variables it reads. Most tests use
/// this; those about what only a process shows (exit status, --help, locale and time zone, memory)
/// use `spawnTaxdata`.
@discardableResult
func taxdata(_ arguments: String..., environment: [String: String]? = nil) async throws -> RunResult {
    try await taxdata(arguments, environment: environment)
}

/// Runs `taxdata arguments…` in this process (see `taxdata(_:environment:)`).
@discardableResult
func taxdata(_ arguments: [String], environment: [String: String]? = nil) async throws -> RunResult {
    let run = await TaxDataCommand.runCapturing(arguments, environment: environment ?? ProcessInfo.processInfo.environment)
    return RunResult(status: run.status, stdout: run.standardOutput, stderr: run.standardError)
}

/// Every regular file under `root` as relative path → bytes.
func snapshot(_ root: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root.path)!
    while let relative = enumerator.nextObject() as? String {
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path, isDirectory: &isDirectory)
        if !isDirectory.boolValue { result[relative] = try Data(contentsOf: root.appendingPathComponent(relative)) }
    }
    return result
}

/// A copy of the fixture base tree (`Fixtures/check/_base`) in a new temporary directory, to
/// break: the directory (remove it when done) and the tree in it.
func copyOfBaseTree() throws -> (root: URL, tree: URL) {
    let root = try temporaryDirectory()
    let tree = root.appendingPathComponent("tree")
    try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Fixtures/check/_base"), to: tree)
    return (root, tree)
}

/// A copy of `TaxData/` in a new temporary directory with 2027 scaffolded by `new-year` (index 2.7%).
func scaffolded2027(in tmp: URL) async throws -> URL {
    let tree = tmp.appendingPathComponent("TaxData")
    try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("TaxData").path, toPath: tree.path)
    let made = try await taxdata("new-year", "2027", "--from", "2026", "--index", "2.7%", "--sources", tree.path)
    #expect(made.status == 0, "\(made.stderr)")
    return tree
}

