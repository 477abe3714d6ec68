import Foundation
import TaxDataCore
import TaxDataFiles
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the client keeps fetched bundles and its own state between launches. Injected, so
/// tests can use memory; `FileBundleStore` is the real one.
public protocol BundleStore: Sendable {
    /// Years with a stored bundle.
    func years() throws -> [Int]
    /// The files of a stored year (file name → bytes), or nil.
    func load(year: Int) throws -> [String: Data]?
    /// Replaces a year's files as a whole; on failure the previous copy stays.
    func save(year: Int, files: [String: Data]) throws
    func remove(year: Int) throws
    /// The client's persisted state (`ClientState` JSON), or nil.
    func loadState() throws -> Data?
    func saveState(_ data: Data) throws
    /// Discards everything the store wrote (a cache of an unknown format or layout); never
    /// anything else.
    func reset() throws
    /// Checks the store's format before use; a store written in another format (by an older or
    /// newer app) is discarded, and the reason returned. Throws for a location the store must not
    /// use (a non-empty directory that is not a cache).
    func prepare() throws -> String?
    /// Runs `body` while no other process using the same store can: load, compare and save happen
    /// as one step, so two processes sharing a cache (an app and its widget) cannot roll it back.
    func withExclusiveAccess<T>(_ body: () throws -> T) throws -> T
}

extension BundleStore {
    /// A store only one process uses (memory) needs no lock.
    public func withExclusiveAccess<T>(_ body: () throws -> T) throws -> T { try body() }
}

/// Why the store could not do something.
public struct StoreError: Error, Sendable, CustomStringConvertible, LocalizedError {
    public var description: String
    public init(_ description: String) { self.description = description }
    public var errorDescription: String? { description }
}

/// A cache directory the app chooses:
///
///     <dir>/FORMAT            "taxdata-cache 1": a cache of another format is discarded
///     <dir>/state.json        versions accepted, ETags, fetch times
///     <dir>/<year>/…          one verified bundle per year
///
/// Every write goes to a temporary name first and is renamed into place, so a crash mid-write
/// leaves the previous copy. A year left half-replaced by a crash between its two renames is
/// recovered from `<year>.old` on the next load; staging directories a crash left behind
/// (`.<year>.new-*`) are removed by `prepare()`.
///
/// The store deletes only what it creates (`FORMAT`, `state.json`, `<year>/`, `<year>.old/`,
/// its staging and temporary names). A non-empty directory without a `FORMAT` file is not a
/// cache: `prepare()` refuses it instead of emptying it, so `--cache ~` cannot wipe a home.
public struct FileBundleStore: BundleStore {
    public static let format = "taxdata-cache 1"
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    private var fm: FileManager { .default }
    private func yearURL(_ year: Int) -> URL { directory.appendingPathComponent(String(year)) }

    /// The format written in the cache, nil for an empty or new cache directory.
    /// A `FORMAT` that is not a regular file, or too long to be one this store wrote, reads as
    /// text no store writes, and so is refused by `prepare()`.
    public func storedFormat() -> String? {
        let path = directory.appendingPathComponent("FORMAT").path
        do {
            let data = try RegularFile.read(path, limit: 256)
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch let failure as RegularFile.Failure where failure.reason == .missing {
            return nil
        } catch {
            return "(unreadable: \(error))"
        }
    }

    /// Whether `text` is a format marker some version of this store writes (`taxdata-cache N`).
    static func isCacheFormat(_ text: String) -> Bool {
        let prefix = "taxdata-cache "
        guard text.hasPrefix(prefix) else { return false }
        let number = text.dropFirst(prefix.count)
        return !number.isEmpty && number.count <= 6 && number.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// True when the directory holds anything at all.
    public func isEmpty() -> Bool {
        ((try? fm.contentsOfDirectory(atPath: directory.path)) ?? []).isEmpty
    }

    func ensureFormat() throws {
        try requireOwnDirectory()
        if storedFormat() != Self.format {
            try writeAtomically(Data((Self.format + "\n").utf8), to: directory.appendingPathComponent("FORMAT"))
        }
    }

    public func years() throws -> [Int] {
        let names = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
        var years = Set(names.compactMap { $0.count == 4 ? Int($0) : nil })
        for name in names where name.hasSuffix(".old") {
            if let year = Int(name.dropLast(4)), !years.contains(year) { years.insert(year) }
        }
        return years.sorted()
    }

    public func load(year: Int) throws -> [String: Data]? {
        var url = yearURL(year)
        if !fm.fileExists(atPath: url.path) {
            let old = directory.appendingPathComponent("\(year).old")
            guard fm.fileExists(atPath: old.path) else { return nil }
            try? fm.moveItem(at: old, to: url) // recover an interrupted replace
            if !fm.fileExists(atPath: url.path) { url = old }
        }
        let names = try fm.contentsOfDirectory(atPath: url.path)
        var files: [String: Data] = [:]
        for name in names {
            let child = url.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            _ = fm.fileExists(atPath: child.path, isDirectory: &isDirectory)
            // Only regular files are read, each up to the largest document a bundle may hold; anything
            // else reads as empty, so the year fails verification and is fetched again.
            files[isDirectory.boolValue ? name + "/" : name] = isDirectory.boolValue
                ? Data() : ((try? RegularFile.read(child.path, limit: Self.maxStoredFileBytes)) ?? Data())
        }
        return files
    }

    public func save(year: Int, files: [String: Data]) throws {
        do {
            try ensureFormat()
            let target = yearURL(year)
            let staging = directory.appendingPathComponent(".\(year).new-\(UUID().uuidString)")
            try fm.createDirectory(at: staging, withIntermediateDirectories: false)
            do {
                for (name, bytes) in files {
                    guard !name.contains("/"), !name.hasPrefix(".") else { throw StoreError("refusing to store '\(name)'") }
                    try bytes.write(to: staging.appendingPathComponent(name))
                }
                let retired = directory.appendingPathComponent("\(year).old")
                try? fm.removeItem(at: retired)
                if fm.fileExists(atPath: target.path) { try fm.moveItem(at: target, to: retired) }
                try fm.moveItem(at: staging, to: target)
                try? fm.removeItem(at: retired)
            } catch {
                try? fm.removeItem(at: staging)
                throw error
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError("cannot write the cache for \(year) in \(directory.path): \(error.localizedDescription)")
        }
    }

    public func remove(year: Int) throws {
        for url in [yearURL(year), directory.appendingPathComponent("\(year).old")] where fm.fileExists(atPath: url.path) {
            try fm.removeItem(at: url)
        }
    }

    public func loadState() throws -> Data? {
        let path = directory.appendingPathComponent("state.json").path
        do { return try RegularFile.read(path, limit: Self.maxStoredFileBytes) } catch let failure as RegularFile.Failure {
            if failure.reason == .missing { return nil }
            throw StoreError("cannot read the cache state: \(failure)")
        }
    }

    /// The most the store reads of one file: the largest document a verifier reads.
    static let maxStoredFileBytes = BundleLimits.maxDocumentBytes

    public func saveState(_ data: Data) throws {
        do {
            try ensureFormat()
            try writeAtomically(data, to: directory.appendingPathComponent("state.json"))
        } catch {
            throw StoreError("cannot write the cache state in \(directory.path): \(error.localizedDescription)")
        }
    }

    /// Creates the directory if needed, and refuses one that holds someone else's files.
    private func requireOwnDirectory() throws {
        try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        // Another process may be creating the cache at this moment: its `.lock` and the temporary
        // names of its first writes are not foreign. (It writes `FORMAT` before anything lasting.)
        let foreign = ((try? fm.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !Self.isTransient($0) }
        if storedFormat() == nil && !foreign.isEmpty {
            throw StoreError("\(directory.path) is not empty and is not a taxdata cache (no FORMAT file); refusing to use it. Give the cache a directory of its own")
        }
    }

    /// An advisory lock (`flock(2)`) on `<dir>/.lock`, held while `body` runs.
    public func withExclusiveAccess<T>(_ body: () throws -> T) throws -> T {
        try requireOwnDirectory()
        let path = directory.appendingPathComponent(".lock").path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError("cannot open the cache lock \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw StoreError("cannot lock the cache \(path): \(String(cString: strerror(errno)))") }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// Runs under the store's lock: it removes other writes' temporary files, which must not
    /// happen while another process is between writing one and renaming it into place.
    public func prepare() throws -> String? {
        guard !isEmpty() else { return nil }
        try requireOwnDirectory()
        // Refused before the lock is taken, so nothing (not even `.lock`) is written there.
        if let found = storedFormat(), found != Self.format, !Self.isCacheFormat(found) {
            throw StoreError("\(directory.path) has a FORMAT file that no taxdata cache writes ('\(found.prefix(60))'); refusing to use or empty it. Give the cache a directory of its own")
        }
        return try withExclusiveAccess { try prepareLocked() }
    }

    private func prepareLocked() throws -> String? {
        guard let found = storedFormat() else { return nil }
        removeStaging()
        guard found != Self.format else { return nil }
        try reset()
        return "cache format '\(found)' is not '\(Self.format)' (left by another app version); discarded"
    }

    /// Deletes what the store wrote. A year directory holding a name no bundle has (a person's
    /// `notes.txt`) is not the store's alone: nothing at all is deleted, and the file is named.
    public func reset() throws {
        let names = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where Self.isOwned(name) {
            let url = directory.appendingPathComponent(name)
            guard case .directory = RegularFile.kind(of: url.path) else { continue }
            for child in (try? fm.contentsOfDirectory(atPath: url.path)) ?? [] where !Self.isBundleFileName(child) {
                throw StoreError("\(url.appendingPathComponent(child).path) is not a file this cache writes; refusing to empty \(directory.path)")
            }
        }
        for name in names where Self.isOwned(name) {
            try fm.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// Names this store creates, and so may delete: its marker, its state, year directories and
    /// their retired copies, and the staging and temporary names of its atomic writes.
    static func isOwned(_ name: String) -> Bool {
        if ["FORMAT", "state.json", ".lock"].contains(name) { return true }
        if isYear(name) { return true }
        if name.hasSuffix(".old"), isYear(String(name.dropLast(4))) { return true }
        return isStaging(name) || name.hasPrefix(".FORMAT.tmp-") || name.hasPrefix(".state.json.tmp-")
    }

    /// A name a bundle's file may have (`states_2026.json`, `manifest.json.sig`): lower-case
    /// letters, digits and `_`, then `.json` or `.json.sig`.
    static func isBundleFileName(_ name: String) -> Bool {
        let stem = name.hasSuffix(".json.sig") ? name.dropLast(9) : name.hasSuffix(".json") ? name.dropLast(5) : nil
        guard let stem, !stem.isEmpty else { return false }
        return stem.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }
    }

    /// The lock and the temporary names of the store's atomic writes.
    static func isTransient(_ name: String) -> Bool {
        name == ".lock" || isStaging(name) || name.hasPrefix(".FORMAT.tmp-") || name.hasPrefix(".state.json.tmp-")
    }

    /// `.<year>.new-<uuid>`: a year being written.
    static func isStaging(_ name: String) -> Bool {
        guard name.hasPrefix("."), let dash = name.range(of: ".new-") else { return false }
        return isYear(String(name[name.index(after: name.startIndex)..<dash.lowerBound]))
    }

    private static func isYear(_ name: String) -> Bool {
        name.count == 4 && name.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Removes staging directories and temporary files a crash left behind.
    private func removeStaging() {
        for name in (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
        where Self.isStaging(name) || name.hasPrefix(".FORMAT.tmp-") || name.hasPrefix(".state.json.tmp-") {
            try? fm.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    private func writeAtomically(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString)")
        try data.write(to: temporary)
        // rename(2) replaces the target atomically: readers see the old or the new file, never half.
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? fm.removeItem(at: temporary)
            throw StoreError("cannot replace \(url.path): \(reason)")
        }
    }
}
