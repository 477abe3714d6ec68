import Foundation
import Testing
import TaxDataCompiler
import TaxDataCore
import TaxDataTestSupport

/// What `check` says about the mistakes authors make: one finding each, at the right place,
/// naming the mistake and the fix.
@Suite("check messages")
struct CheckMessageTests {
    static let base = packageRoot.appendingPathComponent("Fixtures/check/_base")

    /// The diagnostics of `_base` with the first `old` in `file` replaced by `new`.
    func diagnostics(_ file: String, _ old: String, _ new: String) throws -> [Diagnostic] {
        var files = try readTree(Self.base)
        let index = try #require(files.firstIndex { $0.relativePath == file })
        let range = try #require(files[index].contents.range(of: old), "\(old) not in \(file)")
        files[index].contents.replaceSubrange(range, with: new)
        return TreeCompiler.compile(files).diagnostics
    }

    /// The 1-based line of the first line of `file` in `_base` containing `marker`.
    func line(_ file: String, _ marker: String) throws -> Int {
        let text = try String(contentsOf: Self.base.appendingPathComponent(file), encoding: .utf8)
        return try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(marker) }) + 1
    }

    /// `file` of `_base` with every line ending replaced by `ending`, after `old` → `new`.
    func diagnostics(_ file: String, lineEnding ending: String, _ old: String, _ new: String) throws -> [Diagnostic] {
        var files = try readTree(Self.base)
        let index = try #require(files.firstIndex { $0.relativePath == file })
        let range = try #require(files[index].contents.range(of: old), "\(old) not in \(file)")
        files[index].contents.replaceSubrange(range, with: new)
        files[index].contents = files[index].contents.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: ending)
        return TreeCompiler.compile(files).diagnostics
    }

    @Test("a duplicated nested key is one yaml.duplicate-key at its line, whatever the line endings (CR, CRLF, LF)",
          arguments: ["\r", "\r\n", "\n"])
    func duplicateKeyLineEndings(ending: String) throws {
        // Found by `make fuzz`: a CR-only file crashed check (libyaml counts a lone CR as a line break).
        let found = try diagnostics("2024/fica.yaml", lineEnding: ending, "wageBase: 168600", "wageBase: 168600\n  wageBase: 168600")
        try #require(found.count == 1, "\(found)")
        #expect(found[0].rule == .yamlDuplicateKey)
        #expect(found[0].location?.line == (try line("2024/fica.yaml", "wageBase: 168600")) + 1)
    }

    @Test("32.21: a ceiling below its floor is one finding that counts brackets from one, not a gap and a cascade of base taxes")
    func ceilingBelowFloor() throws {
        let found = try diagnostics("2024/federal.yaml", "- { floor: 11600, ceiling: 47150,", "- { floor: 11600, ceiling: 4715,")
        try #require(found.count == 1, "\(found.map { "[\($0.rule)] \($0.message)" })")
        #expect(found[0].rule == .bracketsFloorsRise)
        #expect(found[0].message.contains("the 2nd bracket's ceiling 4715 is not above its floor 11600"), "\(found[0].message)")
    }

    @Test("a tab in the indentation is named as a tab, at its line and column")
    func tab() throws {
        let found = try diagnostics("2024/federal.yaml", "  single: 14600", "\tsingle: 14600")
        try #require(found.count == 1, "\(found)")
        #expect(found[0].rule == .yamlSyntax)
        #expect(found[0].message.contains("tab"), "\(found[0].message)")
        #expect(found[0].location?.line == (try line("2024/federal.yaml", "  single: 14600")))
        #expect(found[0].location?.column == 1)
    }

    @Test("a thousands separator is one yaml.number finding at the value, in flow and in block style")
    func thousands() throws {
        let flow = try diagnostics("2024/federal.yaml", "ceiling: 11600, rate: 0.10", "ceiling: 11,600, rate: 0.10")
        try #require(flow.count == 1, "\(flow)")
        #expect(flow[0].rule == .yamlNumber)
        #expect(flow[0].message.contains("'11,600' has a thousands separator; write 11600"), "\(flow[0].message)")
        #expect(!flow[0].message.contains("unknown key"))
        #expect(flow[0].location?.line == (try line("2024/federal.yaml", "ceiling: 11600, rate: 0.10")))
        let block = try diagnostics("2024/fica.yaml", "wageBase: 168600", "wageBase: 168,600")
        try #require(block.count == 1, "\(block)")
        #expect(block[0].message.contains("'168,600' has a thousands separator; write 168600"), "\(block[0].message)")
        // A comma that is not a thousands separator keeps the general message.
        let decimal = try diagnostics("2024/fica.yaml", "wageBase: 168600", "wageBase: 1,5")
        #expect(decimal.contains { $0.rule == .yamlNumber && $0.message.contains("no commas") }, "\(decimal)")
    }

    @Test("a misspelled required key is one finding with a did-you-mean, not an unknown and a missing key")
    func misspelledRequiredKey() throws {
        let found = try diagnostics("2024/federal.yaml", "standardDeduction:", "standardDeductions:")
        try #require(found.count == 1, "\(found)")
        #expect(found[0].rule == .yamlUnknownKey)
        #expect(found[0].message.contains("did you mean 'standardDeduction'?"), "\(found[0].message)")
        #expect(found[0].location?.line == (try line("2024/federal.yaml", "standardDeduction:")))
        // Inside a flow mapping too.
        let ceiling = try diagnostics("2024/federal.yaml", "ceiling: 11600, rate: 0.10", "ceilng: 11600, rate: 0.10")
        try #require(ceiling.count == 1, "\(ceiling)")
        #expect(ceiling[0].message.contains("unknown key 'ceilng'") && ceiling[0].message.contains("did you mean 'ceiling'?"))
    }

    @Test("a misspelled optional key gets a did-you-mean; a key like no known one lists the known keys")
    func unknownKeys() throws {
        let close = try diagnostics("2024/federal.yaml", "baseTax: 5426", "basetax: 5426")
        try #require(close.count == 1, "\(close)")
        #expect(close[0].message.contains("did you mean 'baseTax'?"), "\(close[0].message)")
        let far = try diagnostics("2024/federal.yaml", "baseTax: 5426", "surcharge: 5426")
        try #require(far.count == 1, "\(far)")
        #expect(far[0].message.contains("known keys: baseTax, ceiling, floor"), "\(far[0].message)")
        #expect(!far[0].message.contains("did you mean"))
    }

    @Test("a rate written as a percentage number suggests the fraction")
    func percentRate() throws {
        let bracket = try diagnostics("2024/federal.yaml", "rate: 0.22, baseTax: 5426", "rate: 22, baseTax: 5426")
        #expect(bracket.contains { $0.rule == .bracketsRateRange && $0.message.contains("did you mean 0.22 (22%)?") }, "\(bracket)")
        let fica = try diagnostics("2024/fica.yaml", "rate: 0.062", "rate: 6.2")
        #expect(fica.contains { $0.rule == .rateRange && $0.message.contains("did you mean 0.062 (6.2%)?") }, "\(fica)")
        // Far outside any percentage: the general advice.
        let huge = try diagnostics("2024/fica.yaml", "rate: 0.062", "rate: 620")
        #expect(huge.contains { $0.rule == .rateRange && $0.message.contains("write 6.2% as 0.062") && !$0.message.contains("did you mean") })
    }

    @Test("a state file the year before had is a coverage.state-removed warning naming both files")
    func removedState() throws {
        var files = try readTree(Self.base)
        let previous = files.map { SourceFile(relativePath: $0.relativePath.replacingOccurrences(of: "2024/", with: "2023/"),
                                              contents: $0.contents.replacingOccurrences(of: "2024", with: "2023")) }
        files.removeAll { $0.relativePath == "2024/states/TX.yaml" }
        let found = TreeCompiler.compile(previous + files).diagnostics
        try #require(found.count == 1, "\(found)")
        #expect(found[0].rule == .coverageStateRemoved && found[0].severity == .warning)
        #expect(found[0].location?.file == "2024/states/TX.yaml")
        #expect(found[0].message.contains("2023/states/TX.yaml"))
        // Both years with the file, or a state added: nothing.
        #expect(TreeCompiler.compile(previous + (try readTree(Self.base))).diagnostics.isEmpty)
        #expect(TreeCompiler.compile(previous.filter { $0.relativePath != "2023/states/TX.yaml" } + (try readTree(Self.base))).diagnostics.isEmpty)
    }
}
