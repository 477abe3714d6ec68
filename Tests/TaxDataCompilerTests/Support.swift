import Foundation
import TaxDataCompiler

/// The package root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Reads a source tree from disk (tests only; the compiler itself takes values).
func readTree(_ path: URL) throws -> [SourceFile] {
    let root = path.standardizedFileURL.path
    var files: [SourceFile] = []
    let enumerator = FileManager.default.enumerator(atPath: root)!
    while let relative = enumerator.nextObject() as? String {
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory)
        if isDirectory.boolValue || relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
        let text = try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
        files.append(SourceFile(relativePath: relative, displayPath: relative, contents: text))
    }
    return files
}
