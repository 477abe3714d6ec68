import Foundation
import TaxDataTestSupport
import Testing

/// What an app links must build for iOS: no system library (OpenSSL) and nothing Linux-only in the
/// dependency closure of `TaxDataClient` and `TaxCalculator`, and the README's app snippet compiles.
@Suite("Portability of what apps link")
struct PortabilityTests {
    /// The targets apps link.
    static let appTargets = ["TaxDataClient", "TaxCalculator"]
    /// Products of other packages an app may link on every platform.
    static let portableProducts: Set<String> = ["Crypto", "Logging"]

    @Test("TaxDataClient and TaxCalculator depend on no system library, no TaxDataCrypto, and nothing Linux-only but a Linux transport")
    func dependencyClosure() throws {
        let graph = try PackageGraph.load()
        for root in Self.appTargets {
            let closure = graph.closure(of: root)
            #expect(closure.targets.contains("TaxDataCore"), "\(root): the walk found \(closure.targets.sorted())")
            for name in closure.targets.sorted() {
                #expect(graph.types[name] != "system", "\(root) depends on the system library \(name)")
                #expect(!["TaxDataCrypto", "COpenSSL", "TaxDataCompiler", "TaxDataServer"].contains(name), "\(root) depends on \(name)")
            }
            for product in closure.products where !Self.portableProducts.contains(product.name) {
                #expect(product.platforms == ["linux"],
                        "\(root) depends on \(product.name) (\(product.package)) on \(product.platforms ?? ["every platform"])")
            }
        }
        // The walk itself: the toolchain does reach OpenSSL.
        #expect(graph.closure(of: "TaxDataCLI").targets.isSuperset(of: ["TaxDataCrypto", "COpenSSL"]))
        #expect(graph.types["COpenSSL"] == "system")
    }

    @Test("no source file an app links imports OpenSSL, and FoundationNetworking only where it exists")
    func imports() throws {
        let sources = packageRoot.appendingPathComponent("Sources")
        for target in Self.appTargets + ["TaxDataCore"] {
            let directory = sources.appendingPathComponent(target)
            let files = FileManager.default.enumerator(atPath: directory.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty)
            for file in files {
                let lines = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                    .split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                for (index, line) in lines.enumerated() where line.range(of: #"^(@_exported |@testable |(internal|public|package|private|fileprivate) )?import "#, options: .regularExpression) != nil {
                    let module = line.split(separator: " ").last.map(String.init) ?? ""
                    #expect(!["TaxDataCrypto", "COpenSSL"].contains(module), "\(target)/\(file):\(index + 1): \(line)")
                    if module == "FoundationNetworking" {
                        #expect(index > 0 && lines[index - 1] == "#if canImport(FoundationNetworking)", "\(target)/\(file):\(index + 1)")
                    }
                }
            }
        }
    }

    @Test("the app guide's snippet is the compiled copy, verbatim")
    func readmeSnippet() throws {
        let blocks = fencedBlocks(try readme(), language: "swift").filter { $0.contains("import TaxDataClient") && $0.contains("FileBundleStore") }
        try #require(blocks.count == 1, "the docs have \(blocks.count) swift blocks with `import TaxDataClient` and a FileBundleStore; expected one")
        let copy = try String(contentsOf: packageRoot.appendingPathComponent("Tests/TaxDataClientTests/ReadmeAppSnippet.swift"), encoding: .utf8)
        let begin = try #require(copy.range(of: "// README-SNIPPET-BEGIN\n"))
        let end = try #require(copy.range(of: "// README-SNIPPET-END\n"))
        let compiled = String(copy[begin.upperBound..<end.lowerBound])
        #expect(compiled == blocks[0], "docs/app-guide.md and Tests/TaxDataClientTests/ReadmeAppSnippet.swift differ: copy the block between the markers")
        let imports = blocks[0].split(separator: "\n").filter { $0.hasPrefix("import ") }
        #expect(imports == ["import Foundation", "import TaxDataClient"], "an app imports TaxDataClient only")
        let _: (URL) async throws -> Void = startTaxData // the compiled copy exists
    }

    @Test("32.7: the README's app quick start is the compiled copy, and it runs: one import, a paycheck")
    func readmeQuickStartRuns() async throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = fencedBlocks(text, language: "swift").filter { $0.contains("import TaxDataClient") }
        try #require(blocks.count == 1, "README.md has \(blocks.count) swift blocks with `import TaxDataClient`; expected one")
        let copy = try String(contentsOf: packageRoot.appendingPathComponent("Tests/TaxDataClientTests/ReadmeQuickStart.swift"), encoding: .utf8)
        let begin = try #require(copy.range(of: "// README-QUICKSTART-BEGIN\n"))
        let end = try #require(copy.range(of: "// README-QUICKSTART-END\n"))
        var lines = copy[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let open = try #require(lines.firstIndex { $0.hasPrefix("func readmeQuickStart()") })
        let close = try #require(lines.lastIndex(of: "}"))
        lines = Array(lines[..<open]) + lines[(open + 1)..<close].map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 } + Array(lines[(close + 1)...])
        #expect(lines.joined(separator: "\n") == blocks[0], "README.md and Tests/TaxDataClientTests/ReadmeQuickStart.swift differ")
        #expect(blocks[0].split(separator: "\n").filter { $0.hasPrefix("import ") } == ["import TaxDataClient"])
        try await readmeQuickStart()
    }
}

/// The package's target graph, from `swift package dump-package` (run once, in a scratch
/// directory of its own so it never waits for the lock of the build running the tests).
struct PackageGraph {
    struct Product: Hashable { var name: String; var package: String; var platforms: [String]? }
    /// Target name → type (`regular`, `system`, `test`, `executable`).
    var types: [String: String] = [:]
    var targetDependencies: [String: [String]] = [:]
    var productDependencies: [String: [Product]] = [:]

    static func load() throws -> PackageGraph {
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try run("/usr/bin/env", ["swift", "package", "--package-path", packageRoot.path, "--scratch-path", scratch.path, "dump-package"])
        guard result.status == 0 else {
            throw DumpError(description: "swift package dump-package failed: \(result.stderr)")
        }
        return try PackageGraph(json: Data(result.stdout.utf8))
    }

    struct DumpError: Error, CustomStringConvertible { var description: String }

    init(json: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let targets = root["targets"] as? [[String: Any]] else { throw DumpError(description: "no targets in dump-package output") }
        for target in targets {
            guard let name = target["name"] as? String else { continue }
            types[name] = target["type"] as? String
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let byName = (dependency["byName"] ?? dependency["target"]) as? [Any], let other = byName.first as? String {
                    targetDependencies[name, default: []].append(other)
                } else if let product = dependency["product"] as? [Any], let productName = product.first as? String {
                    let condition = product.count > 3 ? product[3] as? [String: Any] : nil
                    productDependencies[name, default: []].append(Product(
                        name: productName, package: product.count > 1 ? product[1] as? String ?? "" : "",
                        platforms: condition?["platformNames"] as? [String]))
                }
            }
        }
    }

    /// Every target of this package `root` depends on, itself included, and every other package's product they use.
    func closure(of root: String) -> (targets: Set<String>, products: Set<Product>) {
        var targets: Set<String> = [], products: Set<Product> = [], queue = [root]
        while let name = queue.popLast() {
            guard types[name] != nil, targets.insert(name).inserted else {
                if types[name] == nil { products.insert(Product(name: name, package: "?", platforms: nil)) }
                continue
            }
            queue += targetDependencies[name] ?? []
            products.formUnion(productDependencies[name] ?? [])
        }
        return (targets, products)
    }
}
