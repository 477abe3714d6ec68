import Foundation
import TaxDataCore

/// Reads a dist (or one year of it) from disk into memory for the verifiers.
enum DistReader {
    struct ReadError: Error, CustomStringConvertible { var description: String }

    /// Regular files of one directory; a subdirectory appears as `name/` with no bytes so the
    /// verifier reports it as unlisted.
    static func readFlat(_ path: String) throws -> [String: Data] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
            throw ReadError(description: "\(path): cannot list directory: \(error.localizedDescription)")
        }
        var files: [String: Data] = [:]
        for name in names {
            let child = (path as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                files[name + "/"] = Data()
            } else {
                guard let data = FileManager.default.contents(atPath: child) else {
                    throw ReadError(description: "\(child): cannot read file")
                }
                files[name] = data
            }
        }
        return files
    }

    /// A dist: files at the root and each subdirectory's files.
    static func readDist(_ path: String) throws -> DistVerifier.Contents {
        let root = try readFlat(path)
        var rootFiles: [String: Data] = [:]
        var directories: [String: [String: Data]] = [:]
        for (name, data) in root {
            if name.hasSuffix("/") {
                let directory = String(name.dropLast())
                directories[directory] = try readFlat((path as NSString).appendingPathComponent(directory))
            } else {
                rootFiles[name] = data
            }
        }
        return DistVerifier.Contents(rootFiles: rootFiles, directories: directories)
    }
}
