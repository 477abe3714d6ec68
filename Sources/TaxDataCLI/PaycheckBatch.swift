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
        var state: String?
        var stateCertificate: Certificate?
        var supplementalMethod: SupplementalMethod?
        var locality: String?
        var localities: [String]?
        var workLocality: String?
        var payDate: String?
        var periodStart: String?
        var periodEnd: String?
    }

    struct Certificate: Decodable {
        var filingStatus: FilingStatus?
        var allowances: Int?
        var additionalAllowances: Int?
        var electedRate: CalcBatch.Amount?
        var exemptionAmount: CalcBatch.Amount?
        var creditAmount: CalcBatch.Amount?
        var rateTable: String?
        var extraWithholding: CalcBatch.Amount?
        var exempt: Bool?
        var withholdingCode: String?
        var reducedWithholding: CalcBatch.Amount?
        var onFile: Bool?
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
        try JSONLinesBatch<Case, PaycheckCalculator>(
            data: data, expected: "a paycheck object (year, frequency, wagesPerPeriod, w4)", year: \.year, id: \.id,
            calculator: PaycheckCalculator.init
        ) { item, calculator in
            try PaycheckCommand.json(try calculator.calculate(try Self.input(item)), compact: true)
        }.run(path: path)
    }

    static func input(_ item: Case) throws -> PaycheckInput {
        if item.locality != nil && item.localities != nil { throw ValidationError("give locality (one id) or localities (a list), not both") }
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
                             preTax: try (item.preTax ?? []).map(CalcCommand.preTaxDeduction), w4: w4,
                             yearToDateWages: try amount(item.yearToDateWages, "yearToDateWages"), supplemental: try amount(item.supplemental, "supplemental"),
                             yearToDateSupplemental: try amount(item.yearToDateSupplemental, "yearToDateSupplemental"),
                             roundToDollar: item.roundToDollar ?? false, state: CalcCommand.stateCode(item.state),
                             stateCertificate: StateCertificate(
                                filingStatus: item.stateCertificate?.filingStatus, allowances: item.stateCertificate?.allowances,
                                additionalAllowances: item.stateCertificate?.additionalAllowances,
                                electedRate: try item.stateCertificate?.electedRate.map { try amount($0, "stateCertificate.electedRate") },
                                exemptionAmount: try item.stateCertificate?.exemptionAmount.map { try amount($0, "stateCertificate.exemptionAmount") },
                                creditAmount: try item.stateCertificate?.creditAmount.map { try amount($0, "stateCertificate.creditAmount") },
                                rateTable: item.stateCertificate?.rateTable,
                                extraWithholding: try item.stateCertificate?.extraWithholding.map { try amount($0, "stateCertificate.extraWithholding") },
                                exempt: item.stateCertificate?.exempt, withholdingCode: item.stateCertificate?.withholdingCode,
                                reducedWithholding: try item.stateCertificate?.reducedWithholding.map { try amount($0, "stateCertificate.reducedWithholding") },
                                onFile: item.stateCertificate?.onFile),
                             localities: item.localities ?? item.locality.map { [$0] } ?? [], workLocality: item.workLocality,
                             supplementalMethod: item.supplementalMethod ?? .flat,
                             payDate: try PaycheckCommand.date(item.payDate, "payDate"), periodStart: try PaycheckCommand.date(item.periodStart, "periodStart"),
                             periodEnd: try PaycheckCommand.date(item.periodEnd, "periodEnd"))
    }
}
