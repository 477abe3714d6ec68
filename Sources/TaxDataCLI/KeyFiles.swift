import ArgumentParser
import Foundation
import TaxDataCore
import TaxDataCrypto
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing key files. Key material never reaches the terminal or a log.
enum KeyFiles {
    struct KeyFileError: Error, CustomStringConvertible { var description: String }

    static func readPrivate(_ path: String) throws -> Ed25519PrivateKey {
        guard let pem = FileManager.default.contents(atPath: path) else {
            throw KeyFileError(description: "\(path): cannot read the private key file")
        }
        do { return try Ed25519PrivateKey(pem: pem, source: path) } catch {
            throw KeyFileError(description: "\(error)")
        }
    }

    static func readPublic(_ path: String) throws -> Ed25519PublicKey {
        guard let pem = FileManager.default.contents(atPath: path) else {
            throw KeyFileError(description: "\(path): cannot read the public key file")
        }
        do { return try OpenSSLCrypto.publicKey(pem: pem, source: path) } catch {
            throw KeyFileError(description: "\(error)")
        }
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
