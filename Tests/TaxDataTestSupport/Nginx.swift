import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The nginx binary, when installed.
public let nginxPath = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
/// `make test` sets TAXDATA_REQUIRE_NGINX=1 after installing nginx, so the tests that need it cannot be skipped there.
public let nginxRequired = ProcessInfo.processInfo.environment["TAXDATA_REQUIRE_NGINX"] == "1"

/// A free TCP port on 127.0.0.1 (bound, read, released).
public func freePort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// nginx serving a dist on 127.0.0.1 with the shipped `docs/nginx/taxdata.conf` (its @PREFIX@, @DIST@,
/// @TUF@ and @PORT@ filled in), in a temporary prefix directory. `stop()` ends it and removes the prefix.
public final class NginxProcess {
    public let port: Int
    public let prefix: URL
    private let process = Process()

    /// Starts nginx and waits (up to 5 s) until it accepts connections.
    public init(nginx: String, dist: URL, tuf: URL? = nil) throws {
        prefix = FileManager.default.temporaryDirectory.appendingPathComponent("taxdata-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        // nginx workers run as an unprivileged user: the dist must be world-readable.
        for directory in [dist] + (tuf.map { [$0] } ?? []) {
            _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "a+rX", directory.path]).waitUntilExit()
        }
        port = freePort()
        let template = try String(contentsOf: packageRoot.appendingPathComponent("docs/nginx/taxdata.conf"), encoding: .utf8)
        let config = template.replacingOccurrences(of: "@PREFIX@", with: prefix.path)
            .replacingOccurrences(of: "@DIST@", with: dist.path).replacingOccurrences(of: "@PORT@", with: String(port))
            .replacingOccurrences(of: "@TUF@", with: (tuf ?? prefix.appendingPathComponent("no-tuf-repository")).path)
        try config.write(to: prefix.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-p", prefix.path, "-c", prefix.appendingPathComponent("nginx.conf").path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        _ = waitUntilAccepting(port: port, seconds: 5)
    }

    /// nginx's error log, for a failure message.
    public var errorLog: String {
        (try? String(contentsOf: prefix.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
    }

    public func stop() {
        kill(process.processIdentifier, SIGQUIT)
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: prefix)
    }
}

/// Whether something accepts TCP connections on 127.0.0.1:`port` within `seconds`.
@discardableResult
public func waitUntilAccepting(port: Int, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
        close(fd)
        if connected { return true }
        usleep(20_000)
    }
    return false
}
