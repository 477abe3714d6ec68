/// A citation: a publication a file's figures come from.
public struct Citation: Sendable, Equatable, Codable {
    public var title: String
    public var url: String
    /// Added in 1.2: the authority itself (`official`) or anything else (`secondary`).
    public var kind: SourceKind?

    public init(title: String, url: String, kind: SourceKind? = nil) {
        self.title = title
        self.url = url
        self.kind = kind
    }
}
