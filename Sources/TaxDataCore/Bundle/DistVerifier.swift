import Foundation

/// Verifies a whole dist: `index.json`, then every year it lists, and nothing unlisted beside them.
public struct DistVerifier: Sendable {
    public var bundleVerifier: BundleVerifier
    /// The conformance vectors this build's reference calculator makes from a year's data, which a
    /// year's vectors form must hold exactly; nil: the form's bytes are checked, not its figures.
    public var expectedVectors: (@Sendable (TaxYearData) -> ConformanceVectors?)?
    public init(bundleVerifier: BundleVerifier = BundleVerifier(), expectedVectors: (@Sendable (TaxYearData) -> ConformanceVectors?)? = nil) {
        self.bundleVerifier = bundleVerifier
        self.expectedVectors = expectedVectors
    }

    /// What was found at the root of the dist.
    public struct Contents: Sendable {
        /// Files at the root (name → bytes), `index.json` among them.
        public var rootFiles: [String: Data]
        /// Year directory name → (file name → bytes), and a year's app form under `<year>/app`.
        /// Other subdirectories of a year appear as names ending in `/`.
        public var directories: [String: [String: Data]]
        /// Year directory name → listed files hashed in constant memory instead of held (`HashedFile`).
        public var hashed: [String: [String: HashedFile]]
        public init(rootFiles: [String: Data], directories: [String: [String: Data]], hashed: [String: [String: HashedFile]] = [:]) {
            self.rootFiles = rootFiles
            self.directories = directories
            self.hashed = hashed
        }

        /// A dist's files as `BundleBuilder.buildDist` writes them, laid out as `DistReader` reads
        /// a directory: root files, `<year>/<name>` and `<year>/app/<name>`.
        public init(files: [OutputFile]) {
            var root: [String: Data] = [:], directories: [String: [String: Data]] = [:]
            for file in files {
                guard let slash = file.path.lastIndex(of: "/") else {
                    root[file.path] = file.contents
                    continue
                }
                directories[String(file.path[..<slash]), default: [:]][String(file.path[file.path.index(after: slash)...])] = file.contents
            }
            self.init(rootFiles: root, directories: directories)
        }
    }

    /// Findings keyed by path relative to the dist root (`2026/federal_2026.json`).
    /// - Parameter indexTime: when given, an index whose `expires` has passed is reported
    ///   (`index.expired`, an error under `.strict`, a warning otherwise); see `IndexFreshness`.
    public func verify(_ contents: Contents, now: ISODate? = nil, expiry: ExpiryPolicy = .pastYearsStayValid,
                       indexTime: Timestamp? = nil) -> [(file: String, diagnostic: Diagnostic)] {
        var findings: [(String, Diagnostic)] = []
        let indexName = BundleLayout.indexName
        guard let indexBytes = contents.rootFiles[indexName] else {
            return [(indexName, .error(.bundleIndex, "index.json is missing: not a dist"))]
        }
        let index: BundleIndex
        do { index = try CanonicalJSON.decode(BundleIndex.self, from: indexBytes) } catch {
            return [(indexName, .error(.bundleIndex, "index.json does not decode: \(DecodeErrorText.describe(error))"))]
        }
        for finding in bundleVerifier.signatures.check(message: indexBytes, envelope: contents.rootFiles[BundleLayout.indexSignatureName],
                                                       signatureFile: BundleLayout.indexSignatureName,
                                                       crypto: bundleVerifier.crypto) {
            findings.append((BundleLayout.indexSignatureName, finding))
        }
        findings += IndexFreshness.check(index, now: indexTime, policy: expiry).map { (indexName, $0) }
        for name in contents.rootFiles.keys.sorted() where name != indexName && name != BundleLayout.indexSignatureName {
            findings.append((name, .error(.bundleUnlistedFile, "is not part of the dist")))
        }
        // Each year is verified on its own, over the machine's cores; findings keep the index's order.
        findings += index.years.concurrentMap { verifyEntry($0, contents, now: now, expiry: expiry) }.flatMap { $0 }
        let listed = Set(index.years.flatMap { entry in
            [String(entry.taxYear)] + (entry.app == nil ? [] : ["\(entry.taxYear)/\(BundleLayout.appDirectory)"])
                + (entry.local == nil ? [] : ["\(entry.taxYear)/\(BundleLayout.localDirectory)"])
                + (entry.vectors == nil ? [] : ["\(entry.taxYear)/\(BundleLayout.vectorsDirectory)"])
        })
        for directory in contents.directories.keys.sorted() where !listed.contains(directory) {
            findings.append((directory, .error(.bundleUnlistedFile, "directory is not listed in index.json")))
        }
        return findings
    }

    /// The findings for one entry of the index: its manifest path, directory and manifest, the
    /// index entry matching the manifest, and the year's bundle.
    func verifyEntry(_ entry: BundleIndex.Entry, _ contents: Contents, now: ISODate?, expiry: ExpiryPolicy) -> [(file: String, diagnostic: Diagnostic)] {
        let indexName = BundleLayout.indexName
        let directory = String(entry.taxYear)
        guard entry.manifest == "\(directory)/\(BundleLayout.manifestName)" else {
            return [(indexName, .error(.bundleFileName, "entry for \(entry.taxYear) points at '\(entry.manifest)', expected \(directory)/manifest.json"))]
        }
        guard var files = contents.directories[directory] else {
            return [(directory, .error(.bundleMissingFile, "year \(entry.taxYear) is listed in index.json but its directory is missing"))]
        }
        guard let manifestBytes = files.removeValue(forKey: BundleLayout.manifestName) else {
            return [("\(directory)/\(BundleLayout.manifestName)", .error(.bundleMissingFile, "listed in index.json but missing"))]
        }
        var findings: [(file: String, diagnostic: Diagnostic)] = []
        // The mix-and-match check the client runs on a signed index (`IndexEntryMatch`).
        if let mismatch = IndexEntryMatch.check(manifestBytes: manifestBytes, entry: entry, crypto: bundleVerifier.crypto) {
            findings.append(("\(directory)/\(BundleLayout.manifestName)", mismatch))
        }
        let result = bundleVerifier.verify(manifestBytes: manifestBytes, files: files, hashed: contents.hashed[directory] ?? [:],
                                           now: now, expiry: expiry)
        findings += result.findings.map { ("\(directory)/\($0.file)", $0.diagnostic) }
        if let manifest = result.manifest, let mismatch = IndexEntryMatch.check(manifest: manifest, entry: entry) {
            findings.append(("\(directory)/\(BundleLayout.manifestName)", mismatch))
        }
        if result.manifest?.files.form == .app {
            findings.append(("\(directory)/\(BundleLayout.manifestName)", .error(.bundleManifest,
                "lists the app form; a year's first manifest must list the five documents, the only form clients of schema 1.10 and older read")))
        }
        if let app = entry.appForm {
            findings += verifyAppForm(app, contents, now: now, expiry: expiry, parts: result.data)
        }
        // The year as an app computes with it: the five documents, with the local form's localities.
        var whole = result.data
        if let local = entry.local {
            let checked = verifyLocalForm(local, year: entry.taxYear, contents, parts: result.data)
            findings += checked.findings
            for (code, list) in checked.localities where whole?.states[code] != nil { whole?.states[code]!.localities = list }
        }
        if let vectors = entry.vectors {
            findings += verifyVectorsForm(vectors, year: entry.taxYear, contents, parts: whole)
        }
        return findings
    }

    /// The year's vectors form (`<year>/vectors/`, schema 1.14): its manifest is the one the index
    /// lists, and `VectorsFormVerifier` passes it, against the vectors `expectedVectors` makes.
    func verifyVectorsForm(_ entry: BundleIndex.AppForm, year: Int, _ contents: Contents, parts: TaxYearData?) -> [(file: String, diagnostic: Diagnostic)] {
        let directory = "\(year)/\(BundleLayout.vectorsDirectory)"
        let manifestPath = "\(directory)/\(BundleLayout.manifestName)"
        guard entry.manifest == manifestPath else {
            return [(BundleLayout.indexName, .error(.bundleFileName, "vectors form of \(year) points at '\(entry.manifest)', expected \(manifestPath)"))]
        }
        guard var files = contents.directories[directory] else {
            return [(directory, .error(.bundleMissingFile, "the vectors form of \(year) is listed in index.json but its directory is missing"))]
        }
        guard let manifestBytes = files.removeValue(forKey: BundleLayout.manifestName) else {
            return [(manifestPath, .error(.bundleMissingFile, "listed in index.json but missing"))]
        }
        var findings: [(file: String, diagnostic: Diagnostic)] = []
        let checksum = (try? bundleVerifier.crypto.sha256Hex(manifestBytes)).map(Manifest.checksum)
        if checksum != entry.manifestChecksum || manifestBytes.count != entry.manifestSize {
            findings.append((manifestPath, .error(.bundleChecksum, "is not the manifest index.json lists for the vectors form of \(year) (size or SHA-256 differ)")))
        }
        guard let parts else { return findings }
        let result = VectorsFormVerifier(signatures: bundleVerifier.signatures, crypto: bundleVerifier.crypto)
            .verify(manifestBytes: manifestBytes, files: files, year: parts.meta, expected: expectedVectors?(parts))
        findings += result.findings.map { ("\(directory)/\($0.file)", $0.diagnostic) }
        return findings
    }

    /// The year's local form (`<year>/local/`, schema 1.13): its manifest is the one the index
    /// lists, and `LocalFormVerifier` passes it against the year the five documents hold.
    func verifyLocalForm(_ entry: BundleIndex.AppForm, year: Int, _ contents: Contents,
                         parts: TaxYearData?) -> (findings: [(file: String, diagnostic: Diagnostic)], localities: [String: [Locality]]) {
        let directory = "\(year)/\(BundleLayout.localDirectory)"
        let manifestPath = "\(directory)/\(BundleLayout.manifestName)"
        guard entry.manifest == manifestPath else {
            return ([(BundleLayout.indexName, .error(.bundleFileName, "local form of \(year) points at '\(entry.manifest)', expected \(manifestPath)"))], [:])
        }
        guard var files = contents.directories[directory] else {
            return ([(directory, .error(.bundleMissingFile, "the local form of \(year) is listed in index.json but its directory is missing"))], [:])
        }
        guard let manifestBytes = files.removeValue(forKey: BundleLayout.manifestName) else {
            return ([(manifestPath, .error(.bundleMissingFile, "listed in index.json but missing"))], [:])
        }
        var findings: [(file: String, diagnostic: Diagnostic)] = []
        let checksum = (try? bundleVerifier.crypto.sha256Hex(manifestBytes)).map(Manifest.checksum)
        if checksum != entry.manifestChecksum || manifestBytes.count != entry.manifestSize {
            findings.append((manifestPath, .error(.bundleChecksum, "is not the manifest index.json lists for the local form of \(year) (size or SHA-256 differ)")))
        }
        guard let parts else { return (findings, [:]) }
        let verifier = LocalFormVerifier(signatures: bundleVerifier.signatures, crypto: bundleVerifier.crypto)
        let result = verifier.verify(manifestBytes: manifestBytes, files: files, year: parts)
        findings += result.findings.map { ("\(directory)/\($0.file)", $0.diagnostic) }
        return (findings, result.localities)
    }

    /// The year's app form (`<year>/app/`), verified like the first form, and then against it: the
    /// app form with its audit trail put back is exactly the year the five documents hold
    /// (`bundle.inconsistent`), so the two forms are one publication.
    func verifyAppForm(_ entry: BundleIndex.Entry, _ contents: Contents, now: ISODate?, expiry: ExpiryPolicy,
                       parts: TaxYearData?) -> [(file: String, diagnostic: Diagnostic)] {
        let directory = "\(entry.taxYear)/\(BundleLayout.appDirectory)"
        let manifestPath = "\(directory)/\(BundleLayout.manifestName)"
        guard entry.manifest == manifestPath else {
            return [(BundleLayout.indexName, .error(.bundleFileName, "app form of \(entry.taxYear) points at '\(entry.manifest)', expected \(manifestPath)"))]
        }
        guard var files = contents.directories[directory] else {
            return [(directory, .error(.bundleMissingFile, "the app form of \(entry.taxYear) is listed in index.json but its directory is missing"))]
        }
        guard let manifestBytes = files.removeValue(forKey: BundleLayout.manifestName) else {
            return [(manifestPath, .error(.bundleMissingFile, "listed in index.json but missing"))]
        }
        var findings: [(file: String, diagnostic: Diagnostic)] = []
        if let mismatch = IndexEntryMatch.check(manifestBytes: manifestBytes, entry: entry, crypto: bundleVerifier.crypto) {
            findings.append((manifestPath, mismatch))
        }
        var verifier = bundleVerifier
        verifier.auditTrail = .required
        let result = verifier.verify(manifestBytes: manifestBytes, files: files, hashed: contents.hashed[directory] ?? [:], now: now, expiry: expiry)
        findings += result.findings.map { ("\(directory)/\($0.file)", $0.diagnostic) }
        if let manifest = result.manifest {
            if manifest.files.form != .app {
                findings.append((manifestPath, .error(.bundleManifest, "is not an app form's manifest: its files are not app and provenance")))
            }
            if let mismatch = IndexEntryMatch.check(manifest: manifest, entry: entry) { findings.append((manifestPath, mismatch)) }
        }
        if let disagreement = Self.formsDisagree(app: result.data, parts: parts) { findings.append((manifestPath, disagreement)) }
        return findings
    }

    /// `bundle.inconsistent` when a year's two forms, both valid, are not the same year: the app
    /// form with its audit trail put back must be exactly what the five documents hold.
    public static func formsDisagree(app: TaxYearData?, parts: TaxYearData?) -> Diagnostic? {
        guard let app, let parts, app != parts else { return nil }
        return .error(.bundleInconsistent,
                      "the app form of \(app.meta.taxYear), with its audit trail, is not the year the five documents hold: the two forms must be one publication")
    }
}
