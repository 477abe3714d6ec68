import Foundation
import Testing
import TaxDataClient
import TaxDataCore
import TaxDataCrypto

/// Regression tests for the hardening findings (issue 14), each named after its finding. Every
/// one of them failed on the code before the fix.
@Suite("Hardening: the client against hostile servers, shared caches and foreign directories")
struct HardeningTests {
    // MARK: 2. The store deletes only what it created

    @Test("2: a non-empty directory that is not a cache is refused, and nothing in it is deleted")
    func foreignDirectory() async throws {
        let home = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let precious = home.appendingPathComponent("thesis.txt")
        try Data("years of work".utf8).write(to: precious)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("2026"), withIntermediateDirectories: true)
        let store = FileBundleStore(directory: home)
        #expect(throws: StoreError.self) { try store.prepare() }
        #expect(throws: StoreError.self) { try store.save(year: 2026, files: ["a.json": Data()]) }
        // The provider reports the refusal and keeps answering from the embedded bundle.
        let t = MemoryTransport(); t.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 1)))
        let client = try provider(t, store)
        #expect(await client.status().rejections.contains { $0.reason == "cache.unreadable" })
        _ = await client.refresh()
        #expect(FileManager.default.fileExists(atPath: precious.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).sorted() == ["2026", "thesis.txt"])
    }

    @Test("2: a cache of another format loses only the store's own files")
    func otherFormat() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("taxdata-cache 0\n".utf8).write(to: dir.appendingPathComponent("FORMAT"))
        try Data("{}".utf8).write(to: dir.appendingPathComponent("state.json"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("2025"), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        let reason = try FileBundleStore(directory: dir).prepare()
        #expect(reason?.contains("taxdata-cache 0") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["notes.txt"])
    }

    @Test("32.5: a FORMAT no taxdata cache writes is refused, and nothing is deleted")
    func foreignFormat() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("x".utf8).write(to: dir.appendingPathComponent("FORMAT"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("2026"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: dir.appendingPathComponent("2026/notes.txt"))
        #expect(throws: StoreError.self) { try FileBundleStore(directory: dir).prepare() }
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("FORMAT").path))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("2026/notes.txt").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["2026", "FORMAT"], "nothing written there either")
    }

    @Test("32.5: a cache of another format whose year holds a person's file is left whole, the file named")
    func otherFormatWithForeignFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("taxdata-cache 0\n".utf8).write(to: dir.appendingPathComponent("FORMAT"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("2025"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: dir.appendingPathComponent("2025/federal_2025.json"))
        try Data("mine".utf8).write(to: dir.appendingPathComponent("2025/notes.txt"))
        #expect {
            try FileBundleStore(directory: dir).prepare()
        } throws: { error in
            "\(error)".contains("2025/notes.txt is not a file this cache writes")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("2025").path).sorted() == ["federal_2025.json", "notes.txt"])
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("FORMAT").path))
    }

    @Test("32.27: a new cache another process is creating (its lock and temporary FORMAT) is not refused as foreign")
    func firstUseMidCreation() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // What a second process sees while the first is between its temporary write and the rename.
        try Data().write(to: dir.appendingPathComponent(".lock"))
        try Data("taxdata-cache 1\n".utf8).write(to: dir.appendingPathComponent(".FORMAT.tmp-\(UUID().uuidString)"))
        let store = FileBundleStore(directory: dir)
        try store.withExclusiveAccess { try store.saveState(Data("{}".utf8)) }
        #expect(try store.loadState() == Data("{}".utf8))
    }

    @Test("32.27: many stores racing on one new cache directory all succeed")
    func firstUseRace() async throws {
        for _ in 0..<10 {
            let dir = try temporaryDirectory().appendingPathComponent("cache")
            defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
            let failures = await withTaskGroup(of: String?.self) { group in
                for i in 0..<6 {
                    group.addTask {
                        let store = FileBundleStore(directory: dir)
                        do {
                            _ = try store.prepare()
                            try store.withExclusiveAccess { try store.saveState(Data("{\"n\":\(i)}".utf8)) }
                            return nil
                        } catch { return "\(error)" }
                    }
                }
                var failures: [String] = []
                for await failure in group { if let failure { failures.append(failure) } }
                return failures
            }
            #expect(failures.isEmpty, "\(failures)")
        }
    }

    @Test("2: staging directories a crash left behind are removed on the next start")
    func staleStaging() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = FileBundleStore(directory: dir)
        try store.saveState(Data("{}".utf8))
        let leftover = dir.appendingPathComponent(".2026.new-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
        try Data(count: 1 << 20).write(to: leftover.appendingPathComponent("states_2026.json"))
        _ = try store.prepare()
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("state.json").path))
    }

    // MARK: 6. The manifest is checked before any file is fetched

    @Test("6: an unsigned manifest is refused before any listed file is fetched, when keys are configured")
    func unsignedManifestFirst() async throws {
        let key = try Ed25519PrivateKey.generate()
        let t = MemoryTransport()
        try t.publish(files: try bundleFiles(version: dataVersion(plus: 1)), issuedAt: "2026-03-01T00:00:00Z", signedBy: [key])
        let status = await (try provider(t, MemoryStore(), keys: [key.publicKey])).refresh()
        #expect(status.rejections.contains { $0.reason == .signatureMissing }, "\(status.rejections)")
        #expect(t.requests.map(\.url.lastPathComponent) == ["index.json", "index.json.sig", "manifest.json", "manifest.json.sig"])
    }

    @Test("6: a manifest that lists files beyond the contract's documents is refused before they are fetched")
    func extraListedFiles() async throws {
        var files = try bundleFiles(version: dataVersion(plus: 1))
        var manifest = try CanonicalJSON.decode(Manifest.self, from: files[BundleLayout.manifestName]!)
        let junk = Data(count: 8 << 20)
        for i in 0..<30 {
            let name = "extra_\(i).json"
            files[name] = junk
            manifest.checksums[name] = Manifest.checksum(try SHA256.hexDigest(junk))
            manifest.sizes[name] = junk.count
        }
        files[BundleLayout.manifestName] = try CanonicalJSON.encode(manifest)
        let t = MemoryTransport(); t.serve(year: 2026, files: files)
        let store = MemoryStore()
        let status = await (try provider(t, store)).refresh()
        #expect(status.rejections.contains { $0.reason == .bundleExtraFile }, "\(status.rejections)")
        #expect(!t.requests.contains { $0.url.lastPathComponent.hasPrefix("extra_") })
        #expect(store.yearsStored.isEmpty)
    }

    @Test("6: a listed size beyond the response limit is refused before the download")
    func implausibleSize() async throws {
        var files = try bundleFiles(version: dataVersion(plus: 1))
        var manifest = try CanonicalJSON.decode(Manifest.self, from: files[BundleLayout.manifestName]!)
        manifest.sizes["states_2026.json"] = 1 << 40
        files[BundleLayout.manifestName] = try CanonicalJSON.encode(manifest)
        let t = MemoryTransport(); t.serve(year: 2026, files: files)
        let status = await (try provider(t, MemoryStore())).refresh()
        #expect(status.rejections.contains { $0.reason == .bundleSize }, "\(status.rejections)")
        #expect(!t.requests.contains { $0.url.lastPathComponent == "states_2026.json" })
    }

    // MARK: 7. Two processes sharing one cache

    @Test("7: two clients sharing a cache directory never roll it back, and highestAccepted only grows")
    func sharedCache() async throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let v3 = MemoryTransport(); v3.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 3)))
        let v2 = MemoryTransport(); v2.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 2)))
        // Both start on the same empty cache (an app and its widget), then each fetches.
        let first = try provider(v3, FileBundleStore(directory: dir))
        let second = try provider(v2, FileBundleStore(directory: dir))
        #expect(await first.refresh().version == dataVersion(plus: 3))
        let slower = await second.refresh()
        // The second process sees the newer version the first stored and uses it instead of its own.
        #expect(slower.version == dataVersion(plus: 3), "\(slower)")
        let reopened = try provider(MemoryTransport(), FileBundleStore(directory: dir))
        #expect(await reopened.status().version == dataVersion(plus: 3))
        let state = try #require(try FileBundleStore(directory: dir).loadState())
        #expect(String(decoding: state, as: UTF8.self).contains(dataVersion(plus: 3)))
    }

    // MARK: 8. Unauthenticated "no update"

    @Test("8: a 304 to a request without If-None-Match is an error, not 'unchanged'")
    func unsolicited304() async throws {
        let t = MemoryTransport()
        t.serve("/2026/manifest.json", .response(HTTPResponse(status: 304)))
        let status = await (try provider(t, MemoryStore())).refresh()
        #expect(status.rejections.contains { $0.reason == "http.status" && $0.detail.contains("If-None-Match") })
        #expect(status.source == .embedded && status.fetchedAt == nil)
    }

    @Test("8: the version endpoint's 'no update' postpones a check but never makes stale data fresh")
    func versionHint() async throws {
        let clock = TestClock("2026-03-01T12:00:00Z")
        let t = MemoryTransport(); t.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 1)))
        let store = MemoryStore()
        let configuration = TaxDataProvider.Configuration(baseURL: base, useVersionEndpoint: true)
        let client = try TaxDataProvider(configuration: configuration, transport: t, store: store, clock: clock, embedded: embedded, logger: quietLogger)
        let fetched = await client.refresh()
        #expect(fetched.source == .remote)
        // The server now lies: always "no update".
        t.serve("/v1/tax-data/2026/version", .response(HTTPResponse(status: 200, body: Data(
            #"{"hasUpdate": false, "latestVersion": "0.0.0", "isRequired": false, "changeLog": null}"#.utf8))))
        clock.advance(8 * 24 * 3600) // past the 7-day validity
        let later = await client.refresh()
        // Past its validity the manifest itself was asked for (with our validator), not the hint.
        #expect(t.requests.contains { $0.url.path == "/2026/manifest.json" && $0.headers["If-None-Match"] != nil })
        #expect(later.fetchedAt == clock.now(), "a 304 to our own validator is what makes data fresh again")
        // Within validity the hint is used, but it does not move fetchedAt.
        clock.advance(2 * 24 * 3600)
        let hinted = await client.refresh()
        #expect(hinted.fetchedAt == later.fetchedAt)
        #expect(t.requests.last?.url.path == "/v1/tax-data/2026/version")
    }

    // MARK: 9. The rollback rules

    @Test("9a: with the cached higher version corrupted, a valid lower remote version beats the older embedded one")
    func corruptHigherCache() async throws {
        let store = MemoryStore()
        var v3 = try bundleFiles(version: dataVersion(plus: 3))
        v3["states_2026.json"] = Data("garbage".utf8)
        store.yearsStored[2026] = v3
        store.state = Data(#"{"years": {"2026": {"highestAccepted": "\#(dataVersion(plus: 3))"}}}"#.utf8)
        let t = MemoryTransport(); t.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 2)))
        let status = await (try provider(t, store)).refresh()
        #expect(status.source == .remote && status.version == dataVersion(plus: 2), "\(status.rejections)")
    }

    @Test("9b: a corrupt state.json is rebuilt from the cache, so rollback protection survives it")
    func corruptState() async throws {
        let store = MemoryStore()
        store.yearsStored[2026] = try bundleFiles(version: dataVersion(plus: 3))
        store.state = Data("{not json".utf8)
        let t = MemoryTransport(); t.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 2)))
        let client = try provider(t, store)
        #expect(await client.status().rejections.contains { $0.reason == "cache.state" })
        let status = await client.refresh()
        #expect(status.version == dataVersion(plus: 3) && status.source == .cache)
        #expect(status.rejections.contains { $0.reason == "rollback" })
        #expect(store.yearsStored[2026] != nil, "the valid cache was kept")
    }

    @Test("9c: a highestAccepted above every real version neither deletes a valid cache nor blocks updates")
    func bogusHighest() async throws {
        let store = MemoryStore()
        store.yearsStored[2026] = try bundleFiles(version: dataVersion(plus: 2))
        store.state = Data(#"{"years": {"2026": {"highestAccepted": "2026.99.0"}}}"#.utf8)
        let t = MemoryTransport(); t.serve(year: 2026, files: try bundleFiles(version: dataVersion(plus: 4)))
        let client = try provider(t, store)
        #expect(await client.status().version == dataVersion(plus: 2))
        #expect(store.yearsStored[2026] != nil)
        let status = await client.refresh()
        #expect(status.source == .remote && status.version == dataVersion(plus: 4), "\(status.rejections)")
    }

    // MARK: 10. Junk in the cache

    @Test("10: a signature file that is not a signature envelope is not stored")
    func junkSignature() async throws {
        var files = try bundleFiles(version: dataVersion(plus: 1))
        files[BundleLayout.signatureName] = Data("<html>Welcome to the hotel network</html>".utf8)
        let t = MemoryTransport(); t.serve(year: 2026, files: files)
        let store = MemoryStore()
        let status = await (try provider(t, store)).refresh()
        #expect(status.source == .remote)
        #expect(store.yearsStored[2026]?[BundleLayout.signatureName] == nil)
        #expect(store.yearsStored[2026]?[BundleLayout.manifestName] != nil)
    }
}
