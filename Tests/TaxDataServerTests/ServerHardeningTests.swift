import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import TaxDataCore
import TaxDataServer

/// Regression tests for the `serve` findings of the hardening issue (11–15), each named after it.
@Suite("taxdata serve under hostile input")
struct ServerHardeningTests {
    func app(_ dist: URL) -> some ApplicationProtocol {
        Application(router: TaxDataServer(dist: DistDirectory(root: dist), slowSeconds: 0.01).buildRouter(), logger: quietLogger)
    }

    @Test("12: symlinks out of the dist and files no manifest lists are not served; a listed file is read at its listed size")
    func onlyListedFiles() async throws {
        let dist = try makeDist()
        defer { try? FileManager.default.removeItem(at: dist) }
        let year = dist.appendingPathComponent("2026")
        try FileManager.default.createSymbolicLink(atPath: year.appendingPathComponent("passwd.json").path, withDestinationPath: "/etc/passwd")
        try Data(count: 4 << 20).write(to: year.appendingPathComponent("stray.json"))
        // A listed name that is now a symlink leaving the dist.
        let federal = year.appendingPathComponent("federal_2026.json")
        try FileManager.default.removeItem(at: federal)
        try FileManager.default.createSymbolicLink(atPath: federal.path, withDestinationPath: "/etc/hostname")
        // A listed file that grew beyond its listed size.
        let fica = year.appendingPathComponent("fica_2026.json")
        try (try Data(contentsOf: fica) + Data(count: 1 << 20)).write(to: fica)
        try await app(dist).test(.router) { client in
            for path in ["/2026/passwd.json", "/2026/stray.json", "/2026/federal_2026.json", "/2026/fica_2026.json"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .notFound, "\(path)")
                    #expect(response.body.readableBytes < 64, "\(path)")
                }
            }
            try await client.execute(uri: "/2026/states_2026.json", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test("14: /{year}/sha256/{hex} reads and hashes only the file it names, not the whole year")
    func checksumRoute() async throws {
        let dist = try makeDist()
        defer { try? FileManager.default.removeItem(at: dist) }
        let manifest = try CanonicalJSON.decode(Manifest.self, from: Data(contentsOf: dist.appendingPathComponent("2026/manifest.json")))
        // Another file of the year is damaged: verifying the whole year would refuse this request.
        try Data("{}".utf8).write(to: dist.appendingPathComponent("2026/states_2026.json"))
        let federalHex = manifest.checksums["federal_2026.json"]!.dropFirst(7)
        let statesHex = manifest.checksums["states_2026.json"]!.dropFirst(7)
        try await app(dist).test(.router) { client in
            try await client.execute(uri: "/2026/sha256/\(federalHex)", method: .get) { #expect($0.status == .ok) }
            // The damaged file no longer has the bytes its checksum names: never served as immutable.
            try await client.execute(uri: "/2026/sha256/\(statesHex)", method: .get) { #expect($0.status == .notFound) }
        }
    }

    @Test("15: HEAD answers like GET without a body; other methods get 405 with Allow; weak and * If-None-Match get 304; GET / says what this is")
    func conformance() async throws {
        let dist = try makeDist()
        defer { try? FileManager.default.removeItem(at: dist) }
        try await app(dist).test(.router) { client in
            let get = try await client.execute(uri: "/2026/manifest.json", method: .get) { $0 }
            try await client.execute(uri: "/2026/manifest.json", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] == get.headers[.eTag])
                #expect(response.headers[.contentLength] == get.headers[.contentLength])
                #expect(response.body.readableBytes == 0)
            }
            for method in [HTTPRequest.Method.post, .put, .delete, .patch] {
                try await client.execute(uri: "/2026/manifest.json", method: method) { response in
                    #expect(response.status == .methodNotAllowed, "\(method)")
                    #expect(response.headers[.allow] == "GET, HEAD")
                }
            }
            let etag = try #require(get.headers[.eTag])
            for match in ["W/\(etag)", "*", "\"other\", \(etag)"] {
                try await client.execute(uri: "/2026/manifest.json", method: .get, headers: [.ifNoneMatch: match]) { response in
                    #expect(response.status == .notModified, "\(match)")
                }
            }
            try await client.execute(uri: "/2026/manifest.json", method: .get, headers: [.ifNoneMatch: "W/\"other\""]) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("taxdata"))
            }
        }
    }

    @Test("13: a client that never finishes its request head is disconnected; the server keeps answering")
    func slowloris() async throws {
        let dist = try makeDist()
        defer { try? FileManager.default.removeItem(at: dist) }
        let server = TaxDataServer(dist: DistDirectory(root: dist), headerDeadline: .milliseconds(500))
        let (port, task) = await start(server)
        defer { task.cancel() }
        // 40 connections that send part of a request head and then nothing: each must be closed by
        // the server after the deadline (recv returns end-of-file), and a normal request still works.
        let script = """
        import select, socket, sys, time, urllib.request
        port = int(sys.argv[1])
        conns = []
        for _ in range(40):
            s = socket.create_connection(("127.0.0.1", port)); s.sendall(b"GET /index.json HTTP/1.1\\r\\nHost: x\\r\\nX-Slow: ")
            conns.append(s)
        closed, deadline = 0, time.time() + 15  # generous under load; a working deadline closes them in 0.5 s
        while conns and time.time() < deadline:
            ready, _, _ = select.select(conns, [], [], 0.5)
            for s in ready:
                try:
                    data = s.recv(1)
                except OSError:
                    data = b""
                if data == b"":
                    closed += 1; conns.remove(s)
        ok = urllib.request.urlopen(f"http://127.0.0.1:{port}/index.json", timeout=5).status
        print(closed, ok)
        """
        let result = try await runPython(script, arguments: [String(port)])
        #expect(result == "40 200", "closed / status: \(result)")
    }
}

extension ServerHardeningTests {
    @Test("15: an HTTP/1.0 request without keep-alive is answered and the connection closed; HTTP/1.1 stays open")
    func http10() async throws {
        let dist = try makeDist()
        defer { try? FileManager.default.removeItem(at: dist) }
        let (port, task) = await start(TaxDataServer(dist: DistDirectory(root: dist)))
        defer { task.cancel() }
        let script = """
        import socket, sys
        from concurrent.futures import ThreadPoolExecutor
        def probe(request):
            s = socket.create_connection(("127.0.0.1", int(sys.argv[1]))); s.sendall(request); s.settimeout(3); data = b""
            try:
                while True:
                    chunk = s.recv(65536)
                    if not chunk: return "closed" if b" 200 " in data else "closed-empty"
                    data += chunk
            except socket.timeout:
                return "open" if b" 200 " in data else "open-empty"
        # The four probes at once: each one that stays open waits out its 3 s timeout.
        with ThreadPoolExecutor(4) as pool:
            print(*pool.map(probe, [b"GET /index.json HTTP/1.0\\r\\nHost: x\\r\\n\\r\\n",
                                    b"GET /index.json HTTP/1.0\\r\\nHost: x\\r\\nConnection: keep-alive\\r\\n\\r\\n",
                                    b"GET /index.json HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n",
                                    b"GET /index.json HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n"]))
        """
        #expect(try await runPython(script, arguments: [String(port)]) == "closed open open closed")
    }
}

/// Runs a Python snippet (with arguments) and returns its trimmed standard output (and, if it
/// failed, its standard error, so that the comparison fails with the reason). The snippets
/// mostly wait on sockets, so the wait happens on a thread of its own, not on one of the few
/// threads every test shares.
func runPython(_ script: String, arguments: [String]) async throws -> String {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result {
                let result = try run("/usr/bin/env", ["python3", "-c", script] + arguments)
                return (result.stdout + (result.status == 0 ? "" : result.stderr)).trimmingCharacters(in: .whitespacesAndNewlines)
            })
        }
    }
}

@Suite("taxdata serve: binding")
struct ServerBindTests {
    @Test("a port already in use makes run throw, naming the address, instead of waiting forever")
    func busyPort() async throws {
        let dist = try makeDist()
        defer { try? FileManager.default.removeItem(at: dist) }
        // Another server holds a port; a second one asks for it.
        let (port, holder) = await start(TaxDataServer(dist: DistDirectory(root: dist)))
        defer { holder.cancel() }
        let outcome = await withTaskGroup(of: String?.self) { group in
            group.addTask {
                do {
                    try await TaxDataServer(dist: DistDirectory(root: dist)).run(host: "127.0.0.1", port: port, logger: quietLogger)
                    return "returned without an error"
                } catch let error as ServeError {
                    return error.reason == .addressInUse ? error.description : "the wrong reason: \(error)"
                } catch { return "not a ServeError: \(type(of: error)): \(error)" }
            }
            group.addTask { try? await Task.sleep(for: .seconds(20)); return nil }
            let first = await group.next()!
            group.cancelAll()
            return first
        }
        let message = try #require(outcome, "run on a busy port neither threw nor returned within 20 s")
        #expect(message.contains("127.0.0.1:\(port)") && message.contains("already in use"), "\(message)")
    }
}
