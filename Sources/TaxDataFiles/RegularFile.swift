import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads files at the edges (the command line, the server, the client's cache) without ever
/// blocking on something that is not a regular file, and never more than a stated number of bytes.
///
/// A FIFO, a socket or a device at a path the tool reads (a listed bundle file, a key, a cache
/// file) would block `open(2)` or `read(2)` forever. The file is opened with `O_NONBLOCK` (an open
/// that returns at once whatever the path is), and its type is taken from the open descriptor
/// (`fstat(2)`, so a path swapped between a check and the open cannot fool it); anything but a
/// regular file is closed unread and refused. A regular file's reads end, so every read here is
/// bounded in time as well as in bytes.
public enum RegularFile {
    /// Why a file was not read.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Reason: Sendable, Equatable {
            /// The path does not exist.
            case missing
            /// Not a regular file: the kind found (`FIFO`, `directory`, `socket`, `character device`…).
            case notRegular(String)
            /// Larger than the limit the caller set.
            case tooLarge(size: Int, limit: Int)
            /// `open(2)` or `read(2)` failed for another reason (permissions, I/O).
            case system(String)
        }
        public var path: String
        public var reason: Reason

        public var description: String {
            switch reason {
            case .missing: "\(path): no such file"
            case .notRegular(let kind): "\(path): is a \(kind), not a regular file; not read"
            case .tooLarge(let size, let limit): "\(path): is \(size) bytes, over the limit of \(limit)"
            case .system(let reason): "\(path): cannot read: \(reason)"
            }
        }
    }

    /// The whole file, when it is a regular file of at most `limit` bytes.
    /// - Throws: `Failure` (missing, not a regular file, over `limit`, or unreadable).
    public static func read(_ path: String, limit: Int) throws -> Data {
        let file = try open(path)
        guard file.size <= limit else { throw Failure(path: path, reason: .tooLarge(size: file.size, limit: limit)) }
        return try file.read(upTo: limit + 1, path: path).prefix(limit)
    }

    /// At most `limit` bytes from the start of a regular file, whatever its size (for a reader that
    /// compares the size itself, such as a manifest's listed size).
    public static func read(prefix limit: Int, of path: String) throws -> Data {
        try open(path).read(upTo: limit, path: path)
    }

    /// The size of a regular file, from its open descriptor.
    public static func size(_ path: String) throws -> Int {
        try open(path).size
    }

    /// Opens `path` for reading if, and only if, it is a regular file (symlinks are followed; a
    /// caller that must not follow them checks first).
    public static func open(_ path: String) throws -> Handle {
        let descriptor = path.withCString { systemOpen($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else {
            let code = errno
            throw Failure(path: path, reason: code == ENOENT ? .missing : .system(String(cString: strerror(code))))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(path: path, reason: .system(reason))
        }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG else {
            close(descriptor)
            throw Failure(path: path, reason: .notRegular(kind(type)))
        }
        return Handle(descriptor: descriptor, size: Int(status.st_size))
    }

    /// What is at a path, following symlinks, without opening it (`stat(2)` never blocks).
    public enum Kind: Sendable, Equatable {
        case regular(size: Int)
        case directory
        /// Anything else: the kind as people name it (`FIFO (named pipe)`, `socket`…).
        case other(String)
        case missing
    }

    /// What is at `path` (symlinks followed).
    public static func kind(of path: String) -> Kind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        let type = status.st_mode & S_IFMT
        switch type {
        case S_IFREG: return .regular(size: Int(status.st_size))
        case S_IFDIR: return .directory
        default: return .other(kind(type))
        }
    }

    /// The kind of a non-regular file, as `ls -l` and people name it.
    static func kind(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: "FIFO (named pipe)"
        case S_IFDIR: "directory"
        case S_IFSOCK: "socket"
        case S_IFCHR: "character device"
        case S_IFBLK: "block device"
        case S_IFLNK: "symbolic link"
        default: "special file"
        }
    }

    /// An open regular file, closed when released.
    public final class Handle {
        let descriptor: Int32
        /// The size when it was opened.
        public let size: Int

        init(descriptor: Int32, size: Int) {
            self.descriptor = descriptor
            self.size = size
        }

        deinit { close(descriptor) }

        /// At most `count` bytes from the current position (fewer at the end of the file).
        public func read(upTo count: Int, path: String) throws -> Data {
            var data = Data()
            _ = try forEachChunk(limit: count, chunk: min(max(count, 1), 1 << 20), path: path) { data.append(contentsOf: $0) }
            return data
        }

        /// Reads the rest of the file `chunk` bytes at a time, handing each chunk to `body` (for
        /// hashing in constant memory); stops after `limit` bytes. Returns how many were read.
        public func forEachChunk(limit: Int, chunk: Int = 1 << 20, path: String, _ body: (UnsafeRawBufferPointer) throws -> Void) throws -> Int {
            var buffer = [UInt8](repeating: 0, count: max(1, chunk))
            var total = 0
            while total < limit {
                let wanted = min(buffer.count, limit - total)
                let got = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
                if got < 0 {
                    if errno == EINTR { continue }
                    throw Failure(path: path, reason: .system(String(cString: strerror(errno))))
                }
                if got == 0 { break }
                try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<got])) }
                total += got
            }
            return total
        }
    }
}

// The C calls under names that do not clash with the methods above.
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 { open(path, flags) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
