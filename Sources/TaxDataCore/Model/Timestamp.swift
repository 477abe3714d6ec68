import Foundation

/// An instant in UTC to the second, written `2026-03-01T12:00:00Z` (RFC 3339, always `Z`, no
/// fraction): the form of `issuedAt` and `expires` in a signed `index.json`. One text per instant,
/// so timestamps compare as numbers and re-encode to the same bytes.
///
/// Read and written with Foundation's `Date.ISO8601FormatStyle`, which is always UTC here, so it is
/// the same on every machine and locale; the byte shape is checked first, so nothing looser passes.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var secondsSince1970: Int64

    public init(secondsSince1970: Int64) { self.secondsSince1970 = secondsSince1970 }

    /// The instant of `date`, truncated to the second.
    public init(_ date: Date) { secondsSince1970 = Int64(date.timeIntervalSince1970.rounded(.down)) }

    /// Parses exactly `YYYY-MM-DDTHH:MM:SSZ` (years 1970–9999); nil for anything else.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z"),
              let date = ISODate(String(decoding: bytes[0..<10], as: UTF8.self)), date.year >= 1970 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard bytes[range].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            return Int(String(decoding: bytes[range], as: UTF8.self))
        }
        guard let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              hour < 24, minute < 60, second < 60, let instant = try? Date(text, strategy: .iso8601) else { return nil }
        secondsSince1970 = Int64(instant.timeIntervalSince1970)
    }

    /// Parses what a person types for a time: `YYYY-MM-DD` (midnight UTC), `YYYY-MM-DDTHH:MM:SSZ`, or
    /// `YYYY-MM-DDTHH:MM:SS±HH:MM` (converted to UTC). nil for anything else.
    public init?(iso8601 text: String) {
        if let exact = Timestamp(text) { self = exact; return }
        if ISODate(text) != nil, let midnight = Timestamp(text + "T00:00:00Z") { self = midnight; return }
        guard text.count == 25, let local = Timestamp(String(text.prefix(19)) + "Z") else { return nil }
        let offset = Array(text.suffix(6))
        guard offset[0] == "+" || offset[0] == "-", offset[3] == ":",
              let hours = Int(String(offset[1...2])), let minutes = Int(String(offset[4...5])),
              offset[1...2].allSatisfy(\.isNumber), offset[4...5].allSatisfy(\.isNumber), hours < 24, minutes < 60 else { return nil }
        let seconds = Int64(hours * 3600 + minutes * 60) * (offset[0] == "+" ? 1 : -1)
        self.init(secondsSince1970: local.secondsSince1970 - seconds)
    }

    public var date: Date { Date(timeIntervalSince1970: TimeInterval(secondsSince1970)) }

    /// This instant plus whole days (86,400 seconds each; UTC has no daylight saving).
    public func adding(days: Int) -> Timestamp { Timestamp(secondsSince1970: secondsSince1970 + Int64(days) * 86_400) }

    public var description: String { date.formatted(.iso8601) }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.secondsSince1970 < b.secondsSince1970 }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Timestamp(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a UTC time like 2026-03-01T12:00:00Z")
        }
        self = value
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
