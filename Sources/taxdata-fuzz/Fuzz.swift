import Foundation
import TaxDataFuzzing

#if FUZZING
/// libFuzzer's driver (built by `make fuzz` with `-sanitize=fuzzer -D FUZZING`). SwiftPM gives an
/// executable its own entry point, so `main` hands over to the driver; the target is chosen by
/// TAXDATA_FUZZ_TARGET (sources, bundle, client).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// One input (libFuzzer's callback, also exported under the name its runtime expects).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let target = FuzzTarget(rawValue: ProcessInfo.processInfo.environment["TAXDATA_FUZZ_TARGET"] ?? "") ?? .sources
    target.run(start.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

@main
struct FuzzMain {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { start, count in fuzzOne(start, count) })
    }
}
#else
/// Without fuzzing instrumentation: replays inputs, `taxdata-fuzz TARGET FILE…`.
@main
struct Replay {
    static func main() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            print("usage: taxdata-fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE…")
            exit(2)
        }
        for path in arguments.dropFirst() { target.run(try Data(contentsOf: URL(fileURLWithPath: path))) }
    }
}
#endif
