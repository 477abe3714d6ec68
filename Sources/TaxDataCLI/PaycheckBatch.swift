import ArgumentParser
import Foundation
import TaxCalculator
import TaxDataCore

/// `taxdata paycheck --batch FILE`: one paycheck per JSON line, one JSON line out per case, each
/// year's data loaded once (as `calc --batch`).
struct PaycheckBatch {
    var data: CalcData

    struct Case: Decodable {
        var id: String?
        var year: Int
        var frequency: PayFrequency
        var wagesPerPeriod: CalcBatch.Amount
        var w4: W4
        var preTax: [String]?
        var yearToDateWages: CalcBatch.Amount?
        var supplemental: CalcBatch.Amount?
        var yearToDateSupplemental: CalcBatch.Amount?
        var roundToDollar: Bool?
    }

    struct W4: Decodable {
        var form: Int
        var filingStatus: FilingStatus
        var multipleJobs: Bool?
        var dependentsAmount: CalcBatch.Amount?
        var otherIncome: CalcBatch.Amount?
        var deductions: CalcBatch.Amount?
        var extraWithholding: CalcBatch.Amount?
        var allowances: Int?
        var nonresidentAlien: Bool?
        var exempt: Bool?
    }

    func run(path: String) throws {
        let handle: FileHandle
        if path == "-" { handle = .standardInput } else {
            guard let file = FileHandle(forReadingAtPath: path) else { throw CommandFailure("--batch \(path): cannot read the file") }
            handle = file
        }
        var calculators: [Int: Result<PaycheckCalculator, ValidationError>] = [:]
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
                let id = (try? JSONDecoder().decode(CalcBatch.IDOnly.self, from: Data(bytes)))?.id
                Console.out(CalcBatch.error(id: id, "line \(lineNumber): not a paycheck object (year, frequency, wagesPerPeriod, w4): \(CalcBatch.describe(error))"))
                continue
            }
            let calculator: PaycheckCalculator
            switch calculators[item.year] ?? load(item.year) {
            case .success(let loaded):
                calculators[item.year] = .success(loaded)
                calculator = loaded
            case .failure(let error):
                calculators[item.year] = .failure(error)
                Console.out(CalcBatch.error(id: item.id, "line \(lineNumber): \(error.message)"))
                continue
            }
            do {
                let result = try calculator.calculate(try Self.input(item))
                Console.out("{\"id\":\(try CalcBatch.jsonString(item.id)),\"result\":\(try PaycheckCommand.json(result, compact: true))}")
            } catch let error as ValidationError {
                Console.out(CalcBatch.error(id: item.id, "line \(lineNumber): \(error.message)"))
            } catch let error as CalculationError {
                Console.out(CalcBatch.error(id: item.id, "line \(lineNumber): \(error.description)"))
            }
        }
    }

    static func input(_ item: Case) throws -> PaycheckInput {
        func amount(_ value: CalcBatch.Amount?, _ field: String) throws -> Decimal {
            guard let value else { return 0 }
            guard let parsed = Money.parse(value.text) else { throw ValidationError("\(field) '\(value.text)' is not an amount") }
            return parsed
        }
        let w4 = FormW4(formYear: item.w4.form, filingStatus: item.w4.filingStatus, multipleJobs: item.w4.multipleJobs ?? false,
                        dependentsAmount: try amount(item.w4.dependentsAmount, "w4.dependentsAmount"),
                        otherIncome: try amount(item.w4.otherIncome, "w4.otherIncome"), deductions: try amount(item.w4.deductions, "w4.deductions"),
                        extraWithholding: try amount(item.w4.extraWithholding, "w4.extraWithholding"), allowances: item.w4.allowances ?? 0,
                        nonresidentAlien: item.w4.nonresidentAlien ?? false, exempt: item.w4.exempt ?? false)
        return PaycheckInput(frequency: item.frequency, wages: try amount(item.wagesPerPeriod, "wagesPerPeriod"),
                             preTax: try (item.preTax ?? []).map(PaycheckCommand.preTax), w4: w4,
                             yearToDateWages: try amount(item.yearToDateWages, "yearToDateWages"), supplemental: try amount(item.supplemental, "supplemental"),
                             yearToDateSupplemental: try amount(item.yearToDateSupplemental, "yearToDateSupplemental"),
                             roundToDollar: item.roundToDollar ?? false)
    }

    private func load(_ year: Int) -> Result<PaycheckCalculator, ValidationError> {
        do {
            return .success(PaycheckCalculator(data: try data.load(year)))
        } catch {
            return .failure(ValidationError("no data for \(year) in \(data.origin): \(error)"))
        }
    }
}
