import Foundation
import TaxDataCore

/// Makes a year's conformance vectors (`ConformanceVectors`) with the reference calculators, from
/// that year's data alone: the same data always gives the same cases and the same cents, so
/// `taxdata build` publishes them and `taxdata verify` recomputes and compares them.
///
/// The cases are a fixed grid, a few hundred: for the country and every state and DC, three
/// households' liability (single at 42,000; a couple at 96,000 with two children and a 401(k)
/// deferral; a head of household at 250,000 with a child and an HSA); and, in a year with
/// withholding data, paychecks across the pay frequencies, the three Form W-4 statuses, three
/// wage levels and the W-4's steps, then two paychecks in each state that has a method (its
/// certificate's fields given, then all of them), one in a state without a wage income tax and
/// one in a state whose method is not in the data.
public enum ConformanceVectorMaker {
    public static func make(_ data: TaxYearData) throws -> ConformanceVectors {
        ConformanceVectors(schemaVersion: data.meta.schemaVersion, taxYear: data.meta.taxYear, version: data.meta.version,
                           liability: try liability(data), paycheck: try paycheck(data))
    }

    /// What `verify` expects in a year's vectors form: nil when the calculator refuses the year's
    /// data, which the year's own checks then report.
    @Sendable public static func expected(_ data: TaxYearData) -> ConformanceVectors? { try? make(data) }

    static func liability(_ data: TaxYearData) throws -> [ConformanceVectors.LiabilityCase] {
        let calculator = TaxCalculator(data: data)
        let households: [(FilingStatus, Decimal, Int, [String])] = [
            (.single, 42_000, 0, []),
            (.marriedFilingJointly, 96_000, 2, ["401k=8000"]),
            (.headOfHousehold, 250_000, 1, ["hsa=4000"]),
        ]
        var cases: [ConformanceVectors.LiabilityCase] = []
        for state in [nil] + data.states.keys.sorted() {
            for (n, (status, gross, children, preTax)) in households.enumerated() {
                let input = ConformanceVectors.LiabilityInput(status: status, state: state, gross: gross,
                                                              children: children == 0 ? nil : children, preTax: preTax.isEmpty ? nil : preTax)
                let deductions = try preTax.map(Self.preTax)
                let result = try calculator.calculate(PayInput(grossAnnual: gross, status: status, state: state, preTax: deductions,
                                                               dependents: children, children: children))
                cases.append(.init(id: "L-\(state ?? "US")-\(n + 1)", input: input,
                                   expected: .init(federalIncomeTax: result.federalIncomeTax, socialSecurity: result.socialSecurity,
                                                   medicare: result.medicare, stateIncomeTax: result.stateIncomeTax,
                                                   statePayrollContributions: result.statePayrollContributions, netPay: result.netPay)))
            }
        }
        return cases
    }

    static func paycheck(_ data: TaxYearData) throws -> [ConformanceVectors.PaycheckCase] {
        guard data.federal.withholding != nil else { return [] }
        let calculator = PaycheckCalculator(data: data)
        var cases: [ConformanceVectors.PaycheckCase] = []
        func add(_ id: String, _ input: ConformanceVectors.PaycheckInput) throws {
            let certificate = input.stateCertificate
            let w4 = FormW4(formYear: input.w4.form, filingStatus: input.w4.filingStatus, multipleJobs: input.w4.multipleJobs ?? false,
                            dependentsAmount: input.w4.dependentsAmount ?? 0, otherIncome: input.w4.otherIncome ?? 0,
                            deductions: input.w4.deductions ?? 0, extraWithholding: input.w4.extraWithholding ?? 0,
                            allowances: input.w4.allowances ?? 0)
            let result = try calculator.calculate(PaycheckInput(
                frequency: input.frequency, wages: input.wagesPerPeriod, w4: w4, supplemental: input.supplemental ?? 0, state: input.state,
                stateCertificate: StateCertificate(filingStatus: certificate?.filingStatus, allowances: certificate?.allowances,
                                                   additionalAllowances: certificate?.additionalAllowances, electedRate: certificate?.electedRate,
                                                   exemptionAmount: certificate?.exemptionAmount, creditAmount: certificate?.creditAmount,
                                                   rateTable: certificate?.rateTable,
                                                   extraWithholding: certificate?.extraWithholding, exempt: certificate?.exempt,
                                                   withholdingCode: certificate?.withholdingCode, reducedWithholding: certificate?.reducedWithholding,
                                                   onFile: certificate?.onFile),
                localities: input.localities ?? [],
                supplementalMethod: input.supplementalMethod.flatMap(SupplementalMethod.init(rawValue:)) ?? .flat,
                payDate: input.payDate.flatMap(ISODate.init), periodStart: input.periodStart.flatMap(ISODate.init),
                periodEnd: input.periodEnd.flatMap(ISODate.init)))
            cases.append(.init(id: id, input: input,
                               expected: .init(federalWithholding: result.federalWithholding, stateWithholding: result.stateWithholding,
                                               socialSecurity: result.socialSecurity, medicare: result.medicare,
                                               statePayrollContributions: result.statePayrollContributions,
                                               localWithholding: result.localWithholding, netPay: result.netPay)))
        }
        func wages(_ annual: Decimal, _ frequency: PayFrequency) -> Decimal { Money.roundedToCent(annual / Decimal(frequency.periods)) }
        typealias W4 = ConformanceVectors.W4
        // The federal grid: four frequencies × three W-4 statuses × three wage levels.
        var n = 0
        for frequency in [PayFrequency.weekly, .biweekly, .semimonthly, .monthly] {
            for status in [FilingStatus.single, .marriedFilingJointly, .headOfHousehold] {
                for annual in [Decimal(30_000), 90_000, 400_000] {
                    n += 1
                    try add("P-US-\(n)", .init(frequency: frequency, wagesPerPeriod: wages(annual, frequency), w4: W4(form: 2020, filingStatus: status)))
                }
            }
        }
        // The W-4's steps, the other frequencies, a form from 2019.
        let steps: [(PayFrequency, Decimal, W4)] = [
            (.biweekly, 75_000, W4(form: 2020, filingStatus: .single, multipleJobs: true)),
            (.biweekly, 150_000, W4(form: 2020, filingStatus: .marriedFilingJointly, multipleJobs: true)),
            (.semimonthly, 110_000, W4(form: 2020, filingStatus: .headOfHousehold, multipleJobs: true)),
            (.biweekly, 78_000, W4(form: 2020, filingStatus: .marriedFilingJointly, dependentsAmount: 4_000, extraWithholding: 25)),
            (.monthly, 120_000, W4(form: 2020, filingStatus: .single, otherIncome: 12_000, deductions: 30_000)),
            (.daily, 52_000, W4(form: 2020, filingStatus: .single)),
            (.quarterly, 200_000, W4(form: 2020, filingStatus: .marriedFilingJointly)),
            (.semiannual, 64_000, W4(form: 2020, filingStatus: .headOfHousehold)),
            (.annual, 1_500_000, W4(form: 2020, filingStatus: .single)),
            (.monthly, 60_000, W4(form: 2019, filingStatus: .single, allowances: 2)),
            (.weekly, 45_000, W4(form: 2019, filingStatus: .marriedFilingJointly, allowances: 4)),
        ]
        for (frequency, annual, w4) in steps {
            n += 1
            try add("P-US-\(n)", .init(frequency: frequency, wagesPerPeriod: wages(annual, frequency), w4: w4))
        }
        // A bonus, by the flat rate and by the aggregate method.
        for method in SupplementalMethod.allCases {
            n += 1
            try add("P-US-\(n)", .init(frequency: .biweekly, wagesPerPeriod: 3_000, w4: W4(form: 2020, filingStatus: .single),
                                       supplemental: 10_000, supplementalMethod: method == .flat ? nil : method.rawValue))
        }
        // Every state with a method: its certificate left out, then every field it has.
        for code in data.states.keys.sorted() {
            guard let method = data.states[code]?.withholding else { continue }
            // A method that changes during the year: the paycheck's dates choose (without them, none is computed).
            let dated = method.midYear.map { changes in
                changes.map(\.appliesBy).reduce(into: [String: String]()) { dates, name in dates[name] = "\(data.meta.taxYear)-01-15" }
            }
            func on(_ dates: [String: String]?) -> (String?, String?, String?) { (dates?["payDate"], dates?["periodStart"], dates?["periodEnd"]) }
            let (pay, start, end) = on(dated)
            // A certificate chosen by codes cannot be left out (the first code, then).
            let first = method.withholdingCodes.map { ConformanceVectors.Certificate(withholdingCode: $0.keys.sorted().first) }
            try add("P-\(code)-1", .init(frequency: .biweekly, wagesPerPeriod: 2_500, w4: W4(form: 2020, filingStatus: .single), state: code,
                                        stateCertificate: first, payDate: pay, periodStart: start, periodEnd: end))
            var certificate = ConformanceVectors.Certificate()
            let fields = Set(method.certificate)
            if fields.contains("filingStatus") { certificate.filingStatus = .marriedFilingJointly }
            if fields.contains("allowances") { certificate.allowances = Swift.min(2, method.maxAllowances ?? 2) }
            if fields.contains("additionalAllowances") { certificate.additionalAllowances = 1 }
            if fields.contains("electedRate") { certificate.electedRate = method.electedRates?.last }
            if fields.contains("exemptionAmount") { certificate.exemptionAmount = 6_000 }
            if fields.contains("creditAmount") { certificate.creditAmount = 80 }
            // An elected table other than the status's: the last name.
            if fields.contains("rateTable") { certificate.rateTable = method.rateTables?.keys.sorted().last }
            if fields.contains("extraWithholding") { certificate.extraWithholding = 10 }
            if fields.contains("withholdingCode") { certificate.withholdingCode = method.withholdingCodes?.keys.sorted().last }
            if fields.contains("reducedWithholding") { certificate.reducedWithholding = 5 }
            try add("P-\(code)-2", .init(frequency: .monthly, wagesPerPeriod: 9_000, w4: W4(form: 2020, filingStatus: .marriedFilingJointly),
                                        state: code, stateCertificate: certificate, payDate: pay, periodStart: start, periodEnd: end))
            // Each later method, on the day it starts (every date of the paycheck that day), and a paycheck without dates.
            for (i, change) in (method.midYear ?? []).enumerated() {
                try add("P-\(code)-M\(i + 1)", .init(frequency: .monthly, wagesPerPeriod: 9_000, w4: W4(form: 2020, filingStatus: .marriedFilingJointly),
                                                   state: code, stateCertificate: certificate, payDate: change.from, periodStart: change.from,
                                                   periodEnd: change.from))
            }
            if method.midYear != nil {
                try add("P-\(code)-M0", .init(frequency: .monthly, wagesPerPeriod: 9_000, w4: W4(form: 2020, filingStatus: .marriedFilingJointly),
                                             state: code, stateCertificate: certificate))
            }
            // No certificate on file, where a method of the year has a rule for it.
            if ([method] + (method.midYear ?? []).map(\.method)).contains(where: { $0.noCertificate != nil }) {
                try add("P-\(code)-N", .init(frequency: .biweekly, wagesPerPeriod: 2_500, w4: W4(form: 2020, filingStatus: .marriedFilingJointly), state: code,
                                            stateCertificate: ConformanceVectors.Certificate(onFile: false), payDate: pay, periodStart: start, periodEnd: end))
            }
            // A per-period method's tables differ by frequency: its weekly and daily ones too, with one allowance.
            if method.perPeriod != nil {
                var one = certificate
                one.allowances = fields.contains("allowances") ? 1 : nil
                one.extraWithholding = nil
                try add("P-\(code)-3", .init(frequency: .weekly, wagesPerPeriod: 1_234.56, w4: W4(form: 2020, filingStatus: .marriedFilingJointly),
                                            state: code, stateCertificate: one, payDate: pay, periodStart: start, periodEnd: end))
                try add("P-\(code)-4", .init(frequency: .daily, wagesPerPeriod: 287.65, w4: W4(form: 2020, filingStatus: .single), state: code,
                                            payDate: pay, periodStart: start, periodEnd: end))
            }
        }
        // Each state with localities: its first locality of each kind (a county, a city, a school district, at most three).
        for code in data.states.keys.sorted() {
            guard let localities = data.states[code]?.localities, !localities.isEmpty else { continue }
            var ids: [String] = [], kinds: Set<String> = []
            for locality in localities where locality.kind != "nonresident" && kinds.insert(locality.kind).inserted && ids.count < PayInput.maxLocalities {
                ids.append(locality.id)
            }
            try add("P-\(code)-L", .init(frequency: .biweekly, wagesPerPeriod: 3_000, w4: W4(form: 2020, filingStatus: .single), state: code,
                                         localities: ids))
        }
        // A state without a wage income tax withholds 0; one whose method is not in the data, nothing.
        if let none = data.states.keys.sorted().first(where: { data.states[$0]?.type == .noTax }) {
            try add("P-\(none)-1", .init(frequency: .biweekly, wagesPerPeriod: 2_500, w4: W4(form: 2020, filingStatus: .single), state: none))
        }
        if let missing = data.states.keys.sorted().first(where: { data.states[$0]?.type != .noTax && data.states[$0]?.withholding == nil }) {
            try add("P-\(missing)-1", .init(frequency: .biweekly, wagesPerPeriod: 2_500, w4: W4(form: 2020, filingStatus: .single), state: missing))
        }
        return cases
    }

    static func preTax(_ entry: String) throws -> PreTaxDeduction {
        let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let kind = PreTaxKind(rawValue: parts[0]), let amount = Money.parse(parts[1]) else {
            throw CalculationError(.inconsistentInput, "preTax '\(entry)' is not KIND=AMOUNT")
        }
        return PreTaxDeduction(kind, amount)
    }
}
