import Foundation

/// Every document cites at least one official source with a title and an http(s) URL.
public struct SourcesCited: ValidationRule {
    public let id = RuleID.sourcesMissing
    public var readsAuditTrail: Bool { true }
    public init() {}
    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var documents: [(DataPath.Document, [Citation])] = [
            (.federal, data.federal.sources), (.fica, data.fica.sources), (.retirement, data.retirement.sources),
        ]
        for code in data.states.keys.sorted() { documents.append((.state(code), data.states[code]!.sources)) }
        var findings: [Diagnostic] = []
        for (document, sources) in documents {
            let path = DataPath(document).key("sources")
            if sources.isEmpty {
                findings.append(.error(id, "no official source is cited: add sources: [{title, url}]", at: path))
            }
            for (i, source) in sources.enumerated() {
                if source.title.isBlank {
                    findings.append(.error(id, "source \(i) has an empty title", at: path.index(i).key("title")))
                }
                if !(source.url.hasPrefix("https://") || source.url.hasPrefix("http://")) || source.url.count < 12 {
                    findings.append(.error(id, "source \(i) url '\(source.url)' is not an http(s) URL", at: path.index(i).key("url")))
                }
            }
        }
        return findings
    }
}
