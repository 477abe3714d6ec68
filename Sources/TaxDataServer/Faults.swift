import Foundation

/// Ways `taxdata serve --fault` misbehaves on purpose, to test a client's fallback.
public enum FaultMode: String, CaseIterable, Sendable {
    case http500 = "http-500"
    case notFound = "not-found"
    case slow
    case drop
    case truncate
    case corrupt
    case badChecksum = "bad-checksum"
    case invalidData = "invalid-data"
    case rollback
    case expired
    case garbage
    case endless
    case wrongContentType = "wrong-content-type"
    case gzipBomb = "gzip-bomb"
    case gzipMismatch = "gzip-mismatch"

    /// One line for `--help`.
    public var summary: String {
        switch self {
        case .http500: "answer 500 Internal Server Error"
        case .notFound: "answer 404 Not Found"
        case .slow: "wait --slow-seconds (default 30) before answering, past a client's timeout"
        case .drop: "send the headers and half the body, then close the connection"
        case .truncate: "send the first half of the body as if it were all of it"
        case .corrupt: "flip bytes in the body, keeping its length and headers"
        case .badChecksum: "serve a manifest whose checksums lie"
        case .invalidData: "serve correct checksums over brackets that break the rules"
        case .rollback: "serve an older version of the year (version Y.0.0)"
        case .expired: "serve the year with an expiration date already past (Y-01-02)"
        case .garbage: "answer with a body that is not JSON"
        case .endless: "stream a body that never ends"
        case .wrongContentType: "label JSON as text/html (the bytes are right)"
        case .gzipBomb: "answer Content-Encoding: gzip with 16 KB that inflate to 16 MiB of zeros"
        case .gzipMismatch: "answer Content-Encoding: gzip with a valid gzip body of other bytes than the file's"
        }
    }
}

/// One `--fault` entry: `MODE[:PROBABILITY][@PATH-PREFIX]`.
public struct Fault: Sendable, Equatable, CustomStringConvertible {
    public var mode: FaultMode
    /// In (0, 1]: the share of matching requests that misbehave.
    public var probability: Double
    /// Only requests whose path starts with this misbehave (nil: every path).
    public var pathPrefix: String?

    public init(mode: FaultMode, probability: Double = 1, pathPrefix: String? = nil) {
        self.mode = mode
        self.probability = probability
        self.pathPrefix = pathPrefix
    }

    /// Parses `corrupt`, `corrupt:0.3`, `http-500@/2026/manifest.json`, `slow:0.5@/2026/`.
    public init(parsing text: String) throws {
        var spec = Substring(text)
        var prefix: String?
        if let at = spec.firstIndex(of: "@") {
            prefix = String(spec[spec.index(after: at)...])
            spec = spec[..<at]
            guard prefix!.hasPrefix("/") else { throw FaultError("'\(text)': the path after @ must start with /") }
        }
        var probability = 1.0
        if let colon = spec.firstIndex(of: ":") {
            let value = spec[spec.index(after: colon)...]
            guard let parsed = Double(value), parsed > 0, parsed <= 1 else {
                throw FaultError("'\(text)': the probability after : must be a number in (0, 1], like 0.3")
            }
            probability = parsed
            spec = spec[..<colon]
        }
        guard let mode = FaultMode(rawValue: String(spec)) else {
            throw FaultError("'\(spec)' is not a fault mode; modes: \(FaultMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.init(mode: mode, probability: probability, pathPrefix: prefix)
    }

    public var description: String {
        mode.rawValue + (probability < 1 ? ":\(probability)" : "") + (pathPrefix.map { "@\($0)" } ?? "")
    }
}

public struct FaultError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// The faults in force, and a seeded random source so a run with `corrupt:0.3` is repeatable.
/// Faults can be changed while the server runs (tests switch them off to see recovery).
public final class FaultPlan: @unchecked Sendable {
    private let lock = NSLock()
    private var faults: [Fault]
    private var state: UInt64

    public init(_ faults: [Fault] = [], seed: UInt64 = 1) {
        self.faults = faults
        self.state = seed
    }

    public func set(_ faults: [Fault]) {
        lock.withLock { self.faults = faults }
    }

    public var current: [Fault] { lock.withLock { faults } }

    /// The fault to apply to a request for `path`, if any (the first listed that matches and fires).
    public func fault(for path: String) -> FaultMode? {
        lock.withLock {
            for fault in faults where fault.pathPrefix.map({ path.hasPrefix($0) }) ?? true {
                if fault.probability >= 1 || nextUnit() < fault.probability { return fault.mode }
            }
            return nil
        }
    }

    /// SplitMix64: deterministic for a seed, good enough to pick which requests misbehave.
    private func nextUnit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
