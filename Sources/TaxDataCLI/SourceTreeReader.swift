import Foundation
import TaxDataCompiler

/// Reads a source tree from disk into `SourceFile`s (the compiler itself never touches the disk).
enum SourceTreeReader {
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    /// Every regular file below `root`, skipping hidden files and directories.
    /// - Throws: `ReadError` when `root` is not a readable directory or a file is not UTF-8.
    static func read(root: String) throws -> [SourceFile] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ReadError(description: "\(root): no such directory")
        }
        let rootURL = URL(fileURLWithPath: root)
        var files: [SourceFile] = []
        let display = root.hasSuffix("/") ? String(root.dropLast()) : root
        func walk(_ relative: String) throws {
            let url = relative.isEmpty ? rootURL : rootURL.appendingPathComponent(relative)
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: url.path) } catch {
                throw ReadError(description: "\(display)/\(relative): cannot list directory: \(error.localizedDescription)")
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let childRelative = relative.isEmpty ? name : "\(relative)/\(name)"
                let childPath = rootURL.appendingPathComponent(childRelative).path
                var childIsDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: childPath, isDirectory: &childIsDirectory)
                if childIsDirectory.boolValue {
                    try walk(childRelative)
                    continue
                }
                guard let data = FileManager.default.contents(atPath: childPath) else {
                    throw ReadError(description: "\(display)/\(childRelative): cannot read file")
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    throw ReadError(description: "\(display)/\(childRelative): not UTF-8 text")
                }
                files.append(SourceFile(relativePath: childRelative, displayPath: "\(display)/\(childRelative)", contents: text))
            }
        }
        try walk("")
        return files
    }
}
