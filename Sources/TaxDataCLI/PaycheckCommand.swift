import ArgumentParser
import Foundation
import TaxCalculator
import TaxDataClient
import TaxDataCore

extension PayFrequency: ExpressibleByArgument {}

/// `taxdata paycheck`: what one paycheck withholds (issue 37): federal income tax by Publication
/// 15-T's percentage method from the Form W-4, Social Security and Medicare with the year to date.
struct PaycheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paycheck",
        abstract: "Compute what one paycheck withholds: federal income tax (Publication 15-T, from the Form W-4), state income tax, Social Security and Medicare.",
        discussion: """
        The federal withholding follows Publication 15-T's percentage method for automated payroll \
        systems (Worksheet 1A), from the year's tables in the data; supplemental wages (--supplemental) \
        are withheld at the flat 22%, or by the aggregate method with --aggregate (37% above \
        $1,000,000 in the year either way). --state XX withholds the \
        state's income tax by its own method where the data has it (--state-allowances and the other \
        --state-* options are its certificate's fields), with the state's payroll contributions; \
        --locality ID (repeatable) and --work-locality ID add the local income taxes withheld. \
        --project adds the year: the refund or balance due. `taxdata calc` gives the year's tax; the \
        two differ by design.

        Without --year, the newest year of the sources; without --status, single (as Pub 15-T says \
        to withhold when an employee gives no Form W-4). A Form W-4 from 2019 or earlier is \
        --w4-form 2019 with --allowances N.

        Examples:
          taxdata paycheck --year 2026 --frequency weekly --wages 900 --status single
          taxdata paycheck --frequency biweekly --wages 3000 --multiple-jobs
          taxdata paycheck --frequency daily --wages 200 --w4-form 2019 --allowances 1
          taxdata paycheck --frequency daily --wages 90 --state OH --locality 3918000
          taxdata paycheck --frequency monthly --wages 6000 --state IL --project

        Many paychecks at once: taxdata paycheck --batch cases.jsonl, one JSON object per line: \
        {"id", "year", "frequency", "wagesPerPeriod", "w4": {"form", "filingStatus", "multipleJobs", \
        "dependentsAmount", "otherIncome", "deductions", "extraWithholding", "allowances", \
        "nonresidentAlien", "exempt"}, "preTax", "yearToDateWages", "supplemental", "supplementalMethod" (flat or aggregate), \
        "yearToDateSupplemental", "roundToDollar", "state", "stateCertificate": {"filingStatus", \
        "allowances", "additionalAllowances", "electedRate", "exemptionAmount", "creditAmount", "rateTable", \
        "extraWithholding", "exempt", "withholdingCode", "reducedWithholding", "onFile"}, \
        "localities" or "locality", "workLocality"}; each line of output is {"id", "result"} or \
        {"id", "error"}.
        """
    )

    @Option(help: "The tax year (default: the newest year of --sources).")
    var year: Int?

    @Option(help: "Pay frequency: \(PayFrequency.allCases.map(\.rawValue).joined(separator: ", ")).")
    var frequency: PayFrequency?

    @Option(help: "Gross regular wages of the pay period.")
    var wages: String?

    @Option(name: .customLong("status"), help: "Form W-4 filing status: single, married_filing_jointly, head_of_household (and married_filing_separately, qualifying_widower); on a 2019-or-earlier form, married_filing_separately is 'married, but withhold at the higher single rate'.")
    var filingStatus: FilingStatus = .single

    @Option(name: .customLong("w4-form"), help: "The year of the Form W-4 (2020 or later, or 2019 or earlier with --allowances).")
    var w4Form: Int = 2020

    @Flag(name: .customLong("multiple-jobs"), help: "Form W-4 Step 2(c): the box for two jobs.")
    var multipleJobs = false

    @Option(name: .customLong("dependents-amount"), help: "Form W-4 Step 3: the dependents amount, a year.")
    var dependentsAmount: String = "0"

    @Option(name: .customLong("other-income"), help: "Form W-4 Step 4(a), a year.")
    var otherIncome: String = "0"

    @Option(help: "Form W-4 Step 4(b), a year.")
    var deductions: String = "0"

    @Option(name: .customLong("extra-withholding"), help: "Form W-4 Step 4(c) (line 6 of a 2019-or-earlier form), each pay period.")
    var extraWithholding: String = "0"

    @Option(help: "Allowances (a Form W-4 from 2019 or earlier).")
    var allowances: Int = 0

    @Flag(name: .customLong("nonresident-alien"), help: "A nonresident alien employee (Pub 15-T adds its Table 1 or 2 amount).")
    var nonresidentAlien = false

    @Flag(help: "The Form W-4 claims exemption from withholding.")
    var exempt = false

    @Option(name: .customLong("pre-tax"), help: ArgumentHelp("A pre-tax deduction of this paycheck, KIND=AMOUNT (repeatable): 401k, 403b, 457b, hsa, hsa-self, section125.", valueName: "kind=amount"))
    var preTax: [String] = []

    @Option(name: .customLong("ytd-wages"), help: "Social Security and Medicare wages this employer paid earlier in the year.")
    var yearToDateWages: String = "0"

    @Option(help: "Supplemental wages in this paycheck (a bonus), withheld at the flat rate.")
    var supplemental: String = "0"

    @Option(name: .customLong("ytd-supplemental"), help: "Supplemental wages this employer paid earlier in the year.")
    var yearToDateSupplemental: String = "0"

    @Flag(name: .customLong("round-to-dollar"), help: "Round the federal withholding to the nearest dollar (Pub 15-T's option).")
    var roundToDollar = false

    @Option(help: "The state whose income tax is withheld (USPS code), by its own withholding method.")
    var state: String?

    @Option(name: .customLong("state-status"), help: "The state certificate's filing status, where it has one.")
    var stateStatus: FilingStatus?

    @Option(name: .customLong("state-allowances"), help: "The state certificate's allowances (exemptions), where it has them.")
    var stateAllowances: Int?

    @Option(name: .customLong("state-additional-allowances"), help: "The state certificate's second kind of allowances (Illinois line 2).")
    var stateAdditionalAllowances: Int?

    @Option(name: .customLong("state-elected-rate"), help: "The rate elected on the state certificate, where the employee elects one (Arizona: 0.005 … 0.035).")
    var stateElectedRate: String?

    @Option(name: .customLong("state-exemption-amount"), help: "The yearly exemption in dollars the state certificate claims (Mississippi's Form 89-350).")
    var stateExemptionAmount: String?

    @Option(name: .customLong("state-credit-amount"), help: "The yearly credit in dollars the state certificate claims (Iowa's IA W-4 line 7).")
    var stateCreditAmount: String?

    @Option(name: .customLong("state-rate-table"), help: "The rate table the state certificate elects (New Jersey's NJ-W4 line 3: A to E); without one, the filing status's.")
    var stateRateTable: String?

    @Option(name: .customLong("state-extra-withholding"), help: "The state certificate's extra amount each paycheck.")
    var stateExtraWithholding: String?

    @Flag(name: .customLong("state-exempt"), help: "The state certificate claims exemption.")
    var stateExempt = false

    @Option(name: .customLong("state-withholding-code"), help: "The code on the state certificate, where it has codes rather than a filing status (Connecticut's CT-W4: A, B, C, D or F).")
    var stateWithholdingCode: String?

    @Option(name: .customLong("state-reduced-withholding"), help: "A reduction of each paycheck's state withholding the certificate asks for (Connecticut's CT-W4 line 3), never below zero.")
    var stateReducedWithholding: String?

    @Flag(name: .customLong("state-no-certificate"), help: "The employee has given no state certificate: withheld by the state's rule for that (Oregon: 8 % of the wages; Maryland: one exemption).")
    var stateNoCertificate = false

    @Option(help: ArgumentHelp("Where the employee lives: a locality id of --state (`taxdata localities --state XX`), for its local income tax; repeat it for each.", valueName: "id"))
    var locality: [String] = []

    @Option(name: .customLong("work-locality"), help: ArgumentHelp("Where the employee works, when a work-place tax or a resident credit applies there.", valueName: "id"))
    var workLocality: String?

    @Option(name: .customLong("pay-date"), help: ArgumentHelp("The day the wages are paid (YYYY-MM-DD), in --year: a state whose withholding changes during the year needs it.", valueName: "date"))
    var payDate: String?

    @Option(name: .customLong("period-start"), help: ArgumentHelp("The pay period's first day (YYYY-MM-DD), where the state's change goes by it (Utah).", valueName: "date"))
    var periodStart: String?

    @Option(name: .customLong("period-end"), help: ArgumentHelp("The pay period's last day (YYYY-MM-DD), where the state's change goes by it (Ohio).", valueName: "date"))
    var periodEnd: String?

    @Flag(name: .customLong("aggregate"), help: "Withhold on --supplemental by the aggregate method (added to the period's wages) instead of the flat 22%.")
    var aggregate = false

    @Flag(name: .customLong("project"), help: "Add the year: this paycheck's withholding over the year's paychecks against the year's tax, the refund or balance due.")
    var project = false

    @Option(help: "With --project: the household's qualifying children under 17, for the year's tax (the W-4's Step 3 is only what the paycheck withholds).")
    var children = 0

    @OptionGroup var tree: SourceTreeOption

    @Option(help: "A built bundle directory (dist/2026) to use instead of the sources.")
    var bundle: String?

    @Option(help: "A JSON-lines file of paychecks ('-' for standard input).")
    var batch: String?

    @OptionGroup var output: ReportFormatOption

    func validate() throws {
        if children != 0 && !project { throw ValidationError("--children is for --project (the year's tax); the paycheck's credit is the W-4's --dependents-amount") }
        if !(0...PayInput.maxDependents).contains(children) { throw ValidationError("--children must be 0…\(PayInput.maxDependents)") }
        if batch != nil {
            guard year == nil, frequency == nil, wages == nil else {
                throw ValidationError("--batch takes its paychecks from the file: drop --year, --frequency and --wages")
            }
            return
        }
        _ = try input()
    }

    func input() throws -> PaycheckInput {
        guard let frequency, let wages else {
            throw ValidationError("--frequency and --wages are required (or --batch FILE)")
        }
        func amount(_ text: String, _ option: String) throws -> Decimal {
            guard let value = Money.parse(text) else { throw ValidationError("\(option) '\(text)' is not an amount like 3000 or 2500.50") }
            guard value >= 0 else { throw ValidationError("\(option) must not be negative") }
            return value
        }
        let w4 = FormW4(formYear: w4Form, filingStatus: filingStatus, multipleJobs: multipleJobs,
                        dependentsAmount: try amount(dependentsAmount, "--dependents-amount"), otherIncome: try amount(otherIncome, "--other-income"),
                        deductions: try amount(deductions, "--deductions"), extraWithholding: try amount(extraWithholding, "--extra-withholding"),
                        allowances: allowances, nonresidentAlien: nonresidentAlien, exempt: exempt)
        return PaycheckInput(frequency: frequency, wages: try amount(wages, "--wages"), preTax: try preTax.map(CalcCommand.preTaxDeduction), w4: w4,
                             yearToDateWages: try amount(yearToDateWages, "--ytd-wages"), supplemental: try amount(supplemental, "--supplemental"),
                             yearToDateSupplemental: try amount(yearToDateSupplemental, "--ytd-supplemental"), roundToDollar: roundToDollar,
                             state: CalcCommand.stateCode(state),
                             stateCertificate: StateCertificate(filingStatus: stateStatus, allowances: stateAllowances,
                                                                additionalAllowances: stateAdditionalAllowances,
                                                                electedRate: try stateElectedRate.map { try amount($0, "--state-elected-rate") },
                                                                exemptionAmount: try stateExemptionAmount.map { try amount($0, "--state-exemption-amount") },
                                                                creditAmount: try stateCreditAmount.map { try amount($0, "--state-credit-amount") },
                                                                rateTable: stateRateTable,
                                                                extraWithholding: try stateExtraWithholding.map { try amount($0, "--state-extra-withholding") },
                                                                exempt: stateExempt ? true : nil, withholdingCode: stateWithholdingCode,
                                                                reducedWithholding: try stateReducedWithholding.map { try amount($0, "--state-reduced-withholding") },
                                                                onFile: stateNoCertificate ? false : nil),
                             localities: locality, workLocality: workLocality, supplementalMethod: aggregate ? .aggregate : .flat,
                             payDate: try Self.date(payDate, "--pay-date"), periodStart: try Self.date(periodStart, "--period-start"),
                             periodEnd: try Self.date(periodEnd, "--period-end"))
    }

    /// A `YYYY-MM-DD` date, or a usage error naming the option or key.
    static func date(_ text: String?, _ name: String) throws -> ISODate? {
        guard let text else { return nil }
        guard let date = ISODate(text) else { throw ValidationError("\(name) '\(text)' is not a date like 2026-05-15 (YYYY-MM-DD)") }
        return date
    }

    func run() async throws {
        let source = CalcData(sources: tree.sources, bundle: bundle)
        if let note = source.note { Console.error(note) }
        if let batch {
            try PaycheckBatch(data: source).run(path: batch)
            return
        }
        guard let year = year ?? source.newestYear else { throw CommandFailure("no tax year in \(tree.sources)/: give --year") }
        let data = try source.load(year)
        let result: PaycheckResult, projection: YearProjection?
        do {
            let calculator = PaycheckCalculator(data: data)
            let paycheck = try input()
            result = try calculator.calculate(paycheck)
            let household = PayInput(grossAnnual: paycheck.wages * Decimal(paycheck.frequency.periods) + paycheck.supplemental,
                                     status: paycheck.w4.filingStatus, state: paycheck.state,
                                     preTax: paycheck.preTax.map { PreTaxDeduction($0.kind, $0.amount * Decimal(paycheck.frequency.periods)) },
                                     dependents: children, children: children)
            projection = project ? try calculator.projection(paycheck, household: household) : nil
        } catch let error as CalculationError {
            throw CommandFailure(error.description)
        }
        if output.format == .json {
            Console.out(try projection.map { String(decoding: try CanonicalJSON.encode(Projected(result: result, projection: $0)), as: UTF8.self)
                .trimmingCharacters(in: .newlines) } ?? Self.json(result))
        } else {
            Console.out(Self.text(result) + (projection.map { "\n\n" + Self.text($0, state: result.input.state) } ?? ""))
        }
    }

    /// The paycheck's keys and `projection`.
    struct Projected: Encodable {
        var result: PaycheckResult
        var projection: YearProjection
        enum Key: String, CodingKey { case projection }
        func encode(to encoder: Encoder) throws {
            try result.encode(to: encoder)
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(projection, forKey: .projection)
        }
    }

    static func text(_ p: YearProjection, state: String?) -> String {
        func line(_ label: String, _ withheld: Decimal, _ owed: Decimal, _ refund: Decimal) -> String {
            let outcome = refund >= 0 ? "refund \(CalcReport.dollars(refund))" : "balance due \(CalcReport.dollars(-refund))"
            return "  \(label): withheld \(CalcReport.dollars(withheld)), owed \(CalcReport.dollars(owed)), \(outcome)"
        }
        var lines = ["  over the year: \(p.paychecks) paychecks like this one, against the tax on \(CalcReport.dollars(p.household.grossAnnual)) (\(p.household.status.rawValue), \(p.household.children == 0 ? "no children" : p.household.children == 1 ? "1 child" : "\(p.household.children) children"))"]
        lines.append(line("federal", p.federalWithheld, p.federalOwed, p.federalRefund))
        if let state, let withheld = p.stateWithheld, let owed = p.stateOwed, let refund = p.stateRefund {
            lines.append(line(state, withheld, owed, refund))
        }
        lines += p.notes.map { "  note: \($0)" }
        return lines.joined(separator: "\n")
    }

    static func json(_ result: PaycheckResult, compact: Bool = false) throws -> String {
        if compact {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(result), as: UTF8.self)
        }
        return String(decoding: try CanonicalJSON.encode(result), as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    static func text(_ r: PaycheckResult) -> String {
        let w4 = r.input.w4
        let form = w4.isRedesigned ? "Form W-4 (\(w4.formYear))" : "Form W-4 (\(w4.formYear), \(w4.allowances) allowance\(w4.allowances == 1 ? "" : "s"))"
        var rows: [(String, Decimal)] = [("gross wages", r.input.wages)]
        if r.input.supplemental > 0 { rows.append(("supplemental wages", r.input.supplemental)) }
        rows += [("pre-tax deductions", r.preTaxDeductions), ("federal withholding", r.federalWithholding)]
        if let state = r.input.state, let amount = r.stateWithholding { rows.append(("\(state) withholding", amount)) }
        rows += [("social security", r.socialSecurity), ("medicare", r.medicare)]
        rows += r.localTaxes.map { ($0.name, $0.amount) }
        rows += r.payrollContributions.map { ($0.name.hasPrefix($0.jurisdiction + " ") ? $0.name : "\($0.jurisdiction) \($0.name)", $0.amount) }
        rows.append(("net pay", r.netPay))
        var lines = ["\(r.taxYear) (data \(r.dataVersion)), \(r.input.frequency.rawValue) paycheck, \(form), \(w4.filingStatus.rawValue)", ""]
        let width = rows.map(\.0.count).max()!
        for (label, amount) in rows {
            let text = CalcReport.dollars(amount)
            lines.append("  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + String(repeating: " ", count: Swift.max(1, 14 - text.count)) + text)
        }
        if !r.notes.isEmpty { lines.append("") }
        lines += r.notes.map { "  note: \($0)" }
        return lines.joined(separator: "\n")
    }
}
