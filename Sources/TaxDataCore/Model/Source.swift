/// A citation: the official publication a file's figures come from.
public struct Citation: Sendable, Equatable, Codable {
    public var title: String
    public var url: String

    public init(title: String, url: String) {
        self.title = title
        self.url = url
    }
}
