import ArgumentParser
import Foundation
import TaxCalculator
import TaxDataCore

/// What `calc --batch` and `paycheck --batch` share: read a JSON-lines file in bounded lines, decode
/// each into a case, load each year's data once, and write one line per case, `{"id", "result"}` or
/// `{"id", "error"}`, in order; a bad line is an error line (with its id when it has one) and the
/// others still run.
struct JSONLinesBatch<Case: Decodable, Calculator> {
    var data: CalcData
    /// What a line must be, for the error of one that is not (`a case object (year, status, …)`).
    var expected: String
    var year: (Case) -> Int
    var id: (Case) -> String?
    var calculator: (TaxYearData) -> Calculator
    /// The result of one case, as compact JSON.
    var compute: (Case, Calculator) throws -> String

    func run(path: String) throws {
        let handle: FileHandle
        if path == "-" { handle = .standardInput } else {
            guard let file = FileHandle(forReadingAtPath: path) else { throw CommandFailure("--batch \(path): cannot read the file") }
            handle = file
        }
        var calculators: [Int: Result<Calculator, ValidationError>] = [:]
        var lineNumber = 0
        var reader = LineReader(handle: handle, maxLineBytes: CalcBatch.maxLineBytes)
        while let line = try reader.next() {
            lineNumber += 1
            guard lineNumber <= CalcBatch.maxCases else { throw CommandFailure("--batch \(path): more than \(CalcBatch.maxCases) cases") }
            guard case .line(let bytes) = line else {
                Console.out(CalcBatch.error(id: nil, "line \(lineNumber): longer than \(CalcBatch.maxLineBytes) bytes"))
                continue
            }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let item: Case
            do { item = try JSONDecoder().decode(Case.self, from: Data(bytes)) } catch {
                // The id, when the line has one, so that the error can be matched to its case.
                let id = (try? JSONDecoder().decode(CalcBatch.IDOnly.self, from: Data(bytes)))?.id
                Console.out(CalcBatch.error(id: id, "line \(lineNumber): not \(expected): \(CalcBatch.describe(error))"))
                continue
            }
            let calculator: Calculator
            switch calculators[year(item)] ?? load(year(item)) {
            case .success(let loaded):
                calculators[year(item)] = .success(loaded)
                calculator = loaded
            case .failure(let error):
                calculators[year(item)] = .failure(error)
                Console.out(CalcBatch.error(id: id(item), "line \(lineNumber): \(error.message)"))
                continue
            }
            do {
                let result = try compute(item, calculator)
                Console.out("{\"id\":\(try CalcBatch.jsonString(id(item))),\"result\":\(result)}")
            } catch let error as ValidationError {
                Console.out(CalcBatch.error(id: id(item), "line \(lineNumber): \(error.message)"))
            } catch let error as CalculationError {
                Console.out(CalcBatch.error(id: id(item), "line \(lineNumber): \(error.description)"))
            }
        }
    }

    private func load(_ year: Int) -> Result<Calculator, ValidationError> {
        do {
            return .success(calculator(try data.load(year)))
        } catch {
            return .failure(ValidationError("no data for \(year) in \(data.origin): \(error)"))
        }
    }
}
