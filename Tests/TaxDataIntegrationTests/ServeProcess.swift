import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TaxDataTestSupport

/// `taxdata serve DIST --port 0` as a child process, its log in a file (a pipe nobody reads would fill
/// and stall the server); `url` is known once it says where it listens.
final class ServeProcess {
    let url: String
    private let process = Process()

    init(dist: URL, log: URL, tuf: URL? = nil) throws {
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        process.executableURL = URL(fileURLWithPath: taxdataBinary)
        process.arguments = ["serve", dist.path, "--port", "0"] + (tuf.map { ["--tuf", $0.path] } ?? [])
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let listening = try Regex(#"serving .* on (http://127\.0\.0\.1:[0-9]+/)"#)
        let deadline = Date().addingTimeInterval(15)
        var found: String?
        while found == nil && Date() < deadline && process.isRunning {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            found = text.firstMatch(of: listening).map { String($0.output[1].substring ?? "") }
            if found == nil { usleep(20_000) }
        }
        guard let found else {
            kill(process.processIdentifier, SIGKILL)
            throw ContractTestError(description: "taxdata serve did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        }
        url = found
    }

    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
