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
        let handle: FileHandle
        if path == "-" { handle = .standardInput } else {
            guard let file = FileHandle(forReadingAtPath: path) else { throw CommandFailure("--batch \(path): cannot read the file") }
            handle = file
        }
        var calculators: [Int: Result<TaxCalculator, ValidationError>] = [:]
        var lineNumber = 0
        var reader = LineReader(handle: handle, maxLineBytes: Self.maxLineBytes)
        while let line = try reader.next() {
            lineNumber += 1
            guard lineNumber <= Self.maxCases else { throw CommandFailure("--batch \(path): more than \(Self.maxCases) cases") }
            guard case .line(let bytes) = line else {
                Console.out(Self.error(id: nil, "line \(lineNumber): longer than \(Self.maxLineBytes) bytes"))
                continue
            }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let item: Case
            do { item = try JSONDecoder().decode(Case.self, from: Data(bytes)) } catch {
                // The id, when the line has one, so that the error can be matched to its case.
                let id = (try? JSONDecoder().decode(IDOnly.self, from: Data(bytes)))?.id
                Console.out(Self.error(id: id, "line \(lineNumber): not a case object (year, status, state, gross): \(Self.describe(error))"))
                continue
            }
            let calculator: TaxCalculator
            switch calculators[item.year] ?? load(item.year) {
            case .success(let loaded):
                calculators[item.year] = .success(loaded)
                calculator = loaded
            case .failure(let error):
                calculators[item.year] = .failure(error)
                Console.out(Self.error(id: item.id, "line \(lineNumber): \(error.message)"))
                continue
            }
            do {
                if item.locality != nil && item.localities != nil {
                    throw ValidationError("give locality (one id) or localities (a list), not both")
                }
                let input = try CalcCommand.input(gross: item.gross.text, status: item.status, state: item.state, preTax: item.preTax ?? [],
                                                  city: item.city, age: item.age, dependents: item.dependents ?? item.children ?? 0,
                                                  children: item.children ?? 0, childrenUnder6: item.childrenUnder6 ?? 0,
                                                  hoursWorked: item.hoursWorked, localities: item.localities ?? item.locality.map { [$0] } ?? [], workLocality: item.workLocality)
                let result = try calculator.calculate(input)
                let id = try Self.jsonString(item.id)
                Console.out("{\"id\":\(id),\"result\":\(try CalcReport(result).json(compact: true))}")
            } catch let error as ValidationError {
                Console.out(Self.error(id: item.id, "line \(lineNumber): \(error.message)"))
            } catch let error as CalculationError {
                Console.out(Self.error(id: item.id, "line \(lineNumber): \(error.description)"))
            }
        }
    }

    private func load(_ year: Int) -> Result<TaxCalculator, ValidationError> {
        do {
            return .success(TaxCalculator(data: try data.load(year)))
        } catch {
            return .failure(ValidationError("no data for \(year) in \(data.origin): \(error)"))
        }
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
