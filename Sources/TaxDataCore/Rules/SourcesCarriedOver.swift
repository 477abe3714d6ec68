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
        let documents: [(DataPath.Document, [Citation])] = [
            (.federal, data.federal.sources), (.fica, data.fica.sources), (.retirement, data.retirement.sources),
        ]
        var lists: [(DataPath, [Citation])] = documents.map { (DataPath($0.0), $0.1) }
        for code in data.states.keys.sorted() {
            lists.append((DataPath(.state(code)), data.states[code]!.sources))
            // A withholding method `new-year` carried over, and its later methods.
            if let method = data.states[code]!.withholding {
                let at = DataPath(.state(code)).key("withholding")
                lists.append((at, method.sources))
                for (i, change) in (method.midYear ?? []).enumerated() { lists.append((at.key("midYear").index(i), change.method.sources)) }
            }
        }
        return lists.flatMap { path, sources in
            sources.enumerated().filter { Self.isCarriedOver($0.element.title) }.map { i, source in
                .warning(id, "source \(i) is carried over from the year before (\(source.title)): cite the \(data.meta.taxYear) publication",
                         at: path.key("sources").index(i).key("title"))
            }
        }
    }
}
