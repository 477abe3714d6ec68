import Foundation

/// The built `taxdata` binary: $TAXDATA_BIN, or beside the test bundle in the build directory.
public let taxdataBinary: String = {
    if let path = ProcessInfo.processInfo.environment["TAXDATA_BIN"] { return path }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("taxdata").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    return packageRoot.appendingPathComponent(".build/debug/taxdata").path
}()

/// Runs the built `taxdata` binary with arguments, in a process of its own.
@discardableResult
public func spawnTaxdata(_ arguments: String..., environment: [String: String]? = nil) throws -> RunResult {
    try run(taxdataBinary, arguments, environment: environment)
}

extension FileHandle {
    /// Reads up to the first newline (a server that prints its port, then keeps running).
    public func availableDataLine() -> Data {
        var line = Data()
        while true {
            let byte = readData(ofLength: 1)
            if byte.isEmpty || byte.first == UInt8(ascii: "\n") { return line }
            line.append(byte)
        }
    }
}
