import ArgumentParser
import Foundation
import TaxDataCore
import TaxDataFiles

/// `taxdata share-subtrees IN OUT`: writes the canonical JSON document IN with its repeated runs
/// of bytes shared (`SharedSubtrees`), the form in which `make embed` packs the client's embedded
/// documents. Not listed in the help: it is a step of `make embed`, run by `scripts/embed.sh`.
struct ShareSubtreesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share-subtrees",
        abstract: "Write a canonical JSON document with its repeated runs shared (a step of `make embed`).",
        shouldDisplay: false
    )

    @Argument(help: "The canonical JSON document to read (a regular file of at most 8 MiB).")
    var input: String

    @Argument(help: "Where to write it in the shared form (must not exist).")
    var output: String

    func run() async throws {
        let json: Data
        let shared: Data
        do {
            json = try RegularFile.read(input, limit: BundleLimits.maxDocumentBytes)
            shared = try SharedSubtrees.share(json)
        } catch {
            Console.error("taxdata share-subtrees: \(input): \(error)")
            throw ExitCode(1)
        }
        do {
            try KeyFiles.createExclusive(output, shared, mode: 0o644)
        } catch {
            Console.error("taxdata share-subtrees: \(error)")
            throw ExitCode(1)
        }
        Console.out("\(output): \(shared.count) bytes for \(json.count)")
    }
}
