/// A citation that `taxdata new-year` carried over from the year before still says so ("[2026
/// publication: replace with the 2027 one] …"): a warning per citation, which `build --release`
/// refuses (`publish.carried-over`), so a release never cites last year's publication as this year's.
public struct SourcesCarriedOver: ValidationRule {
    public let id = RuleID.sourcesCarriedOver
    public var readsAuditTrail: Bool { true }
    public init() {}

    /// The prefix `new-year` puts before each carried-over title.
    public static func marker(previous: Int, year: Int) -> String { "[\(previous) publication: replace with the \(year) one] " }

    /// Whether `title` still carries a `new-year` marker.
    public static func isCarriedOver(_ title: String) -> Bool {
        title.hasPrefix("[") && title.contains(" publication: replace with the ")
    }

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var documents: [(DataPath.Document, [Citation])] = [
            (.federal, data.federal.sources), (.fica, data.fica.sources), (.retirement, data.retirement.sources),
        ]
        for code in data.states.keys.sorted() { documents.append((.state(code), data.states[code]!.sources)) }
        return documents.flatMap { document, sources in
            sources.enumerated().filter { Self.isCarriedOver($0.element.title) }.map { i, source in
                .warning(id, "source \(i) is carried over from the year before (\(source.title)): cite the \(data.meta.taxYear) publication",
                         at: DataPath(document).key("sources").index(i).key("title"))
            }
        }
    }
}
