import Foundation
import TaxDataCompiler
import TaxDataCore

/// Reads a source tree from disk into `SourceFile`s (the compiler itself never touches the disk).
///
/// A file that cannot be used is a finding at its path (exit 1 from `check`), not a usage error:
/// unreadable, not a regular file (a FIFO is never opened), a dangling or looping symlink, a
/// symlink that leaves the tree, larger than `maxFileBytes`, not UTF-8 (UTF-16 is named), or
/// holding a NUL byte (reported at its line and column). An empty year directory is reported too.
enum SourceTreeReader {
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    /// A real source file is under 50 KB; anything past this is refused unread.
    static let maxFileBytes = 1 << 20

    /// Every usable regular file below `root` (hidden files and directories skipped), and the
    /// findings for those that cannot be used.
    /// - Throws: `ReadError` only when `root` itself is not a readable directory.
    /// - Parameter only: when given, the top-level entries read (year directories); others are skipped.
    static func read(root: String, only: Set<String>? = nil) throws -> (files: [SourceFile], diagnostics: [Diagnostic]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ReadError(description: "\(root): no such directory")
        }
        let rootURL = URL(fileURLWithPath: root)
        let realRoot = rootURL.resolvingSymlinksInPath().standardizedFileURL.path
        var files: [SourceFile] = []
        var diagnostics: [Diagnostic] = []
        let display = root.hasSuffix("/") ? String(root.dropLast()) : root
        func finding(_ rule: RuleID, _ path: String, _ message: String, line: Int = 1, column: Int = 1, severity: Diagnostic.Severity = .error) {
            diagnostics.append(Diagnostic(severity, rule, message, location: SourceLocation(file: path, line: line, column: column)))
        }
        /// The real paths of the directories being walked (the current one and its ancestors): a
        /// symlink to one of them is a loop, reported once and not followed.
        var walking: Set<String> = []
        func walk(_ relative: String) throws {
            let url = relative.isEmpty ? rootURL : rootURL.appendingPathComponent(relative)
            let real = url.resolvingSymlinksInPath().standardizedFileURL.path
            walking.insert(real)
            defer { walking.remove(real) }
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: url.path) } catch {
                if relative.isEmpty { throw ReadError(description: "\(display): cannot list directory: \(error.localizedDescription)") }
                finding(.fileUnreadable, "\(display)/\(relative)", "cannot list this directory: \(error.localizedDescription)")
                return
            }
            let visible = names.sorted().filter { !$0.hasPrefix(".") && (!relative.isEmpty || only?.contains($0) != false) }
            if relative.count == 4, Int(relative) != nil, visible.isEmpty {
                finding(.fileMissing, "\(display)/\(relative)", "\(relative)/ is an empty year directory: add year.yaml, federal.yaml, fica.yaml, retirement.yaml and states/, or remove it")
            }
            if !relative.isEmpty, !relative.contains("/"), !(relative.count == 4 && relative.allSatisfy { $0.isASCII && $0.isNumber }), visible.isEmpty {
                finding(.yearDirectory, "\(display)/\(relative)", "\(relative)/ is not named like a year (four digits, like 2026) and is empty; it is ignored: rename or remove it",
                        severity: .warning)
            }
            for name in visible {
                let childRelative = relative.isEmpty ? name : "\(relative)/\(name)"
                let childURL = rootURL.appendingPathComponent(childRelative)
                let shown = "\(display)/\(childRelative)"
                let attributes = try? FileManager.default.attributesOfItem(atPath: childURL.path) // does not follow links
                if attributes?[.type] as? FileAttributeType == .typeSymbolicLink {
                    let target = childURL.resolvingSymlinksInPath().standardizedFileURL.path
                    guard let targetAttributes = try? FileManager.default.attributesOfItem(atPath: target),
                          targetAttributes[.type] as? FileAttributeType != .typeSymbolicLink else {
                        finding(.fileUnreadable, shown, "is a dangling or looping symlink")
                        continue
                    }
                    guard target.hasPrefix(realRoot + "/") else {
                        finding(.fileOutsideTree, shown, "is a symlink to a file outside the source tree; not followed")
                        continue
                    }
                }
                var childIsDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: childURL.path, isDirectory: &childIsDirectory)
                if childIsDirectory.boolValue {
                    let target = childURL.resolvingSymlinksInPath().standardizedFileURL.path
                    if walking.contains(target) {
                        let back = target == realRoot ? "the tree's root" : "\(display)/\(target.dropFirst(realRoot.count + 1))"
                        finding(.fileUnreadable, shown, "is a symlink back to \(back), a loop; not followed")
                        continue
                    }
                    try walk(childRelative)
                    continue
                }
                let resolved = try? FileManager.default.attributesOfItem(atPath: childURL.resolvingSymlinksInPath().path)
                guard let type = resolved?[.type] as? FileAttributeType, type == .typeRegular else {
                    finding(.fileUnreadable, shown, "is not a regular file (\((resolved?[.type] as? FileAttributeType)?.rawValue ?? "unknown type")); not read")
                    continue
                }
                if let size = resolved?[.size] as? Int, size > maxFileBytes {
                    finding(.fileTooLarge, shown, "is \(size) bytes; a source file may be at most \(maxFileBytes) (real ones are under 50 KB)")
                    continue
                }
                guard let handle = FileHandle(forReadingAtPath: childURL.path),
                      let data = try? handle.read(upToCount: maxFileBytes + 1) ?? Data() else {
                    finding(.fileUnreadable, shown, "cannot be read (permissions?)")
                    continue
                }
                try? handle.close()
                if let problem = encodingProblem(data) {
                    finding(.fileEncoding, shown, problem.message, line: problem.line, column: problem.column)
                    continue
                }
                files.append(SourceFile(relativePath: childRelative, displayPath: shown, contents: String(decoding: data, as: UTF8.self)))
            }
        }
        try walk("")
        return (files, diagnostics)
    }

    /// Why `data` is not usable UTF-8 text, and where: UTF-16 (by its byte-order mark or NULs
    /// between ASCII bytes), a NUL byte, or an invalid UTF-8 sequence.
    static func encodingProblem(_ data: Data) -> (message: String, line: Int, column: Int)? {
        let bytes = [UInt8](data)
        let head = bytes.prefix(64)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || (head.count >= 8 && head.filter({ $0 == 0 }).count * 4 >= head.count) {
            return ("is UTF-16 text; save it as UTF-8", 1, 1)
        }
        func position(_ offset: Int) -> (Int, Int) {
            var line = 1, column = 1
            for byte in bytes[..<offset] {
                if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            return (line, column)
        }
        if let nul = bytes.firstIndex(of: 0) {
            let (line, column) = position(nul)
            return ("contains a NUL byte (at line \(line), column \(column)); a source file is UTF-8 text", line, column)
        }
        if String(validating: bytes, as: UTF8.self) == nil {
            // Find the first offset where decoding fails.
            var offset = 0
            while offset < bytes.count {
                let lead = bytes[offset]
                let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
                guard length > 0, offset + length <= bytes.count,
                      String(bytes: bytes[offset..<offset + length], encoding: .utf8) != nil else { break }
                offset += length
            }
            let (line, column) = position(offset)
            return ("is not UTF-8: byte 0x\(String(bytes[min(offset, bytes.count - 1)], radix: 16, uppercase: true)) at line \(line), column \(column)", line, column)
        }
        return nil
    }
}

extension SourceTreeReader {
    /// The compiler's findings less those that only repeat a file the reader already reported: a
    /// file that could not be used is not also "missing" (`file.missing`) or "removed" since the
    /// year before (`coverage.state-removed`). One finding per unusable file.
    static func withoutRepeats(_ compiled: [Diagnostic], _ read: [Diagnostic]) -> [Diagnostic] {
        let reported = Set(read.compactMap { $0.location?.file })
        return compiled.filter { diagnostic in
            guard [.fileMissing, .coverageStateRemoved].contains(diagnostic.rule), let file = diagnostic.location?.file else { return true }
            return !reported.contains(file)
        }
    }

    /// Reads and compiles a tree: the reader's findings come first, with the compiler's.
    static func compile(root: String) throws -> (result: CompileResult, fileCount: Int, years: [Int]) {
        let (files, readFindings) = try read(root: root)
        var result = TreeCompiler.compile(files)
        result.diagnostics = readFindings + withoutRepeats(result.diagnostics, readFindings)
        let years = Set(files.compactMap { Int($0.relativePath.prefix(4)) }).sorted()
        return (result, files.count + readFindings.count, years)
    }

    /// Reads and compiles one year of a tree: `year` and the year before it (when the tree has
    /// it, for the year-over-year checks), keeping only `year`'s findings, data and files.
    static func compile(root: String, year: Int) throws -> (result: CompileResult, fileCount: Int, years: [Int]) {
        let (files, readFindings) = try read(root: root, only: [String(year), String(year - 1)])
        var result = TreeCompiler.compile(files)
        let display = root.hasSuffix("/") ? String(root.dropLast()) : root
        let prefix = "\(display)/\(year)/"
        func belongs(_ diagnostic: Diagnostic) -> Bool {
            diagnostic.taxYear == year || (diagnostic.taxYear == nil && diagnostic.location?.file.hasPrefix(prefix) == true)
        }
        result.diagnostics = (readFindings + withoutRepeats(result.diagnostics, readFindings)).filter(belongs)
        result.reviewed = result.reviewed.filter { belongs($0.diagnostic) }
        result.years = result.years.filter { $0.meta.taxYear == year }
        let fileCount = files.filter { $0.relativePath.hasPrefix("\(year)/") }.count + readFindings.filter(belongs).count
        return (result, fileCount, files.contains { $0.relativePath.hasPrefix("\(year)/") } ? [year] : [])
    }
}
