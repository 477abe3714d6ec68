import ArgumentParser
import Foundation
import TaxDataClient
import TaxDataCore

/// `taxdata localities`: the ids and names of the places with a local income tax, for `calc
/// --locality` and for app developers building a picker.
struct LocalitiesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "localities",
        abstract: "List the localities (counties, cities, school districts) with a local income tax, and their ids.",
        discussion: """
        Each line: the state, the id `calc --locality` takes, the name, the kind, the grade, and each \
        tax with how it is computed. Without --year, the newest year of the sources.

        Examples:
          taxdata localities --year 2026 --state MD
          taxdata localities --year 2026 --state IN --format json
        """
    )

    @Option(help: "The tax year (default: the newest year of --sources).")
    var year: Int?

    @Option(help: "Only this state's localities (USPS code).")
    var state: String?

    @OptionGroup var tree: SourceTreeOption

    @Option(help: "A built bundle directory (dist/2026) to use instead of the sources.")
    var bundle: String?

    @OptionGroup var output: ReportFormatOption

    func validate() throws {
        if let state, !Jurisdiction.isKnown(state.uppercased()) { throw ValidationError("--state '\(state)' is not a USPS code of a state or DC") }
    }

    func run() async throws {
        let source = CalcData(sources: tree.sources, bundle: bundle)
        if let note = source.note { Console.error(note) }
        guard let year = year ?? source.newestYear else { throw CommandFailure("no tax year in \(tree.sources)/: give --year") }
        let data = try source.load(year)
        let code = state?.uppercased()
        let states = data.localities.filter { code == nil || $0.key == code }
        if output.format == .json {
            let listing = states.keys.sorted().flatMap { code in states[code]!.map { Listed(state: code, locality: $0) } }
            Console.out(String(decoding: try CanonicalJSON.encode(Listing(taxYear: year, version: data.meta.version.description, localities: listing)),
                               as: UTF8.self).trimmingCharacters(in: .newlines))
            return
        }
        let count = states.values.reduce(0) { $0 + $1.count }
        var lines = ["\(year) (data \(data.meta.version)): \(count) localit\(count == 1 ? "y" : "ies")"
                     + (code.map { " in \($0)" } ?? " in \(states.count) state(s)")]
        if count == 0 {
            lines.append(code.map { "  \($0) has no local income tax in the \(year) data" } ?? "  none in the \(year) data")
        }
        for code in states.keys.sorted() {
            for locality in states[code]! {
                let grade = locality.provenance.map { $0.rawValue + (locality.pending != nil ? " (pending)" : "") } ?? "ungraded"
                lines.append("  \(code)  \(locality.id.padding(toLength: 12, withPad: " ", startingAt: 0))  \(locality.name) (\(locality.kind), \(grade))")
                for tax in locality.taxes {
                    lines.append("      \(tax.id): \(tax.summary)")
                }
            }
        }
        Console.out(lines.joined(separator: "\n"))
    }

    struct Listed: Encodable {
        var state: String
        var locality: Locality
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(state, forKey: .state)
            try c.encode(locality.id, forKey: .id)
            try c.encode(locality.name, forKey: .name)
            try c.encode(locality.kind, forKey: .kind)
            try c.encodeIfPresent(locality.provenance, forKey: .provenance)
            try c.encode(locality.taxes, forKey: .taxes)
        }
        enum Key: String, CodingKey { case state, id, name, kind, provenance, taxes }
    }

    struct Listing: Encodable {
        var taxYear: Int
        var version: String
        var localities: [Listed]
    }
}
