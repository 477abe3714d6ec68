import Foundation
import Logging
import TaxDataClient
import TaxDataCompiler
import TaxDataCore
import TaxDataServer

/// Writes a dist of the real years, with 2026 at `version`, into a new temporary directory; with
/// `vectorsForm`, each year has a vectors form too (with no cases: the calculator that makes them is
/// not a dependency here).
public func makeDist(version2026: String = dataVersion(plus: 1), vectorsForm: Bool = false) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("taxdata-dist-\(UUID().uuidString)")
    let years = compiledYears.map { year -> TaxYearData in
        var year = year
        if year.meta.taxYear == 2026 { year.meta.version = DataVersion(version2026)! }
        return year
    }
    let vectors: (TaxYearData) -> ConformanceVectors? = { data in
        vectorsForm ? ConformanceVectors(schemaVersion: data.meta.schemaVersion, taxYear: data.meta.taxYear, version: data.meta.version,
                                         liability: [], paycheck: []) : nil
    }
    for file in try BundleBuilder.buildDist(years, vectors: vectors) {
        let url = root.appendingPathComponent(file.path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try file.contents.write(to: url)
    }
    return root
}

/// The port a server bound, delivered once.
public actor PortBox {
    private var port: Int?
    private var waiters: [CheckedContinuation<Int, Never>] = []
    func set(_ value: Int) {
        port = value
        for waiter in waiters { waiter.resume(returning: value) }
        waiters = []
    }
    func wait() async -> Int {
        if let port { return port }
        return await withCheckedContinuation { waiters.append($0) }
    }
}

/// Starts `server` on 127.0.0.1 with a free port; returns the port and the task to cancel.
public func start(_ server: TaxDataServer) async -> (Int, Task<Void, Error>) {
    let box = PortBox()
    let task = Task { try await server.run(host: "127.0.0.1", port: 0, logger: quietLogger) { await box.set($0) } }
    return (await box.wait(), task)
}

/// 2026-03-01T12:00:00Z, always.
public final class FixedClock: TaxDataClock {
    let date = ISO8601DateFormatter().date(from: "2026-03-01T12:00:00Z")!
    public init() {}
    public func now() -> Date { date }
}
