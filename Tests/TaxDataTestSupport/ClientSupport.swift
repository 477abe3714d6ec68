import Foundation
import Logging
import TaxDataClient
import TaxDataCompiler
import TaxDataCore
import TaxDataCrypto

/// A clock tests move by hand.
public final class TestClock: TaxDataClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    public init(_ iso: String) { current = ISO8601DateFormatter().date(from: iso)! }
    public func now() -> Date { lock.lock(); defer { lock.unlock() }; return current }
    public func advance(_ seconds: TimeInterval) { lock.lock(); current += seconds; lock.unlock() }
}

/// One year's bundle files (manifest included), optionally changed and signed.
public func bundleFiles(year: Int = 2026, version: String? = nil, signedBy keys: [Ed25519PrivateKey] = [],
                 edit: (inout TaxYearData) -> Void = { _ in }) throws -> [String: Data] {
    var data = compiledYears.first { $0.meta.taxYear == year }!
    if let version { data.meta.version = DataVersion(version)! }
    edit(&data)
    let (files, _) = try BundleBuilder.build(data)
    var result: [String: Data] = [:]
    for file in files { result[file.path] = file.contents }
    if !keys.isEmpty { result[BundleLayout.signatureName] = try SignatureEnvelope.sign(result[BundleLayout.manifestName]!, with: keys) }
    return result
}

/// One year's app form (`<year>/app/`: manifest, `app_<year>.json`, `provenance_<year>.json`),
/// optionally changed and signed.
public func appBundleFiles(year: Int = 2026, version: String? = nil, signedBy keys: [Ed25519PrivateKey] = [],
                           edit: (inout TaxYearData) -> Void = { _ in }) throws -> [String: Data] {
    var data = compiledYears.first { $0.meta.taxYear == year }!
    if let version { data.meta.version = DataVersion(version)! }
    edit(&data)
    var result: [String: Data] = [:]
    for file in try BundleBuilder.buildApp(data).files { result[file.path] = file.contents }
    if !keys.isEmpty { result[BundleLayout.signatureName] = try SignatureEnvelope.sign(result[BundleLayout.manifestName]!, with: keys) }
    return result
}

/// One year's local form (`<year>/local/`: manifest and one document per state with
/// localities), optionally changed and signed.
public func localBundleFiles(year: Int = 2026, version: String? = nil, signedBy keys: [Ed25519PrivateKey] = [],
                             edit: (inout TaxYearData) -> Void = { _ in }) throws -> [String: Data] {
    var data = compiledYears.first { $0.meta.taxYear == year }!
    if let version { data.meta.version = DataVersion(version)! }
    edit(&data)
    var result: [String: Data] = [:]
    for file in try BundleBuilder.buildLocal(data)!.files { result[file.path] = file.contents }
    if !keys.isEmpty { result[BundleLayout.signatureName] = try SignatureEnvelope.sign(result[BundleLayout.manifestName]!, with: keys) }
    return result
}

/// The bundles built into the client (`make embed`).
public let embedded = try! EmbeddedBundles.packaged()

/// The provider's log, silenced: the tests assert on statuses and rejections, and its warnings
/// would only fill the test output.
public let quietLogger: Logger = {
    var logger = Logger(label: "taxdata.client.test")
    logger.logLevel = .critical
    return logger
}()
