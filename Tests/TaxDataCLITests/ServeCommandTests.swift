import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("taxdata serve: arguments")
struct ServeCommandTests {
    /// A dist of the fixture base tree in a new temporary directory (the caller removes `root`).
    func dist() async throws -> (root: URL, dist: String) {
        let tmp = try temporaryDirectory()
        let dist = tmp.appendingPathComponent("dist").path
        #expect(try await taxdata("build", packageRoot.appendingPathComponent("Fixtures/check/_base").path, "--out", dist).status == 0)
        return (tmp, dist)
    }

    @Test("11: a negative, NaN, infinite or huge --slow-seconds is a usage error, not a crash on the first request")
    func slowSeconds() async throws {
        let (tmp, dist) = try await self.dist()
        defer { try? FileManager.default.removeItem(at: tmp) }
        for value in ["-1", "nan", "inf", "1e30"] {
            let result = try await taxdata("serve", dist, "--fault", "slow", "--slow-seconds=\(value)")
            #expect(result.status == 2, "--slow-seconds=\(value): \(result.stderr)")
            #expect(result.stderr.contains("--slow-seconds"), "\(result.stderr)")
        }
    }

    @Test("15: a busy port is an error that names the port")
    func busyPort() async throws {
        let (tmp, dist) = try await self.dist()
        defer { try? FileManager.default.removeItem(at: tmp) }
        // Hold a port with a listening socket, then ask serve for it.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", "import socket,sys,time; s=socket.socket(); s.bind(('127.0.0.1',0)); s.listen(); print(s.getsockname()[1], flush=True); time.sleep(30)"]
        let out = Pipe()
        holder.standardOutput = out
        try holder.run()
        defer { kill(holder.processIdentifier, SIGKILL); holder.waitUntilExit() }
        let port = String(decoding: out.fileHandleForReading.availableDataLine(), as: UTF8.self)
        // The real binary: a bind error must end the process with status 1. (The server's own
        // `ServeError` is tested in ServerBindTests.)
        let result = try spawnTaxdata("serve", dist, "--port", port)
        #expect(result.status == 1)
        #expect(result.stderr.contains("127.0.0.1:\(port)") && result.stderr.contains("already in use") && result.stderr.contains("choose another with --port"), "\(result.stderr)")
    }
}
