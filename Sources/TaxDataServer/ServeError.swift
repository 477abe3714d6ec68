import Foundation
import NIOCore

/// Why `TaxDataServer.run` could not serve: the address it was asked for, and what went wrong,
/// so that `taxdata serve` and an app embedding the server say the same thing.
public struct ServeError: Error, Equatable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// Another process listens there (EADDRINUSE).
        case addressInUse
        /// Any other failure to listen or serve, as the system said it.
        case failed(String)
    }

    public var host: String
    public var port: Int
    public var reason: Reason

    public init(host: String, port: Int, reason: Reason) {
        self.host = host
        self.port = port
        self.reason = reason
    }

    /// The error `run` throws for `error`, thrown while serving on `host:port`; a cancellation
    /// stays what it is.
    static func wrapping(_ error: any Error, host: String, port: Int) -> any Error {
        if error is ServeError || error is CancellationError { return error }
        if let io = error as? IOError, io.errnoCode == EADDRINUSE { return ServeError(host: host, port: port, reason: .addressInUse) }
        return ServeError(host: host, port: port, reason: .failed("\(error)"))
    }

    public var description: String {
        switch reason {
        case .addressInUse:
            "cannot listen on \(host):\(port): the port is already in use"
        case .failed(let detail):
            "cannot serve on \(host):\(port): \(detail)"
        }
    }
}
