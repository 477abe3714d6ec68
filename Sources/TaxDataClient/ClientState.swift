import Foundation
import TaxDataCore

/// What the client remembers across launches, per tax year: the highest version it ever accepted
/// (rollback protection), the manifest's ETag, and when it last fetched and checked.
struct ClientState: Codable, Sendable, Equatable {
    struct Year: Codable, Sendable, Equatable {
        var highestAccepted: DataVersion?
        var manifestETag: String?
        var fetchedAt: Date?
        var lastAttempt: Date?
    }

    var years: [String: Year] = [:]

    subscript(year: Int) -> Year {
        get { years[String(year)] ?? Year() }
        set { years[String(year)] = newValue }
    }

    static func decode(_ data: Data?) -> ClientState? {
        guard let data else { return ClientState() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(ClientState.self, from: data)
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return try encoder.encode(self)
    }
}
