import Foundation
import Testing
import TaxDataFuzzing
import TaxDataTestSupport

/// Every input `make fuzz` saved (the seeds and anything that ever crashed a target) is replayed
/// in process on every `make test`: a fixed crash cannot come back unnoticed.
@Suite("Fuzz corpus replay")
struct CorpusReplayTests {
    @Test("every saved input of every fuzz target runs without crashing", arguments: FuzzTarget.allCases)
    func replay(_ target: FuzzTarget) async throws {
        let directory = packageRoot.appendingPathComponent("Fuzz/corpus/\(target.rawValue)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(!names.isEmpty, "no corpus for \(target.rawValue)")
        for name in names {
            await target.replay(try Data(contentsOf: directory.appendingPathComponent(name)))
        }
    }
}
