import Foundation
import TaxDataTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TaxDataClient
import TaxDataCore

/// A real HTTP server on 127.0.0.1 (Python's http.server) serving a directory.
final class StaticServer: @unchecked Sendable {
    let process = Process()
    let port: Int
    let directory: URL

    init(directory: URL) throws {
        self.directory = directory
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
        var text = ""
        let handle = out.fileHandleForReading
        while !text.contains("port ") || !text.contains("\n") {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: "port "), let port = Int(text[range.upperBound...].prefix { $0.isNumber }) else {
            process.terminate()
            throw StoreError("http.server did not start: \(text)")
        }
        self.port = port
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    /// Kills the server and waits (bounded) for it to go; never blocks on `waitUntilExit`,
    /// which spins forever on Linux when the exit is not observed.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(10_000) }
    }
}

func writeYear(_ files: [String: Data], to directory: URL, year: Int = 2026) throws {
    let yearDirectory = directory.appendingPathComponent(String(year))
    try? FileManager.default.removeItem(at: yearDirectory)
    try FileManager.default.createDirectory(at: yearDirectory, withIntermediateDirectories: true)
    for (name, bytes) in files { try bytes.write(to: yearDirectory.appendingPathComponent(name)) }
}

@Suite("Client end to end: a real server on 127.0.0.1, URLSession, the file cache", .serialized)
struct EndToEndTests {
    let clock = TestClock("2026-03-01T12:00:00Z")

    func makeProvider(_ url: URL, cache: URL) throws -> TaxDataProvider {
        try TaxDataProvider(configuration: .init(baseURL: url, requestTimeout: 5),
                            transport: URLSessionTransport(), store: FileBundleStore(directory: cache), clock: clock, embedded: embedded, logger: quietLogger)
    }

    @Test("fetch over HTTP, cache on disk, then offline after a restart uses the cache")
    func fetchThenOffline() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("taxdata-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let served = root.appendingPathComponent("www"), cache = root.appendingPathComponent("cache")
        try writeYear(try bundleFiles(version: dataVersion(plus: 5)), to: served)
        let server = try StaticServer(directory: served)
        let first = try makeProvider(server.url, cache: cache)
        let status = await first.refresh()
        server.stop()
        #expect(status.source == .remote && status.version == dataVersion(plus: 5), "\(status.rejections)")
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("2026/federal_2026.json").path))
        // The server is gone: a new process uses the verified cache.
        let second = try makeProvider(server.url, cache: cache)
        let offline = await second.refresh()
        #expect(offline.source == .cache && offline.version == dataVersion(plus: 5))
        #expect(offline.rejections.contains { $0.source == .remote && $0.reason.rawValue.hasPrefix("transport.") })
    }

    @Test("an update published while the app runs reaches the AsyncStream")
    func liveUpdate() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("taxdata-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let served = root.appendingPathComponent("www")
        try writeYear(try bundleFiles(version: dataVersion(plus: 5)), to: served)
        let server = try StaticServer(directory: served)
        defer { server.stop() }
        let client = try makeProvider(server.url, cache: root.appendingPathComponent("cache"))
        #expect(await client.refresh().version == dataVersion(plus: 5))
        let stream = await client.updates()
        let received = Task { await first(of: stream, within: 60) }
        // Publish the embedded version + 6 on the server (no restart), then the app's next refresh.
        try writeYear(try bundleFiles(version: dataVersion(plus: 6)), to: served)
        clock.advance(25 * 3600)
        let status = await client.refreshIfNeeded()
        #expect(status.version == dataVersion(plus: 6))
        let update = await received.value
        #expect(update?.version == dataVersion(plus: 6))
        #expect(update?.source == .remote)
    }

    @Test("a response larger than the manifest says is cut off by the real transport")
    func oversizedOverHTTP() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("taxdata-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let served = root.appendingPathComponent("www")
        var files = try bundleFiles(version: dataVersion(plus: 5))
        files["states_2026.json"] = files["states_2026.json"]! + Data(repeating: 0x20, count: 2 << 20)
        try writeYear(files, to: served)
        let server = try StaticServer(directory: served)
        defer { server.stop() }
        let client = try makeProvider(server.url, cache: root.appendingPathComponent("cache"))
        let status = await client.refresh()
        #expect(status.source == .embedded)
        #expect(status.rejections.contains { $0.reason == "transport.too-large" }, "\(status.rejections)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("cache/2026").path))
    }
}
