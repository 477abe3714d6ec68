import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a command's output: to the process's standard output and standard error, or to the
/// capture of the `CommandContext` a run in process bound to its task.
enum Console {
    static func out(_ text: String) {
        if let capture = CommandContext.current.capture { return capture.append(text + "\n", to: .standardOutput) }
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        if let capture = CommandContext.current.capture { return capture.append(text + "\n", to: .standardError) }
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Whether standard output is a terminal (never for a captured run).
    static var isTerminal: Bool {
        CommandContext.current.capture == nil && isatty(STDOUT_FILENO) == 1
    }
}

/// What a command reads and writes outside its arguments and files: the environment and its two
/// output streams. The tool uses the process's; a run in process (`TaxDataCommand.runCapturing`)
/// binds its own to the task, so that commands can run side by side in one process.
struct CommandContext: Sendable {
    /// The environment variables the commands read (`SOURCE_DATE_EPOCH`, `NO_COLOR`).
    var environment: [String: String]
    /// Where `Console` writes instead of the process's streams; nil for the process's streams.
    var capture: OutputCapture?

    @TaskLocal static var current = CommandContext(environment: ProcessInfo.processInfo.environment, capture: nil)
}

/// Standard output and standard error of one run in process, as text.
final class OutputCapture: @unchecked Sendable {
    enum Stream { case standardOutput, standardError }
    private let lock = NSLock()
    private var out = "", err = ""

    func append(_ text: String, to stream: Stream) {
        lock.lock()
        defer { lock.unlock() }
        switch stream {
        case .standardOutput: out += text
        case .standardError: err += text
        }
    }

    var standardOutput: String { lock.lock(); defer { lock.unlock() }; return out }
    var standardError: String { lock.lock(); defer { lock.unlock() }; return err }
}

/// The exit code and output of a run in process.
struct CapturedRun: Sendable {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

extension TaxDataCommand {
    /// Runs the tool in this process as `taxdata arguments…` would run, with `environment` in place
    /// of the process's, and returns its exit code and what it printed (for tests: a command no
    /// longer needs a process of its own).
    static func runCapturing(_ arguments: [String], environment: [String: String]) async -> CapturedRun {
        let capture = OutputCapture()
        let status = await CommandContext.$current.withValue(CommandContext(environment: environment, capture: capture)) {
            await run(arguments)
        }
        return CapturedRun(status: status, standardOutput: capture.standardOutput, standardError: capture.standardError)
    }
}
