import ArgumentParser
import Foundation
import TaxDataCore
import TaxDataCrypto
import TaxDataFiles
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing key files. Key material never reaches the terminal or a log.
enum KeyFiles {
    struct KeyFileError: Error, CustomStringConvertible { var description: String }

    /// A PEM key file is a few hundred bytes; anything over this is not one.
    static let maxKeyFileBytes = 64 << 10

    static func readPrivate(_ path: String) throws -> Ed25519PrivateKey {
        let pem: Data
        do { pem = try RegularFile.read(path, limit: maxKeyFileBytes) } catch {
            throw KeyFileError(description: "cannot read the private key file \(error)")
        }
        do { return try Ed25519PrivateKey(pem: pem, source: path) } catch {
            throw KeyFileError(description: "\(error)")
        }
    }

    static func readPublic(_ path: String) throws -> Ed25519PublicKey {
        let pem: Data
        do { pem = try RegularFile.read(path, limit: maxKeyFileBytes) } catch {
            throw KeyFileError(description: "cannot read the public key file \(error)")
        }
        do { return try OpenSSLCrypto.publicKey(pem: pem, source: path) } catch {
            throw KeyFileError(description: "\(error)")
        }
    }

    /// Creates the directories missing above `path`, each with `mode`, from the outermost down;
    /// existing directories are left as they are (their modes untouched). Returns the directories
    /// it created, outermost first, so a caller that fails later can remove them again.
    /// - Throws: `KeyFileError` naming the directory that could not be created (or the path
    ///   component that exists but is not a directory).
    static func createParents(of path: String, mode: mode_t) throws -> [String] {
        var missing: [String] = []
        var parent = (path as NSString).deletingLastPathComponent
        while !parent.isEmpty, parent != "/" {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else {
                    throw KeyFileError(description: "\(parent) is not a directory; cannot create \(path) there")
                }
                break
            }
            missing.append(parent)
            parent = (parent as NSString).deletingLastPathComponent
        }
        var created: [String] = []
        for directory in missing.reversed() {
            guard mkdir(directory, mode) == 0 else {
                let reason = String(cString: strerror(errno))
                removeDirectories(created)
                throw KeyFileError(description: "cannot create the directory \(directory) for \(path): \(reason)")
            }
            created.append(directory)
        }
        return created
    }

    /// Removes directories this program created (innermost first), only while they are empty.
    static func removeDirectories(_ created: [String]) {
        for directory in created.reversed() { rmdir(directory) }
    }

    /// Creates `path` with `mode`, refusing to replace an existing file (O_EXCL), and writes `data`.
    static func createExclusive(_ path: String, _ data: Data, mode: mode_t) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard fd >= 0 else {
            let reason = errno == EEXIST ? "already exists; refusing to overwrite it" : String(cString: strerror(errno))
            throw KeyFileError(description: "\(path): \(reason)")
        }
        defer { close(fd) }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == data.count, fsync(fd) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            throw KeyFileError(description: "\(path): cannot write: \(reason)")
        }
    }
}
