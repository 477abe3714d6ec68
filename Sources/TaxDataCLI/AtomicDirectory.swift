import Foundation
import TaxDataCore

/// Replaces a directory as a whole: the new contents are written to a temporary sibling and
/// renamed into place only when complete. On any failure the old directory is left exactly as it was.
enum AtomicDirectory {
    struct WriteError: Error, CustomStringConvertible { var description: String }

    static func replace(_ path: String, with files: [OutputFile]) throws {
        let fm = FileManager.default
        let target = URL(fileURLWithPath: path).standardizedFileURL
        let parent = target.deletingLastPathComponent()
        let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let staging = parent.appendingPathComponent(".\(target.lastPathComponent).tmp-\(token)")
        let retired = parent.appendingPathComponent(".\(target.lastPathComponent).old-\(token)")
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
            try fm.createDirectory(at: staging, withIntermediateDirectories: false)
            for file in files {
                let url = staging.appendingPathComponent(file.path)
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.contents.write(to: url)
            }
        } catch {
            try? fm.removeItem(at: staging)
            throw WriteError(description: "cannot write \(path): \(error.localizedDescription)")
        }
        let existed = fm.fileExists(atPath: target.path)
        do {
            if existed { try fm.moveItem(at: target, to: retired) }
        } catch {
            try? fm.removeItem(at: staging)
            throw WriteError(description: "cannot replace \(path): \(error.localizedDescription)")
        }
        do {
            try fm.moveItem(at: staging, to: target)
        } catch {
            if existed { try? fm.moveItem(at: retired, to: target) }
            try? fm.removeItem(at: staging)
            throw WriteError(description: "cannot move the new \(path) into place: \(error.localizedDescription)")
        }
        if existed { try? fm.removeItem(at: retired) }
    }
}
