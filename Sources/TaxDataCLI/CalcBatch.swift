import ArgumentParser
import Foundation
import TaxCalculator
import TaxDataCore

/// `taxdata calc --batch FILE`: one calculation per JSON line, one JSON line out per case, so a
/// grid of thousands of cases (`make crosscheck`) loads each year's data once.
struct CalcBatch {
    var data: CalcData
    /// A line longer than this is refused, not read into memory whole.
    static let maxLineBytes = 4096
    static let maxCases = 1_000_000

    /// One case. `gross` is text, or a JSON number read from its digits (never through a Double).
    struct Case: Decodable {
        var id: String?
        var year: Int
        var status: FilingStatus
        var state: String?
        var gross: Amount
        var dependents: Int?
        var children: Int?
        var childrenUnder6: Int?
        var hoursWorked: Int?
        var preTax: [String]?
        var city: String?
        var locality: String?
        var localities: [String]?
        var workLocality: String?
        var age: Int?
    }

    func run(path: String) throws {
        try JSONLinesBatch<Case, TaxCalculator>(
            data: data, expected: "a case object (year, status, state, gross)", year: \.year, id: \.id, calculator: TaxCalculator.init
        ) { item, calculator in
            if item.locality != nil && item.localities != nil {
                throw ValidationError("give locality (one id) or localities (a list), not both")
            }
            let input = try CalcCommand.input(gross: item.gross.text, status: item.status, state: item.state, preTax: item.preTax ?? [],
                                              city: item.city, age: item.age, dependents: item.dependents ?? item.children ?? 0,
                                              children: item.children ?? 0, childrenUnder6: item.childrenUnder6 ?? 0,
                                              hoursWorked: item.hoursWorked, localities: item.localities ?? item.locality.map { [$0] } ?? [],
                                              workLocality: item.workLocality)
            return try CalcReport(try calculator.calculate(input)).json(compact: true)
        }.run(path: path)
    }

    /// A line's `id` alone, for a line that is not a case.
    struct IDOnly: Decodable { var id: String? }

    /// `gross`: a string ("85000.50") or a JSON number (85000.50), kept as its exact decimal text.
    struct Amount: Decodable {
        var text: String
        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self.text = text
            } else {
                // swift-foundation's JSONDecoder reads a Decimal from the number's digits, as the bundles' amounts are read.
                self.text = Money.text(try container.decode(Decimal.self))
            }
        }
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        case DecodingError.dataCorrupted(let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")) \(context.debugDescription)"
        default: "\(error)"
        }
    }

    static func jsonString(_ text: String?) throws -> String {
        guard let text else { return "null" }
        return String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
    }

    static func error(id: String?, _ message: String) -> String {
        "{\"id\":\((try? jsonString(id)) ?? "null"),\"error\":\((try? jsonString(message)) ?? "\"?\"")}"
    }
}

/// Reads lines from a file handle in chunks, never holding more than one bounded line.
struct LineReader {
    enum Line { case line([UInt8]), tooLong }
    let handle: FileHandle
    let maxLineBytes: Int
    private var buffer: [UInt8] = []
    private var skipping = false
    private var done = false

    init(handle: FileHandle, maxLineBytes: Int) {
        self.handle = handle
        self.maxLineBytes = maxLineBytes
    }

    mutating func next() throws -> Line? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if skipping { skipping = false; continue }
                return line.count > maxLineBytes ? .tooLong : .line(line)
            }
            if buffer.count > maxLineBytes {
                buffer.removeAll(keepingCapacity: true)
                if !skipping { skipping = true; return .tooLong }
            }
            if done {
                guard !buffer.isEmpty, !skipping else { return nil }
                defer { buffer.removeAll() }
                return .line(buffer)
            }
            let chunk = try handle.read(upToCount: 65536) ?? Data()
            if chunk.isEmpty { done = true } else { buffer.append(contentsOf: chunk) }
        }
    }
}
