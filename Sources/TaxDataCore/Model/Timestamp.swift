import Foundation

/// An instant in UTC to the second, written `2026-03-01T12:00:00Z` (RFC 3339, always `Z`, no
/// fraction): the form of `issuedAt` and `expires` in a signed `index.json`. One text per instant,
/// so timestamps compare as numbers and re-encode to the same bytes.
///
/// Computed with integer calendar arithmetic (proleptic Gregorian), never through `Calendar` or a
/// time zone, so it is the same on every machine and locale.
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
              hour < 24, minute < 60, second < 60 else { return nil }
        secondsSince1970 = Self.days(date) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// Parses what a person types for a time: `YYYY-MM-DD` (midnight UTC), `YYYY-MM-DDTHH:MM:SSZ`, or
    /// `YYYY-MM-DDTHH:MM:SS±HH:MM` (converted to UTC). nil for anything else.
    public init?(iso8601 text: String) {
        if let exact = Timestamp(text) { self = exact; return }
        if let date = ISODate(text), date.year >= 1970 { self.init(secondsSince1970: Self.days(date) * 86_400); return }
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

    public var description: String {
        let days = secondsSince1970 >= 0 ? secondsSince1970 / 86_400 : (secondsSince1970 - 86_399) / 86_400
        let rest = Int(secondsSince1970 - days * 86_400)
        let (y, m, d) = Self.civil(days)
        func pad(_ v: Int, _ n: Int) -> String { String(repeating: "0", count: max(0, n - String(v).count)) + String(v) }
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(rest / 3600, 2)):\(pad(rest / 60 % 60, 2)):\(pad(rest % 60, 2))Z"
    }

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

    /// Days from 1970-01-01 to `date` (H. Hinnant's days_from_civil).
    static func days(_ date: ISODate) -> Int64 {
        let y = Int64(date.month <= 2 ? date.year - 1 : date.year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(date.month), d = Int64(date.day)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The calendar date `days` after 1970-01-01 (civil_from_days).
    static func civil(_ days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (Int(yoe + era * 400 + (m <= 2 ? 1 : 0)), Int(m), Int(d))
    }
}
