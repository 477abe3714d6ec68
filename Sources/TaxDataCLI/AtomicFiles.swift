import Foundation
import TaxDataCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces single files inside an existing directory (what `taxdata sign` writes into a dist):
/// every file is written in full under a temporary name beside its target first, and only then are
/// they renamed over their targets, one by one in the order given. A file is therefore never seen
/// half-written; a failure before the renames leaves everything as it was.
enum AtomicFiles {
    struct WriteError: Error, CustomStringConvertible { var description: String }

    static func replace(_ files: [OutputFile], in root: String) throws {
        let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        var staged: [(temporary: String, target: String)] = []
        do {
            for file in files {
                let target = (root as NSString).appendingPathComponent(file.path)
                let directory = (target as NSString).deletingLastPathComponent
                let temporary = (directory as NSString).appendingPathComponent(".\((target as NSString).lastPathComponent).tmp-\(token)")
                try KeyFiles.createExclusive(temporary, file.contents, mode: 0o666)
                staged.append((temporary, target))
            }
        } catch {
            for file in staged { unlink(file.temporary) }
            throw WriteError(description: "cannot write into \(root): \(error); nothing was changed")
        }
        for (done, file) in staged.enumerated() where rename(file.temporary, file.target) != 0 {
            let reason = String(cString: strerror(errno))
            for rest in staged[done...] { unlink(rest.temporary) }
            throw WriteError(description: "cannot move \(file.target) into place: \(reason); \(done) of \(staged.count) file(s) were replaced, run the command again")
        }
    }
}
