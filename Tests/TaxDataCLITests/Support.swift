import Foundation
@_exported import TaxDataTestSupport

/// The built `taxdata` binary: $TAXDATA_BIN, or beside the test bundle in the build directory.
let taxdataBinary: String = {
    if let path = ProcessInfo.processInfo.environment["TAXDATA_BIN"] { return path }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("taxdata").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    return packageRoot.appendingPathComponent(".build/debug/taxdata").path
}()

/// Runs `taxdata` with arguments.
@discardableResult
func taxdata(_ arguments: String..., environment: [String: String]? = nil) throws -> RunResult {
    try run(taxdataBinary, arguments, environment: environment)
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
