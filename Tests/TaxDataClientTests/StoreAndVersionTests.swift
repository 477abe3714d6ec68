import Foundation
import TaxDataTestSupport
import Testing
import TaxDataClient
import TaxDataCore

@Suite("Cache crash safety and the version endpoint")
struct StoreAndVersionTests {
    @Test("a crash between the two renames of a cache write leaves the previous bundle usable")
    func crashMidWrite() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("taxdata-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileBundleStore(directory: directory)
        let t = MemoryTransport(); t.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 2)))
        #expect(await (try provider(t, store)).refresh().version == dataVersion(plus: 2))
        // Simulate the crash: the old copy was moved aside, the new one never arrived, and a
        // half-written staging directory is left behind.
        try FileManager.default.moveItem(at: directory.appendingPathComponent("2026"), to: directory.appendingPathComponent("2026.old"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent(".2026.new-crashed"), withIntermediateDirectories: true)
        try Data("{\"partial".utf8).write(to: directory.appendingPathComponent(".2026.new-crashed/federal_2026.json"))
        let offline = MemoryTransport(); offline.failAll(TransportError(.offline, "plane"))
        let status = await (try provider(offline, store)).status()
        #expect(status.source == .cache && status.version == dataVersion(plus: 2), "\(status.rejections)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("2026/manifest.json").path))
    }

    @Test("where the server offers the version endpoint, 'no update' costs one small request")
    func versionEndpoint() async throws {
        let store = MemoryStore(), t = MemoryTransport(), clock = TestClock("2026-03-01T12:00:00Z")
        t.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 2)))
        _ = await (try provider(t, store, clock: clock)).refresh()
        t.serve("/v1/tax-data/2026/version", .response(HTTPResponse(status: 200, body: Data(
            #"{"hasUpdate": false, "latestVersion": "\#(dataVersion(plus: 2))", "isRequired": false, "changeLog": null}"#.utf8))))
        let client = try TaxDataProvider(configuration: .init(baseURL: base, useVersionEndpoint: true), transport: t,
                                         store: store, clock: clock, embedded: embedded, logger: quietLogger)
        let before = t.requests.count
        let status = await client.refresh()
        #expect(status.source == .cache && status.version == dataVersion(plus: 2))
        #expect(t.requests.count == before + 1)
        #expect(t.requests.last?.url.query == "current=\(dataVersion(plus: 2))")
        // A server without the endpoint (404): the client falls back to the manifest.
        let plain = MemoryTransport(); plain.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 3)))
        let other = try TaxDataProvider(configuration: .init(baseURL: base, useVersionEndpoint: true), transport: plain,
                                        store: store, clock: clock, embedded: embedded, logger: quietLogger)
        let otherStatus = await other.refresh()
        #expect(otherStatus.version == dataVersion(plus: 3), "\(otherStatus.rejections)")
    }
}
